// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

// Where the History chart's time axis puts its ticks: at round times an operator reads at a
// glance (every 5 minutes, every hour, every midnight...), in the zone the axis is read in, never
// at the odd minutes an even split of the range would give. The step is the smallest of the round
// steps that leaves at most `maxTicks` ticks in the range.
class HistoryTimeTicks final
{
public:
    HistoryTimeTicks() = delete;

    struct Tick
    {
        qint64 ms = 0;
        QString label;
    };

    // The round steps, in minutes, smallest first (a day and above: whole local days).
    static QList<int> stepsMinutes();
    // The step for [fromMs, toMs] with at most maxTicks ticks.
    static int stepMinutes(qint64 fromMs, qint64 toMs, int maxTicks);
    // The ticks in [fromMs, toMs], labelled "HH:mm" (the date too where the day changes, or the
    // step is a day or more: "MMM d").
    static QList<Tick> ticks(qint64 fromMs, qint64 toMs, int maxTicks, Qt::TimeSpec zone = Qt::LocalTime);
};
