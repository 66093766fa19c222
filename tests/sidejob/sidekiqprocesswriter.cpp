// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqprocesswriter.h"

#include "sidejobgenerator.h"
#include "sidejobstorage.h"
#include "syncredis.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

SidekiqProcessWriter::SidekiqProcessWriter(SyncRedis &redis, const QByteArray &hostname, qint64 pid,
                                           const QByteArray &nonce, const QList<QByteArray> &queues, int concurrency,
                                           double startedAt)
    : m_redis(redis)
    , m_hostname(hostname)
    , m_pid(pid)
    , m_nonce(nonce)
    , m_queues(queues)
    , m_concurrency(concurrency)
    , m_startedAt(startedAt)
{}

QByteArray SidekiqProcessWriter::identity() const
{
    return m_hostname + ':' + QByteArray::number(m_pid) + ':' + m_nonce;
}

void SidekiqProcessWriter::beat(double now, const QList<Busy> &busy, qint64 processed, qint64 failed)
{
    const QByteArray id = identity();
    const QByteArray day =
        QDateTime::fromSecsSinceEpoch(qint64(now), Qt::UTC).toString(QStringLiteral("yyyy-MM-dd")).toLatin1();
    QList<QByteArray> queues;
    for (const QByteArray &queue : m_queues)
        queues << SideJobStorage::jsonString(queue);
    const QByteArray info = "{\"hostname\":" + SideJobStorage::jsonString(m_hostname) + ",\"started_at\":"
                            + SideJobGenerator::floatText(m_startedAt) + ",\"pid\":" + QByteArray::number(m_pid)
                            + ",\"tag\":\"\",\"concurrency\":" + QByteArray::number(m_concurrency) + ",\"queues\":["
                            + queues.join(',') + "],\"labels\":[],\"identity\":" + SideJobStorage::jsonString(id) + '}';
    // The statistics flush and the busy threads, then the heartbeat: two MULTIs, as 6.4.1 sends them.
    m_redis.command({"MULTI"});
    const QList<std::pair<QByteArray, qint64>> stats{{"processed", processed}, {"failed", failed}};
    for (const auto &[name, count] : stats) {
        m_redis.command({"INCRBY", "stat:" + name, QByteArray::number(count)});
        m_redis.command({"INCRBY", "stat:" + name + ':' + day, QByteArray::number(count)});
        m_redis.command({"EXPIRE", "stat:" + name + ':' + day, "157680000"});
    }
    m_redis.command({"UNLINK", id + ":workers"});
    for (const Busy &thread : busy)
        m_redis.command({"HSET", id + ":workers", thread.thread,
                         "{\"queue\":"
                             + SideJobStorage::jsonString(QJsonDocument::fromJson(thread.itemJson)
                                                              .object()
                                                              .value(QStringLiteral("queue"))
                                                              .toString()
                                                              .toUtf8())
                             + ",\"payload\":" + SideJobStorage::jsonString(thread.itemJson)
                             + ",\"run_at\":" + QByteArray::number(thread.runAt) + '}'});
    m_redis.command({"EXPIRE", id + ":workers", "60"});
    m_redis.command({"EXEC"});
    m_redis.command({"MULTI"});
    m_redis.command({"SADD", "processes", id});
    m_redis.command({"EXISTS", id});
    m_redis.command({"HMSET", id, "info", info, "busy", QByteArray::number(busy.size()), "beat",
                     SideJobGenerator::floatText(now), "rtt_us", "60", "quiet", "false", "rss", "30000"});
    m_redis.command({"EXPIRE", id, "60"});
    m_redis.command({"RPOP", id + "-signals"});
    m_redis.command({"EXEC"});
}

void SidekiqProcessWriter::stop()
{
    m_redis.command({"SREM", "processes", identity()});
    m_redis.command({"UNLINK", identity() + ":workers"});
}
