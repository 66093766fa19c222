// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

#include <QList>

// What the recorder hands the store in one go (written in one transaction).
struct HistoryBatch
{
    QList<HistoryCountsSample> counts;
    QList<HistoryEventCounts> events;
    QList<HistoryMinuteCoverage> coverage;
    QList<HistoryMark> marks;
    QList<HistoryFailureGrowth> failureGrowth;

    bool isEmpty() const
    {
        return counts.isEmpty() && events.isEmpty() && coverage.isEmpty() && marks.isEmpty() && failureGrowth.isEmpty();
    }
};
