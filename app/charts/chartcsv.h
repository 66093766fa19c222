// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dailytrendseries.h"
#include "histogramseries.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// The numbers behind a chart as CSV, written by CsvText, the console's one CSV writer: RFC 4180
// quoting, and a series name that looks like a formula defused (series carry queue and job class
// names, which anyone who can put a job chooses). Numbers are written exactly: counts as
// integers, means and deviations in the shortest form that reads back to the same double. No
// Widgets here: the headless export uses it without drawing anything.
class ChartCsv final
{
    Q_DECLARE_TR_FUNCTIONS(ChartCsv)

public:
    // "bin" and one column per series; a row per bin (its label and counts), then the rows
    // "count", "mean" and "std" with each series' summary.
    static QByteArray histograms(const QList<HistogramSeries> &series);
    // "date", "count", "mean" (seconds); a row per day, oldest first.
    static QByteArray dailyTrend(const DailyTrendSeries &series);
};
