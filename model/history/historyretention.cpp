// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyretention.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <functional>

namespace {
bool run(QSqlQuery &query, const QString &statement, const QVariantList &values, QString *error)
{
    query.prepare(statement);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (query.exec())
        return true;
    *error = query.lastError().text();
    return false;
}

qint64 pragma(QSqlDatabase &db, const char *name)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA %1").arg(QLatin1String(name))) || !query.next())
        return 0;
    return query.value(0).toLongLong();
}

bool downsample(QSqlDatabase &db, qint64 cutoffMinute, int coarse, HistoryRetention::Outcome *outcome)
{
    QSqlQuery query(db);
    if (!run(query, QStringLiteral("SELECT count(*) FROM coverage WHERE resolution = 1 AND minute < ?"), {cutoffMinute},
             &outcome->error))
        return false;
    query.next();
    outcome->minutesDownsampled = query.value(0).toLongLong();
    if (outcome->minutesDownsampled == 0)
        return true;
    // "WHERE true"-style clauses are not needed: each SELECT ends in GROUP BY, so SQLite reads
    // the ON CONFLICT as the upsert's.
    const QVariantList values{coarse, coarse, coarse, cutoffMinute};
    return run(query,
               QStringLiteral(
                   "INSERT INTO counts(resolution, queue, minute, samples, waiting, scheduled, running,"
                   " stalled, depends, recurring) SELECT ?, queue, (minute / ?) * ? AS bucket, sum(samples),"
                   " sum(waiting), sum(scheduled), sum(running), sum(stalled), sum(depends), sum(recurring)"
                   " FROM counts WHERE resolution = 1 AND minute < ? GROUP BY queue, bucket"
                   " ON CONFLICT(resolution, queue, minute) DO UPDATE SET samples = samples + excluded.samples,"
                   " waiting = waiting + excluded.waiting, scheduled = scheduled + excluded.scheduled,"
                   " running = running + excluded.running, stalled = stalled + excluded.stalled,"
                   " depends = depends + excluded.depends, recurring = recurring + excluded.recurring"),
               values, &outcome->error)
           && run(query,
                  QStringLiteral(
                      "INSERT INTO events(resolution, queue, minute, put, completed, failed, timed_out)"
                      " SELECT ?, queue, (minute / ?) * ? AS bucket, sum(put), sum(completed), sum(failed),"
                      " sum(timed_out) FROM events WHERE resolution = 1 AND minute < ? GROUP BY queue, bucket"
                      " ON CONFLICT(resolution, queue, minute) DO UPDATE SET put = put + excluded.put,"
                      " completed = completed + excluded.completed, failed = failed + excluded.failed,"
                      " timed_out = timed_out + excluded.timed_out"),
                  values, &outcome->error)
           && run(query,
                  QStringLiteral("INSERT INTO coverage(resolution, minute, counts_minutes, events_minutes)"
                                 " SELECT ?, (minute / ?) * ? AS bucket, sum(counts_minutes), sum(events_minutes)"
                                 " FROM coverage WHERE resolution = 1 AND minute < ? GROUP BY bucket"
                                 " ON CONFLICT(resolution, minute) DO UPDATE SET"
                                 " counts_minutes = counts_minutes + excluded.counts_minutes,"
                                 " events_minutes = events_minutes + excluded.events_minutes"),
                  values, &outcome->error)
           && run(query, QStringLiteral("DELETE FROM counts WHERE resolution = 1 AND minute < ?"), {cutoffMinute},
                  &outcome->error)
           && run(query, QStringLiteral("DELETE FROM events WHERE resolution = 1 AND minute < ?"), {cutoffMinute},
                  &outcome->error)
           && run(query, QStringLiteral("DELETE FROM coverage WHERE resolution = 1 AND minute < ?"), {cutoffMinute},
                  &outcome->error);
}

bool dropBefore(QSqlDatabase &db, qint64 minute, QString *error)
{
    QSqlQuery query(db);
    return run(query, QStringLiteral("DELETE FROM counts WHERE minute < ?"), {minute}, error)
           && run(query, QStringLiteral("DELETE FROM events WHERE minute < ?"), {minute}, error)
           && run(query, QStringLiteral("DELETE FROM coverage WHERE minute < ?"), {minute}, error)
           && run(query, QStringLiteral("DELETE FROM marks WHERE time_ms < ?"), {minute * 60000}, error)
           && run(query, QStringLiteral("DELETE FROM failure_growth WHERE minute < ?"), {minute}, error);
}

bool inTransaction(QSqlDatabase &db, QString *error, const std::function<bool()> &work)
{
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    if (!work()) {
        db.rollback();
        return false;
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    return true;
}

// Gives the free pages back to the file system. Through QSQLITE a PRAGMA incremental_vacuum
// frees one page per run (the driver steps a statement without columns once), so it is run once
// per free page, in one transaction.
void giveBackFreePages(QSqlDatabase &db)
{
    const qint64 free = pragma(db, "freelist_count");
    if (free <= 0 || !db.transaction())
        return;
    for (qint64 i = 0; i < free; ++i) {
        QSqlQuery query(db);
        if (!query.exec(QStringLiteral("PRAGMA incremental_vacuum(1)")))
            break;
    }
    db.commit();
}

// Drops the oldest tenth of what is kept until the pages in use fit the limit.
bool trimToSize(QSqlDatabase &db, qint64 limit, HistoryRetention::Outcome *outcome)
{
    for (int step = 0; step < 64 && HistoryRetention::bytesInUse(db) > limit; ++step) {
        QSqlQuery query(db);
        if (!query.exec(QStringLiteral("SELECT min(minute), max(minute + resolution) FROM coverage")) || !query.next()
            || query.value(0).isNull())
            break; // nothing recorded left to drop: the rest is the schema
        const qint64 oldest = query.value(0).toLongLong();
        const qint64 end = query.value(1).toLongLong();
        const qint64 cut = oldest + std::max<qint64>(1, (end - oldest) / 10);
        outcome->trimmedForSize = true;
        if (!inTransaction(db, &outcome->error, [&] { return dropBefore(db, cut, &outcome->error); }))
            return false;
    }
    return true;
}
} // namespace

namespace HistoryRetention {

qint64 bytesInUse(QSqlDatabase &db)
{
    return (pragma(db, "page_count") - pragma(db, "freelist_count")) * pragma(db, "page_size");
}

Outcome run(QSqlDatabase &db, qint64 nowMs, const HistoryPolicy &policy)
{
    Outcome outcome;
    const qint64 nowMinute = nowMs / 60000;
    const int coarse = std::max(1, policy.coarseMinutes);
    // Whole coarse buckets only: a bucket is folded once, never from part of its minutes.
    const qint64 cutoff = ((nowMinute - qint64(policy.minuteDays) * 1440) / coarse) * coarse;
    const qint64 oldestKept = nowMinute - qint64(policy.coarseDays) * 1440;
    const bool passed = inTransaction(db, &outcome.error, [&] {
        return (coarse == 1 || downsample(db, cutoff, coarse, &outcome)) && dropBefore(db, oldestKept, &outcome.error);
    });
    if (passed)
        trimToSize(db, policy.sizeLimitBytes, &outcome);
    giveBackFreePages(db);
    // The WAL holds what was written since the last checkpoint: fold it in so the file's size
    // on disk follows the pages in use.
    QSqlQuery checkpoint(db);
    checkpoint.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    outcome.bytesInUse = bytesInUse(db);
    return outcome;
}

} // namespace HistoryRetention
