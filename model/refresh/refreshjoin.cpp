// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshjoin.h"

#include <QtGlobal>

#include <utility>

struct RefreshJoin::State
{
    int parts = 0;
    int handedOut = 0;
    int waiting = 0;
    bool ok = true;
    Done done;
};

RefreshJoin::RefreshJoin(int parts, Done done)
    : m_state(std::make_shared<State>())
{
    m_state->parts = qMax(0, parts);
    m_state->waiting = m_state->parts;
    m_state->done = std::move(done);
    if (m_state->waiting == 0 && m_state->done)
        std::exchange(m_state->done, nullptr)(true);
}

RefreshJoin::Part RefreshJoin::part()
{
    // One part too many would never be waited for: its read could still be out after `done`.
    Q_ASSERT_X(m_state->handedOut < m_state->parts, "RefreshJoin::part", "more parts than the join was made with");
    ++m_state->handedOut;
    auto reported = std::make_shared<bool>(false);
    return [state = m_state, reported](bool ok) {
        if (*reported || state->waiting == 0)
            return;
        *reported = true;
        state->ok = state->ok && ok;
        // `done` leaves the join as it runs: called once, and what it holds (the page's own
        // callback) let go right after rather than kept alive by parts still held somewhere.
        if (--state->waiting == 0 && state->done)
            std::exchange(state->done, nullptr)(state->ok);
    };
}

int RefreshJoin::waiting() const
{
    return m_state->waiting;
}
