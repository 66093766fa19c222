// SPDX-License-Identifier: GPL-3.0-or-later
#include "statsseries.h"

#include "histogrambins.h"

const DurationFigures &StatsSeries::figures(const DayStats &stats, Kind kind)
{
    return kind == Kind::Wait ? stats.wait : stats.run;
}

QString StatsSeries::kindName(Kind kind)
{
    return kind == Kind::Wait ? tr("wait") : tr("run");
}

QString StatsSeries::kindTitle(Kind kind)
{
    return kind == Kind::Wait ? tr("Wait time") : tr("Run time");
}

QString StatsSeries::seriesName(Kind kind, const QDate &day, const QString &queueLabel)
{
    return tr("%1 · %2 · %3").arg(kindName(kind), day.toString(Qt::ISODate), queueLabel);
}

HistogramSeries StatsSeries::histogram(const DayStats &stats, Kind kind, const QString &name)
{
    const DurationFigures &f = figures(stats, kind);
    HistogramSeries series(name);
    // Bins missing from a short or odd reply stay 0 rather than shifting the others.
    for (int bin = 0; bin < qMin(int(f.histogram.size()), int(HistogramBins::Count)); ++bin)
        series.counts[bin] = f.histogram.at(bin);
    series.count = f.count;
    series.mean = f.mean;
    series.std = f.std;
    return series;
}

DailyTrendSeries::Day StatsSeries::trendDay(const DayStats &stats, Kind kind, const QDate &day)
{
    const DurationFigures &f = figures(stats, kind);
    DailyTrendSeries::Day d;
    d.date = day;
    d.count = f.count;
    d.mean = f.mean;
    return d;
}
