// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

#include <QByteArray>
#include <QList>
#include <QString>

// A history read as CSV, one row per queue and bucket, through CsvText (quoting and the formula
// guard: queue names are chosen by whoever puts a job). A minute that was not recorded has no
// row; a recorded minute whose counts were not sampled, or whose events were not listened to,
// leaves those cells empty: unknown is never written as 0. Reads compared on one chart (two
// queues, two periods) each name their series: a first column "series" then says which a row is of.
class HistoryCsv final
{
public:
    HistoryCsv() = delete;

    struct QueueRead
    {
        QString queue;
        QList<HistoryPoint> points;
        QString series = {}; // empty: not compared ("= {}": two-field reads draw no warning)
    };

    // `withSeries`: the "series" column first.
    static QByteArray header(bool withSeries = false);
    static QByteArray rows(const QueueRead &read, bool withSeries = false);
    static QByteArray document(const QList<QueueRead> &reads);
};
