// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>

// Several reads that one refresh sends out together, and the one `done(ok)` the page owes the
// window's RefreshTimer once the last of them has answered (Page::refresh). Made with how many
// parts there are; each read gets its own part() to call with whether it went well. `done`
// runs exactly once, after every part has reported, with ok = every part was ok; a part that
// reports twice counts once, so a retried callback cannot end the refresh early.
//
// Copies share one join: a part may outlive the page's refresh() call (it usually does).
class RefreshJoin final
{
public:
    using Done = std::function<void(bool ok)>;
    using Part = std::function<void(bool ok)>;

    // With no parts, `done(true)` runs at once: there is nothing to wait for.
    RefreshJoin(int parts, Done done);

    // The callback of one more read. Ask for at most as many as the join was made with.
    Part part();

    // How many parts have yet to report.
    int waiting() const;

private:
    struct State;
    std::shared_ptr<State> m_state;
};
