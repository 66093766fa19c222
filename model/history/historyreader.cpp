// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyreader.h"

#include <QMap>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace {
qint64 floorMinute(qint64 ms)
{
    return ms >= 0 ? ms / 60000 : (ms - 59999) / 60000;
}

struct Reading
{
    QSqlDatabase &db;
    qint64 queueId; // -1: every queue
    qint64 from;    // minutes
    qint64 to;
    QString error;
};

QList<int> levels(QSqlDatabase &db)
{
    QList<int> found;
    QSqlQuery query(db);
    if (query.exec(QStringLiteral("SELECT DISTINCT resolution FROM coverage ORDER BY resolution"))) {
        while (query.next())
            found << query.value(0).toInt();
    }
    return found;
}

// The bucket a row of `level` goes to when read at `resolution`.
int bucketSize(int level, int resolution)
{
    return level <= resolution ? resolution : level;
}

// Runs one of the bucketed reads below: `sql` takes :size, :level, :from, :to (and :queue with
// `byQueue`). False, with r.error, when it fails.
bool execBuckets(Reading &r, QSqlQuery &query, const QString &sql, int level, int size, bool byQueue)
{
    query.prepare(sql);
    query.bindValue(QStringLiteral(":size"), size);
    query.bindValue(QStringLiteral(":level"), level);
    query.bindValue(QStringLiteral(":from"), r.from);
    query.bindValue(QStringLiteral(":to"), r.to);
    if (byQueue)
        query.bindValue(QStringLiteral(":queue"), r.queueId);
    if (!query.exec()) {
        r.error = query.lastError().text();
        return false;
    }
    return true;
}

bool readCoverage(Reading &r, int level, int size, QMap<qint64, HistoryPoint> *points)
{
    QSqlQuery query(r.db);
    if (!execBuckets(r, query,
                     QStringLiteral(
                         "SELECT (minute / :size) * :size AS bucket, sum(counts_minutes), sum(events_minutes)"
                         " FROM coverage WHERE resolution = :level AND minute >= :from AND minute < :to"
                         " GROUP BY bucket"),
                     level, size, false))
        return false;
    while (query.next()) {
        HistoryPoint &point = (*points)[query.value(0).toLongLong()];
        point.startMs = query.value(0).toLongLong() * 60000;
        point.resolutionMinutes = size;
        point.minutesListened += query.value(2).toInt();
        point.hasEvents = point.minutesListened > 0;
        // Every queue the server had was sampled: for the server's total, a sample without a
        // queue in it is a real zero (no queue at all).
        if (r.queueId == -1 && query.value(1).toInt() > 0)
            point.hasCounts = true;
    }
    return true;
}

bool readCounts(Reading &r, int level, int size, QMap<qint64, HistoryPoint> *points)
{
    // Each queue's mean over its samples in the bucket, then summed over the queues: the level
    // a stacked backlog chart shows, whichever queues were sampled how often.
    QSqlQuery query(r.db);
    if (!execBuckets(r, query,
                     QStringLiteral(
                         "SELECT bucket, sum(w), sum(sc), sum(ru), sum(st), sum(de), sum(re), max(n) FROM ("
                         " SELECT (minute / :size) * :size AS bucket, queue, sum(samples) AS n,"
                         " sum(waiting) * 1.0 / sum(samples) AS w, sum(scheduled) * 1.0 / sum(samples) AS sc,"
                         " sum(running) * 1.0 / sum(samples) AS ru, sum(stalled) * 1.0 / sum(samples) AS st,"
                         " sum(depends) * 1.0 / sum(samples) AS de, sum(recurring) * 1.0 / sum(samples) AS re"
                         " FROM counts WHERE resolution = :level AND minute >= :from AND minute < :to"
                         " AND (:queue < 0 OR queue = :queue) GROUP BY bucket, queue) GROUP BY bucket"),
                     level, size, true))
        return false;
    while (query.next()) {
        const qint64 bucket = query.value(0).toLongLong();
        if (!points->contains(bucket))
            continue; // counts without coverage cannot be written; kept out all the same
        HistoryPoint &point = (*points)[bucket];
        point.hasCounts = true;
        point.waiting += query.value(1).toDouble();
        point.scheduled += query.value(2).toDouble();
        point.running += query.value(3).toDouble();
        point.stalled += query.value(4).toDouble();
        point.depends += query.value(5).toDouble();
        point.recurring += query.value(6).toDouble();
        point.samples += query.value(7).toInt();
    }
    return true;
}

