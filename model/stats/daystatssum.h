// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"

#include <QList>

// Several queues' figures of one day as one, for "All queues": counts and bins add, means combine
// weighted by their counts, and deviations combine by pooled variance (within each queue plus
// between the queues' means), so the result is what qless would have kept had every job gone
// through a single queue.
class DayStatsSum final
{
public:
    static DurationFigures combine(const QList<DurationFigures> &parts);
    static DayStats combine(const QList<DayStats> &parts);
    // Nothing happened that day: no wait, no run, no failure, no retry.
    static bool isEmpty(const DayStats &stats);
};
