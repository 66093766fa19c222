// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QtGlobal>

#include <vector>

// How many events arrived in each of the last `seconds` whole seconds, for the Events page's
// sparkline: a fixed ring of counters, so its memory does not grow with the rate or the time.
class EventRate final
{
public:
    explicit EventRate(int seconds = 60);

    int seconds() const { return int(m_counts.size()); }
    void add(qint64 atMs, int count = 1);
    // Oldest first, the second holding `nowMs` last; seconds with no event are 0.
    QList<int> series(qint64 nowMs) const;
    // Events in the last whole second before the one holding `nowMs`.
    int lastSecond(qint64 nowMs) const;

private:
    int at(qint64 second) const;

    std::vector<int> m_counts;
    std::vector<qint64> m_stamps; // the second each counter holds; a stale one reads as 0
};
