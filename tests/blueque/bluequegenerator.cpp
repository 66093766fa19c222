// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"

#include "syncredis.h"

#include <QUuid>

#include <charconv>

namespace {
QByteArray key(const QByteArray &kind, const QByteArray &queue)
{
    return "blueque_" + kind + "_" + queue;
}
QByteArray taskKey(const QByteArray &id)
{
    return "blueque_task_" + id;
}
QByteArray reservedKey(const QByteArray &queue, const QByteArray &listener)
{
    return "blueque_reserved_tasks_" + queue + "_" + listener;
}
} // namespace

BluequeGenerator::BluequeGenerator(SyncRedis &redis)
    : m_redis(redis)
{}

QByteArray BluequeGenerator::timeText(double seconds)
{
    // Shortest round-trip text, which is Python's repr for the plain-notation range times live in.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, seconds);
    QByteArray text(buffer, int(result.ptr - buffer));
    if (!text.contains('.') && !text.contains('e'))
        text += ".0";
    return text;
}

QByteArray BluequeGenerator::newTaskId()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

QByteArray BluequeGenerator::writeTask(const QByteArray &queue, const QByteArray &status, const QByteArray &parameters,
                                       double now, const QByteArray &eta, QByteArray id)
{
    if (id.isEmpty())
        id = newTaskId();
    const QByteArray time = timeText(now);
    QList<QByteArray> hset{"HSET",       taskKey(id), "status",  status, "queue",   queue,
                           "parameters", parameters,  "created", time,   "updated", time};
    if (!eta.isEmpty())
        hset += {"eta", eta};
    m_redis.command(hset);
    m_redis.command({"ZINCRBY", "blueque_queues", "0", queue});
    return id;
}

QByteArray BluequeGenerator::enqueue(const QByteArray &queue, const QByteArray &parameters, double now, QByteArray id)
{
    m_redis.command({"MULTI"});
    id = writeTask(queue, "pending", parameters, now, {}, id);
    m_redis.command({"LPUSH", key("pending_tasks", queue), id});
    m_redis.command({"EXEC"});
    return id;
}

QByteArray BluequeGenerator::schedule(const QByteArray &queue, const QByteArray &parameters, double eta, double now,
                                      QByteArray id)
{
    if (eta < now)
        return enqueue(queue, parameters, now, id);
    const QByteArray etaText = timeText(eta);
    m_redis.command({"MULTI"});
    id = writeTask(queue, "scheduled", parameters, now, etaText, id);
    m_redis.command({"ZADD", key("scheduled_tasks", queue), etaText, id});
    m_redis.command({"EXEC"});
    return id;
}

int BluequeGenerator::enqueueDue(const QByteArray &queue, double now)
{
    const QByteArray scheduled = key("scheduled_tasks", queue);
    const QByteArray time = timeText(now);
    m_redis.command({"WATCH", scheduled});
    const QList<QByteArray> due = m_redis.command({"ZRANGEBYSCORE", scheduled, "0", time}).strings();
    if (due.isEmpty()) {
        m_redis.command({"UNWATCH"});
        return 0;
    }
    m_redis.command({"MULTI"});
    m_redis.command({"ZREMRANGEBYSCORE", scheduled, "0", time});
    for (const QByteArray &id : due) {
        m_redis.command({"LPUSH", key("pending_tasks", queue), id});
        m_redis.command({"HSET", taskKey(id), "status", "pending", "updated", time});
    }
    m_redis.command({"EXEC"});
    return int(due.size());
}

void BluequeGenerator::addListener(const QByteArray &queue, const QByteArray &listener)
{
    m_redis.command({"MULTI"});
    m_redis.command({"SADD", key("listeners", queue), listener});
    m_redis.command({"ZINCRBY", "blueque_queues", "1", queue});
    m_redis.command({"EXEC"});
}

bool BluequeGenerator::removeListener(const QByteArray &queue, const QByteArray &listener)
{
    if (m_redis.command({"SREM", key("listeners", queue), listener}).integer == 0)
        return false;
    m_redis.command({"ZINCRBY", "blueque_queues", "-1", queue});
    return true;
}

QByteArray BluequeGenerator::dequeueHalf(const QByteArray &queue, const QByteArray &listener)
{
    return m_redis.command({"RPOPLPUSH", key("pending_tasks", queue), reservedKey(queue, listener)}).bytes;
}

QByteArray BluequeGenerator::dequeue(const QByteArray &queue, const QByteArray &listener, double now)
{
    const QByteArray id = dequeueHalf(queue, listener);
    if (!id.isEmpty())
        m_redis.command({"HSET", taskKey(id), "status", "reserved", "node", listener, "updated", timeText(now)});
    return id;
}

QByteArray BluequeGenerator::startedEntry(const QByteArray &listener, qint64 pid, const QByteArray &id)
{
    return listener + ' ' + QByteArray::number(pid) + ' ' + id;
}

void BluequeGenerator::start(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                             double now)
{
    m_redis.command({"MULTI"});
    m_redis.command({"SADD", key("started_tasks", queue), startedEntry(listener, pid, id)});
    m_redis.command(
        {"HSET", taskKey(id), "status", "started", "pid", QByteArray::number(pid), "updated", timeText(now)});
    m_redis.command({"EXEC"});
}

void BluequeGenerator::finish(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                              const QByteArray &status, const QByteArray &field, const QByteArray &value, double now)
{
    m_redis.command({"MULTI"});
    m_redis.command({"LREM", reservedKey(queue, listener), "1", id});
    m_redis.command({"SREM", key("started_tasks", queue), startedEntry(listener, pid, id)});
    m_redis.command({"HSET", taskKey(id), "status", status, field, value, "updated", timeText(now)});
    m_redis.command({"LPUSH", key(status + "_tasks", queue), id});
    m_redis.command({"EXEC"});
}

void BluequeGenerator::complete(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                                const QByteArray &result, double now)
{
    finish(queue, id, listener, pid, "complete", "result", result, now);
}

void BluequeGenerator::fail(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                            const QByteArray &error, double now)
{
    finish(queue, id, listener, pid, "failed", "error", error, now);
}

QByteArray BluequeGenerator::reclaim(const QByteArray &queue, const QByteArray &dead, const QByteArray &by)
{
    if (!removeListener(queue, dead))
        return {};
    const QByteArray id = m_redis.command({"LINDEX", reservedKey(queue, dead), "0"}).bytes;
    if (!id.isEmpty())
        m_redis.command({"HSET", taskKey(id), "reclaimed_node", by});
    return id;
}

void BluequeGenerator::deleteTask(const QByteArray &queue, const QByteArray &id, const QByteArray &status)
{
    m_redis.command({"MULTI"});
    m_redis.command({"DEL", taskKey(id)});
    m_redis.command({"LREM", key(status + "_tasks", queue), "1", id});
    m_redis.command({"EXEC"});
}

void BluequeGenerator::addStartedEntry(const QByteArray &queue, const QByteArray &listener, qint64 pid,
                                       const QByteArray &id)
{
    m_redis.command({"SADD", key("started_tasks", queue), startedEntry(listener, pid, id)});
}

void BluequeGenerator::addLegacyStartedList(const QByteArray &queue, const QByteArray &entry)
{
    m_redis.command({"LPUSH", key("started_tasks", queue), entry});
}

void BluequeGenerator::addLegacyTaskList(const QByteArray &queue, const QByteArray &id)
{
    m_redis.command({"LPUSH", key("tasks", queue), id});
}
