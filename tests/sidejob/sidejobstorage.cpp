// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobstorage.h"

#include "syncredis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {
QByteArray jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}
QByteArray decodedString(const QByteArray &json)
{
    return QJsonDocument::fromJson("[" + json + "]").array().at(0).toString().toUtf8();
}
} // namespace

SideJobStorage::SideJobStorage(SyncRedis &redis, Layout layout)
    : m_redis(redis)
    , m_layout(layout)
{}

QByteArray SideJobStorage::jobKey(qint64 id, const QByteArray &suffix)
{
    return "job:" + QByteArray::number(id) + (suffix.isEmpty() ? QByteArray() : ':' + suffix);
}

QByteArray SideJobStorage::jsonString(const QByteArray &text)
{
    return jsonText(QString::fromUtf8(text));
}

void SideJobStorage::createJob(qint64 id, const Worker &worker, const QByteArray &by, const QByteArray &isoNow)
{
    if (m_layout == Layout::V4_0) {
        // Job#set of every field at once; a nil creator is JSON null.
        m_redis.command({"HMSET", jobKey(id), "queue", jsonString(worker.queue), "class", jsonString(worker.klass),
                         "args", worker.argsJson, "status", "\"completed\"", "created_by",
                         by.isEmpty() ? QByteArray("null") : jsonString(by), "created_at", jsonString(isoNow)});
        return;
    }
    m_redis.command({"MULTI"});
    m_redis.command({"SET", jobKey(id, "worker"),
                     "{\"queue\":" + jsonString(worker.queue) + ",\"class\":" + jsonString(worker.klass)
                         + ",\"args\":" + worker.argsJson + '}'});
    m_redis.command({"SET", jobKey(id, "status"), "completed"});
    m_redis.command({"SET", jobKey(id, "created_at"), isoNow});
    // redis-rb stores a nil creator as an empty string.
    m_redis.command({"SET", jobKey(id, "created_by"), by});
    m_redis.command({"EXEC"});
}

SideJobStorage::Worker SideJobStorage::worker(qint64 id)
{
    if (m_layout == Layout::V4_0) {
        const QList<QByteArray> fields = m_redis.command({"HMGET", jobKey(id), "queue", "class", "args"}).strings();
        return {decodedString(fields.value(0)), decodedString(fields.value(1)), fields.value(2)};
    }
    const QJsonObject record = QJsonDocument::fromJson(m_redis.command({"GET", jobKey(id, "worker")}).bytes).object();
    return {record.value(QStringLiteral("queue")).toString().toUtf8(),
            record.value(QStringLiteral("class")).toString().toUtf8(), jsonText(record.value(QStringLiteral("args")))};
}

QByteArray SideJobStorage::status(qint64 id)
{
    if (m_layout == Layout::V4_0)
        return decodedString(m_redis.command({"HGET", jobKey(id), "status"}).bytes);
    return m_redis.command({"GET", jobKey(id, "status")}).bytes;
}

void SideJobStorage::setStatus(qint64 id, const QByteArray &status)
{
    if (m_layout == Layout::V4_0) {
        m_redis.command({"HMSET", jobKey(id), "status", jsonString(status)});
        return;
    }
    const QByteArray old = m_redis.command({"GETSET", jobKey(id, "status"), status}).bytes;
    if (old != status)
        m_redis.command(
            {"PUBLISH", "/sidejob/job/" + QByteArray::number(id), "{\"status\":" + jsonString(status) + '}'});
}

qint64 SideJobStorage::parentField(qint64 id)
{
    const RedisValue value = m_layout == Layout::V4_0 ? m_redis.command({"HGET", jobKey(id), "parent"})
                                                      : m_redis.command({"GET", jobKey(id, "parent")});
    return value.isNil() ? 0 : value.bytes.toLongLong();
}

