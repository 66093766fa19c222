// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QStringList>

// Wait or run durations of one queue's day: count, mean, standard deviation and the 148-bin
// histogram (s0..s59, m1..m59, h1..h23, d1..d6).
struct DurationFigures
{
    qint64 count = 0;
    double mean = 0;
    double std = 0;
    QList<qint64> histogram; // always 148 bins once decoded
};

struct DayStats
{
    qint64 retries = 0;
    qint64 failed = 0;
    qint64 failures = 0;
    DurationFigures wait;
    DurationFigures run;
};

// One call of desk.statssum: the figures of `queues` on the day holding `date` (seconds since the
// epoch, UTC), added up as one.
struct DayStatsRequest
{
    double date = 0;
    QStringList queues;
};

// Its reply: the first `summed` of the queues asked (at least one) added up; the call stopped
// there, the rest is to be asked again.
struct DayStatsPart
{
    qsizetype summed = 0;
    DayStats stats;
};