bool readEvents(Reading &r, int level, int size, QMap<qint64, HistoryPoint> *points)
{
    QSqlQuery query(r.db);
    if (!execBuckets(
            r, query,
            QStringLiteral(
                "SELECT (minute / :size) * :size AS bucket, sum(put), sum(completed), sum(failed), sum(timed_out)"
                " FROM events WHERE resolution = :level AND minute >= :from AND minute < :to"
                " AND (:queue < 0 OR queue = :queue) GROUP BY bucket"),
            level, size, true))
        return false;
    while (query.next()) {
        const qint64 bucket = query.value(0).toLongLong();
        if (!points->contains(bucket))
            continue;
        HistoryPoint &point = (*points)[bucket];
        point.put += query.value(1).toLongLong();
        point.completed += query.value(2).toLongLong();
        point.failed += query.value(3).toLongLong();
        point.timedOut += query.value(4).toLongLong();
    }
    return true;
}

bool readMarks(Reading &r, QList<HistoryMark> *marks)
{
    QSqlQuery query(r.db);
    // A version 1 file (read only, its writer an older qlessdesk) has no ref column.
    bool withRef = true;
    for (const QString &columns : {QStringLiteral("time_ms, kind, text, ref"), QStringLiteral("time_ms, kind, text")}) {
        query.prepare(
            QStringLiteral("SELECT %1 FROM marks WHERE time_ms >= ? AND time_ms < ? ORDER BY time_ms").arg(columns));
        query.addBindValue(r.from * 60000);
        query.addBindValue(r.to * 60000);
        if (query.exec())
            break;
        if (!withRef) {
            r.error = query.lastError().text();
            return false;
        }
        withRef = false;
    }
    while (query.next()) {
        HistoryMark mark;
        mark.timeMs = query.value(0).toLongLong();
        if (!HistoryMark::kindFromName(query.value(1).toString(), &mark.kind))
            continue; // a kind from a newer qlessdesk
        mark.text = query.value(2).toString();
        if (withRef)
            mark.ref = query.value(3).toString();
        marks->append(mark);
    }
    return true;
}
} // namespace

namespace HistoryReader {

HistoryRead read(QSqlDatabase &db, const HistoryRange &range, int coarseMinutes)
{
    HistoryRead result;
    Reading r{db, -1, floorMinute(range.fromMs), floorMinute(range.toMs + 59999), {}};
    if (!range.queue.isEmpty()) {
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT id FROM queues WHERE name = ?"));
        query.addBindValue(range.queue);
        if (!query.exec()) {
            result.error = query.lastError().text();
            return result;
        }
        // A queue never recorded: no counts, but the coverage still says where events were
        // listened to (and none came for it).
        r.queueId = query.next() ? query.value(0).toLongLong() : qint64(-2);
    }
    const QList<int> kept = levels(db);
    int resolution = range.resolutionMinutes;
    if (resolution <= 0) {
        // Minutes unless part of the range is kept in coarse buckets only: then those buckets.
        resolution = 1;
        QSqlQuery query(db);
        query.prepare(QStringLiteral("SELECT 1 FROM coverage WHERE resolution > 1 AND minute >= ? AND minute < ?"
                                     " LIMIT 1"));
        query.addBindValue(r.from - std::max(1, coarseMinutes));
        query.addBindValue(r.to);
        if (query.exec() && query.next())
            resolution = std::max(1, coarseMinutes);
    }
    QMap<qint64, HistoryPoint> points;
    for (int level : kept) {
        const int size = bucketSize(level, resolution);
        if (!readCoverage(r, level, size, &points) || !readCounts(r, level, size, &points)
            || !readEvents(r, level, size, &points)) {
            result.error = r.error;
            return result;
        }
    }
    for (auto it = points.cbegin(); it != points.cend(); ++it) {
        if (it->hasEvents || it->hasCounts)
            result.points << *it;
    }
    if (!readMarks(r, &result.marks))
        result.error = r.error;
    return result;
}

bool queueNames(QSqlDatabase &db, QStringList *names, QString *error)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("SELECT name FROM queues ORDER BY name"))) {
        *error = query.lastError().text();
        return false;
    }
    names->clear();
    while (query.next())
        *names << query.value(0).toString();
    return true;
}

} // namespace HistoryReader
