// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventrate.h"

EventRate::EventRate(int seconds)
    : m_counts(size_t(qMax(2, seconds)), 0)
    , m_stamps(size_t(qMax(2, seconds)), -1)
{}

void EventRate::add(qint64 atMs, int count)
{
    const qint64 second = atMs / 1000;
    const size_t slot = size_t(second % qint64(m_counts.size()));
    if (m_stamps[slot] != second) {
        m_stamps[slot] = second;
        m_counts[slot] = 0;
    }
    m_counts[slot] += count;
}

int EventRate::at(qint64 second) const
{
    if (second < 0)
        return 0;
    const size_t slot = size_t(second % qint64(m_counts.size()));
    return m_stamps[slot] == second ? m_counts[slot] : 0;
}

QList<int> EventRate::series(qint64 nowMs) const
{
    const qint64 now = nowMs / 1000;
    const int n = seconds();
    QList<int> out;
    out.reserve(n);
    for (qint64 second = now - n + 1; second <= now; ++second)
        out.append(at(second));
    return out;
}

int EventRate::lastSecond(qint64 nowMs) const
{
    return at(nowMs / 1000 - 1);
}
