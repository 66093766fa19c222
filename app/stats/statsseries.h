// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dailytrendseries.h"
#include "daystats.h"
#include "histogramseries.h"

#include <QCoreApplication>
#include <QDate>

// From the typed API's per-day figures to what a StatsChart draws, for the Stats page and the
// headless export alike, so both name and fill their series the same way.
class StatsSeries final
{
    Q_DECLARE_TR_FUNCTIONS(StatsSeries)

public:
    enum class Kind { Wait, Run };

    static const DurationFigures &figures(const DayStats &stats, Kind kind);
    // "wait" or "run", as series names and CSV headers say it.
    static QString kindName(Kind kind);
    // "Wait time" or "Run time", for titles.
    static QString kindTitle(Kind kind);
    // "wait · 2026-11-20 · crawl".
    static QString seriesName(Kind kind, const QDate &day, const QString &queueLabel);

    static HistogramSeries histogram(const DayStats &stats, Kind kind, const QString &name);
    static DailyTrendSeries::Day trendDay(const DayStats &stats, Kind kind, const QDate &day);
};
