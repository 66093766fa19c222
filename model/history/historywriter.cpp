// SPDX-License-Identifier: GPL-3.0-or-later
#include "historywriter.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace {
qint64 minuteOf(qint64 ms)
{
    return ms >= 0 ? ms / 60000 : (ms - 59999) / 60000;
}

bool failed(const QSqlQuery &query, QString *error)
{
    *error = query.lastError().text();
    return false;
}
} // namespace

bool HistoryWriter::write(const HistoryBatch &batch, QString *error)
{
    if (batch.isEmpty())
        return true;
    if (!m_db.transaction()) {
        *error = m_db.lastError().text();
        return false;
    }
    const QHash<QString, qint64> idsBefore = m_queueIds;
    if (writeCounts(batch.counts, error) && writeEvents(batch.events, error) && writeCoverage(batch.coverage, error)
        && writeMarks(batch.marks, error) && writeFailureGrowth(batch.failureGrowth, error)) {
        if (m_db.commit())
            return true;
        *error = m_db.lastError().text();
    }
    m_db.rollback();
    // Ids handed out in the rolled-back transaction do not exist.
    m_queueIds = idsBefore;
    return false;
}

qint64 HistoryWriter::queueId(const QString &name, QString *error)
{
    const auto known = m_queueIds.constFind(name);
    if (known != m_queueIds.constEnd())
        return *known;
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("INSERT INTO queues(name) VALUES (?) ON CONFLICT(name) DO NOTHING"));
    query.addBindValue(name);
    if (!query.exec())
        return failed(query, error) ? 0 : -1;
    query.prepare(QStringLiteral("SELECT id FROM queues WHERE name = ?"));
    query.addBindValue(name);
    if (!query.exec() || !query.next())
        return failed(query, error) ? 0 : -1;
    const qint64 id = query.value(0).toLongLong();
    m_queueIds.insert(name, id);
    return id;
}

bool HistoryWriter::writeCounts(const QList<HistoryCountsSample> &counts, QString *error)
{
    if (counts.isEmpty())
        return true;
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral(
        "INSERT INTO counts(resolution, queue, minute, samples, waiting, scheduled, running, stalled, depends,"
        " recurring) VALUES (1, ?, ?, 1, ?, ?, ?, ?, ?, ?) ON CONFLICT(resolution, queue, minute) DO UPDATE SET"
        " samples = 1, waiting = excluded.waiting, scheduled = excluded.scheduled, running = excluded.running,"
        " stalled = excluded.stalled, depends = excluded.depends, recurring = excluded.recurring"));
    for (const HistoryCountsSample &sample : counts) {
        const qint64 id = queueId(sample.queue, error);
        if (id < 0)
            return false;
        for (const qint64 value : {id, minuteOf(sample.minuteMs), sample.waiting, sample.scheduled, sample.running,
                                   sample.stalled, sample.depends, sample.recurring})
            query.addBindValue(value);
        if (!query.exec())
            return failed(query, error);
    }
    return true;
}

bool HistoryWriter::writeEvents(const QList<HistoryEventCounts> &events, QString *error)
{
    if (events.isEmpty())
        return true;
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("INSERT INTO events(resolution, queue, minute, put, completed, failed, timed_out)"
                                 " VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT(resolution, queue, minute) DO UPDATE SET"
                                 " put = put + excluded.put, completed = completed + excluded.completed,"
                                 " failed = failed + excluded.failed, timed_out = timed_out + excluded.timed_out"));
    for (const HistoryEventCounts &counts : events) {
        const qint64 id = queueId(counts.queue, error);
        if (id < 0)
            return false;
        for (const qint64 value :
             {id, minuteOf(counts.minuteMs), counts.put, counts.completed, counts.failed, counts.timedOut})
            query.addBindValue(value);
        if (!query.exec())
            return failed(query, error);
    }
    return true;
}

bool HistoryWriter::writeCoverage(const QList<HistoryMinuteCoverage> &coverage, QString *error)
{
    if (coverage.isEmpty())
        return true;
    QSqlQuery query(m_db);
    query.prepare(
        QStringLiteral("INSERT INTO coverage(resolution, minute, counts_minutes, events_minutes) VALUES (1, ?, ?, ?)"
                       " ON CONFLICT(resolution, minute) DO UPDATE SET"
                       " counts_minutes = max(counts_minutes, excluded.counts_minutes),"
                       " events_minutes = max(events_minutes, excluded.events_minutes)"));
    for (const HistoryMinuteCoverage &minute : coverage) {
        query.addBindValue(minuteOf(minute.minuteMs));
        query.addBindValue(minute.countsSampled ? 1 : 0);
        query.addBindValue(minute.eventsWhole ? 1 : 0);
        if (!query.exec())
            return failed(query, error);
    }
    return true;
}

bool HistoryWriter::writeMarks(const QList<HistoryMark> &marks, QString *error)
{
    if (marks.isEmpty())
        return true;
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("INSERT INTO marks(time_ms, kind, text, ref) VALUES (?, ?, ?, ?)"));
    for (const HistoryMark &mark : marks) {
        query.addBindValue(mark.timeMs);
        query.addBindValue(HistoryMark::kindName(mark.kind));
        query.addBindValue(mark.text);
        query.addBindValue(mark.ref.isNull() ? QStringLiteral("") : mark.ref); // a null one binds NULL
        if (!query.exec())
            return failed(query, error);
    }
    return true;
}

bool HistoryWriter::writeFailureGrowth(const QList<HistoryFailureGrowth> &growth, QString *error)
{
    if (growth.isEmpty())
        return true;
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("INSERT INTO failure_growth(minute, grp, grew) VALUES (?, ?, ?)"
                                 " ON CONFLICT(minute, grp) DO UPDATE SET grew = grew + excluded.grew"));
    for (const HistoryFailureGrowth &row : growth) {
        query.addBindValue(minuteOf(row.minuteMs));
        query.addBindValue(row.group);
        query.addBindValue(row.grew);
        if (!query.exec())
            return failed(query, error);
    }
    return true;
}
