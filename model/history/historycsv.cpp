// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycsv.h"

#include "csvtext.h"

#include <QStringList>

#include <algorithm>

QByteArray HistoryCsv::header(bool withSeries)
{
    QStringList names;
    if (withSeries)
        names << QStringLiteral("series");
    return CsvText::line(names
                         + QStringList{QStringLiteral("queue"), QStringLiteral("minute_utc"), QStringLiteral("minutes"),
                                       QStringLiteral("waiting"), QStringLiteral("scheduled"),
                                       QStringLiteral("running"), QStringLiteral("stalled"), QStringLiteral("put"),
                                       QStringLiteral("completed"), QStringLiteral("failed"),
                                       QStringLiteral("timed_out")})
        .toUtf8();
}

QByteArray HistoryCsv::rows(const QueueRead &read, bool withSeries)
{
    QString text;
    for (const HistoryPoint &p : read.points) {
        QStringList fields;
        if (withSeries)
            fields << read.series;
        fields << QStringList{read.queue, CsvText::utc(double(p.startMs) / 1000.0),
                              QString::number(p.resolutionMinutes)};
        for (double value : {p.waiting, p.scheduled, p.running, p.stalled})
            fields << (p.hasCounts ? CsvText::number(value) : QString());
        for (qint64 value : {p.put, p.completed, p.failed, p.timedOut})
            fields << (p.hasEvents ? QString::number(value) : QString());
        text += CsvText::line(fields);
    }
    return text.toUtf8();
}

QByteArray HistoryCsv::document(const QList<QueueRead> &reads)
{
    const bool withSeries =
        std::any_of(reads.cbegin(), reads.cend(), [](const QueueRead &r) { return !r.series.isEmpty(); });
    QByteArray csv = header(withSeries);
    for (const QueueRead &read : reads)
        csv += rows(read, withSeries);
    return csv;
}
