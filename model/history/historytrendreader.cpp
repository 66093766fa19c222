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
    // Two seeks on the counts' key (resolution, queue, minute) per queue, not a scan of every
    // minute row: at a thousand queues and days of minutes the scan would hold the store's thread.
    HistoryWaitingRead result;
    QSqlQuery queues(db);
    if (!queues.exec(QStringLiteral("SELECT id, name FROM queues ORDER BY name"))) {
        result.error = queues.lastError().text();
        return result;
    }
    QSqlQuery first(db);
    QSqlQuery last(db);
    const QString edge = QStringLiteral("SELECT minute, waiting, samples FROM counts WHERE resolution = 1 AND queue = ?"
                                        " AND minute >= ? AND minute < ? ORDER BY minute %1 LIMIT 1");
    if (!first.prepare(edge.arg(QStringLiteral("ASC"))) || !last.prepare(edge.arg(QStringLiteral("DESC")))) {
        result.error = first.lastError().text() + last.lastError().text();
        return result;
    }
    while (queues.next()) {
        for (QSqlQuery *query : {&first, &last}) {
            query->addBindValue(queues.value(0));
            query->addBindValue(minuteOf(fromMs));
            query->addBindValue(minuteOf(toMs));
            if (!query->exec()) {
                result.error = query->lastError().text();
                return result;
            }
        }
        if (!first.next() || !last.next())
            continue; // not sampled in the range
        HistoryWaitingChange change;
        change.queue = queues.value(1).toString();
        change.firstMinuteMs = first.value(0).toLongLong() * 60000;
        change.firstWaiting = mean(first.value(1), first.value(2));
        change.lastMinuteMs = last.value(0).toLongLong() * 60000;
        change.lastWaiting = mean(last.value(1), last.value(2));
        result.queues << change;
    }
    return result;
}

HistoryThroughputRead throughput(QSqlDatabase &db, const QString &queue, qint64 fromMs, qint64 toMs)
{
    HistoryThroughputRead result;
    const qint64 from = minuteOf(fromMs);
    const qint64 to = minuteOf(toMs);
    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT minute FROM coverage WHERE resolution = 1 AND minute >= ? AND minute < ?"
                                 " AND events_minutes > 0"));
    query.addBindValue(from);
    query.addBindValue(to);
    if (!query.exec()) {
        result.error = query.lastError().text();
        return result;
    }
    while (query.next())
        ++result.minutesListened;
    // One range of the events' key (resolution, queue, minute) per queue, as in waitingChanges.
    QSqlQuery queues(db);
    queues.prepare(queue.isEmpty() ? QStringLiteral("SELECT id FROM queues")
                                   : QStringLiteral("SELECT id FROM queues WHERE name = ?"));
    if (!queue.isEmpty())
        queues.addBindValue(queue);
    if (!queues.exec()) {
        result.error = queues.lastError().text();
        return result;
    }
    query.prepare(QStringLiteral("SELECT coalesce(sum(completed), 0) FROM events WHERE resolution = 1 AND queue = ?"
                                 " AND minute >= ? AND minute < ?"));
    while (queues.next()) {
        query.addBindValue(queues.value(0));
        query.addBindValue(from);
        query.addBindValue(to);
        if (!query.exec() || !query.next()) {
            result.error = query.lastError().text();
            return result;
        }
        result.completed += query.value(0).toLongLong();
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
