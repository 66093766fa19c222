// SPDX-License-Identifier: GPL-3.0-or-later
#include "historytrendreader.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cmath>

namespace {
qint64 minuteOf(qint64 ms)
{
    return ms >= 0 ? ms / 60000 : (ms - 59999) / 60000;
}

// A minute row holds the sum of its samples (one, unless the minute was read twice).
qint64 mean(const QVariant &sum, const QVariant &samples)
{
    const qint64 n = std::max<qint64>(1, samples.toLongLong());
    return qint64(std::llround(double(sum.toLongLong()) / double(n)));
}
} // namespace

namespace HistoryTrendReader {

HistoryWaitingRead waitingChanges(QSqlDatabase &db, qint64 fromMs, qint64 toMs)
{
    HistoryWaitingRead result;
    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT q.name, f.minute, f.waiting, f.samples, l.minute, l.waiting, l.samples"
                                 " FROM (SELECT queue, min(minute) AS lo, max(minute) AS hi FROM counts"
                                 "       WHERE resolution = 1 AND minute >= ? AND minute < ? GROUP BY queue) AS b"
                                 " JOIN counts AS f ON f.resolution = 1 AND f.queue = b.queue AND f.minute = b.lo"
                                 " JOIN counts AS l ON l.resolution = 1 AND l.queue = b.queue AND l.minute = b.hi"
                                 " JOIN queues AS q ON q.id = b.queue ORDER BY q.name"));
    query.addBindValue(minuteOf(fromMs));
    query.addBindValue(minuteOf(toMs));
    if (!query.exec()) {
        result.error = query.lastError().text();
        return result;
    }
    while (query.next()) {
        HistoryWaitingChange change;
        change.queue = query.value(0).toString();
        change.firstMinuteMs = query.value(1).toLongLong() * 60000;
        change.firstWaiting = mean(query.value(2), query.value(3));
        change.lastMinuteMs = query.value(4).toLongLong() * 60000;
        change.lastWaiting = mean(query.value(5), query.value(6));
        result.queues << change;
    }
    return result;
}

HistoryGrowthRead failureGrowth(QSqlDatabase &db, qint64 fromMs, qint64 toMs)
{
    HistoryGrowthRead result;
    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT minute, grp, grew FROM failure_growth WHERE minute >= ? AND minute < ?"
                                 " ORDER BY minute, grp"));
    query.addBindValue(minuteOf(fromMs));
    query.addBindValue(minuteOf(toMs));
    if (!query.exec()) {
        result.error = query.lastError().text();
        return result;
    }
    while (query.next())
        result.rows << HistoryFailureGrowth{query.value(0).toLongLong() * 60000, query.value(1).toString(),
                                            query.value(2).toLongLong()};
    return result;
}

} // namespace HistoryTrendReader
