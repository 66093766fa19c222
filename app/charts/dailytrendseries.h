// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDate>
#include <QString>
#include <QVector>
#include <QtGlobal>

// What the strip of the last N days shows for one queue: per day, how many jobs waited (or ran)
// and their mean time in seconds. A plain value, free of Widgets and Charts, filled by the Stats
// page from the typed API's per-day stats; it may move to model/ later.
struct DailyTrendSeries
{
    struct Day
    {
        QDate date;
        qint64 count = 0;
        // Seconds, as qless keeps it.
        double mean = 0.0;

        friend bool operator==(const Day &a, const Day &b)
        {
            return a.date == b.date && a.count == b.count && a.mean == b.mean;
        }
    };

    DailyTrendSeries() = default;
    explicit DailyTrendSeries(const QString &name);

    // Shown in the legend and the CSV, e.g. "wait · crawl".
    QString name;
    // Oldest first, one entry per day; a day without jobs has count 0 rather than no entry, so
    // that the strip shows the gap.
    QVector<Day> days;

    bool isEmpty() const;

    friend bool operator==(const DailyTrendSeries &a, const DailyTrendSeries &b)
    {
        return a.name == b.name && a.days == b.days;
    }
    friend bool operator!=(const DailyTrendSeries &a, const DailyTrendSeries &b) { return !(a == b); }
};