void SideJobStorage::adopt(qint64 parent, qint64 child, const QByteArray &name)
{
    m_redis.command({"MULTI"});
    if (m_layout == Layout::V4_0)
        m_redis.command({"HSET", jobKey(child), "parent", QByteArray::number(parent)});
    else
        m_redis.command({"SET", jobKey(child, "parent"), QByteArray::number(parent)});
    m_redis.command({"HSET", jobKey(parent, "children"), name, QByteArray::number(child)});
    m_redis.command({"EXEC"});
}

void SideJobStorage::disown(qint64 parent, qint64 child, const QByteArray &name)
{
    m_redis.command({"MULTI"});
    if (m_layout == Layout::V4_0)
        m_redis.command({"HDEL", jobKey(child), "parent"});
    else
        m_redis.command({"DEL", jobKey(child, "parent")});
    m_redis.command({"HDEL", jobKey(parent, "children"), name});
    m_redis.command({"EXEC"});
}

void SideJobStorage::setRanAt(qint64 id, const QByteArray &isoNow)
{
    if (m_layout == Layout::V4_0)
        m_redis.command({"HMSET", jobKey(id), "ran_at", jsonString(isoNow)});
    else
        m_redis.command({"SET", jobKey(id, "ran_at"), isoNow});
}

void SideJobStorage::setState(qint64 id, const QByteArray &field, const QByteArray &valueJson)
{
    // 4.0.2 keeps the worker's state among the job's own fields: a state named "status" would
    // overwrite the status.
    m_redis.command({"HMSET", m_layout == Layout::V4_0 ? jobKey(id) : jobKey(id, "state"), field, valueJson});
}

QByteArray SideJobStorage::portValue(const QByteArray &dataJson, const QByteArray &contextJson, bool grouped) const
{
    if (m_layout == Layout::V4_0)
        return dataJson;
    QByteArray value = "{\"data\":" + dataJson;
    if (!contextJson.isEmpty())
        value += ",\"context\":" + contextJson;
    if (grouped)
        value += ",\"options\":{}";
    return value + '}';
}

QByteArray SideJobStorage::portData(const QByteArray &stored) const
{
    if (m_layout == Layout::V4_0 || stored.isEmpty())
        return stored;
    return jsonText(QJsonDocument::fromJson(stored).object().value(QStringLiteral("data")));
}

void SideJobStorage::log(qint64 jobId, const QByteArray &isoNow, const QByteArray &members, const QByteArray &channel)
{
    QByteArray entry = "{";
    if (jobId)
        entry += "\"job\":" + QByteArray::number(jobId) + ',';
    if (!channel.isEmpty())
        entry += "\"channel\":" + jsonString(channel) + ',';
    entry += "\"timestamp\":" + jsonString(isoNow) + ',' + members + '}';
    if (m_layout == Layout::V4_0)
        m_redis.command({"RPUSH", "jobs:logs", entry});
    else
        m_redis.command({"PUBLISH", "/sidejob/log", entry});
}

void SideJobStorage::deleteRecord(qint64 id, const QList<QByteArray> &portKeys, const QList<qint64> &children,
                                  const QList<QByteArray> &aliases)
{
    QList<QByteArray> del = QList<QByteArray>{"DEL"} + portKeys;
    const QList<const char *> v40{"children", "inports", "outports", "inports:default", "outports:default"};
    const QList<const char *> v41{"worker",           "status",           "state",
                                  "aliases",          "parent",           "children",
                                  "inports",          "outports",         "inports:default",
                                  "outports:default", "inports:channels", "outports:channels",
                                  "created_at",       "created_by",       "ran_at"};
    for (const char *suffix : m_layout == Layout::V4_0 ? v40 : v41)
        del << jobKey(id, suffix);
    m_redis.command({"MULTI"});
    m_redis.command({"SREM", "jobs", QByteArray::number(id)});
    m_redis.command({"DEL", jobKey(id)});
    m_redis.command(del);
    // Clears a child's parent field of the 4.0.2 hash; 4.1.0 still sends it, to a key it never writes.
    for (const qint64 child : children)
        m_redis.command({"HDEL", jobKey(child), "parent"});
    for (const QByteArray &name : aliases)
        m_redis.command({"HDEL", "jobs:aliases", name});
    m_redis.command({"EXEC"});
}
