// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

class SyncRedis;

// Where and how a SideJob version keeps one job's record: what differs between the seed's layout
// (4.0.2: one hash `job:{id}` of JSON values, port values as plain JSON, logs appended to
// `jobs:logs`) and the released one (4.1.0: one key per field under `job:{id}:`, port values
// wrapped with their context, logs published). SideJobGenerator's control flow, which both
// versions share, writes through it.
class SideJobStorage final
{
public:
    enum class Layout { V4_0, V4_1 };
    // A job's worker record, as the library reads it before queueing it on Sidekiq.
    struct Worker
    {
        QByteArray queue;
        QByteArray klass;
        QByteArray argsJson; // "null" when the job was queued without args
    };

    SideJobStorage(SyncRedis &redis, Layout layout);

    Layout layout() const { return m_layout; }
    static QByteArray jobKey(qint64 id, const QByteArray &suffix = {});
    static QByteArray jsonString(const QByteArray &text);

    // SideJob.queue's record of a new job, status "completed" until it is run.
    void createJob(qint64 id, const Worker &worker, const QByteArray &by, const QByteArray &isoNow);
    Worker worker(qint64 id);
    QByteArray status(qint64 id);
    void setStatus(qint64 id, const QByteArray &status);
    qint64 parentField(qint64 id);
    void adopt(qint64 parent, qint64 child, const QByteArray &name);
    void disown(qint64 parent, qint64 child, const QByteArray &name);
    void setRanAt(qint64 id, const QByteArray &isoNow);
    void setState(qint64 id, const QByteArray &field, const QByteArray &valueJson);

    // A port value or default as stored (4.1 wraps it, with the writer's context and, inside a port
    // group, its options), and the value's JSON text back.
    QByteArray portValue(const QByteArray &dataJson, const QByteArray &contextJson = {}, bool grouped = false) const;
    QByteArray portData(const QByteArray &stored) const;

    // SideJob.log of one entry (its JSON members after the context): `jobId` 0 outside a worker,
    // `channel` the one a publish delivered on.
    void log(qint64 jobId, const QByteArray &isoNow, const QByteArray &members, const QByteArray &channel = {});
    // Job#delete's MULTI for one job (ports already resolved to keys).
    void deleteRecord(qint64 id, const QList<QByteArray> &portKeys, const QList<qint64> &children,
                      const QList<QByteArray> &aliases);

private:
    SyncRedis &m_redis;
    Layout m_layout;
};
