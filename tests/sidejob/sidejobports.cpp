// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobports.h"

#include "sidejobgenerator.h"
#include "sidejobportgroup.h"
#include "sidejobstorage.h"
#include "syncredis.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace {
QByteArray jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}
QByteArray jobKey(qint64 id, const QByteArray &suffix)
{
    return SideJobStorage::jobKey(id, suffix);
}
// Pathname#ascend: "/a/b", "/a", "/"; "a/b", "a".
QList<QByteArray> channelAndAncestors(QByteArray channel)
{
    QList<QByteArray> levels;
    while (true) {
        levels << channel;
        const qsizetype slash = channel.lastIndexOf('/');
        if (channel == "/" || slash < 0)
            return levels;
        channel = slash == 0 ? QByteArray("/") : channel.left(slash);
    }
}
} // namespace

SideJobPorts::SideJobPorts(SyncRedis &redis, SideJobStorage &storage, SideJobPortGroup &group, Run run, Run runParent)
    : m_redis(redis)
    , m_storage(storage)
    , m_group(group)
    , m_run(std::move(run))
    , m_runParent(std::move(runParent))
{}

void SideJobPorts::set(qint64 id, const QByteArray &type, const QByteArray &workerConfig, const QList<Port> &ports)
{
    const QByteArray portsKey = jobKey(id, type + "ports");
    const QList<QByteArray> current = m_redis.command({"SMEMBERS", portsKey}).strings();
    // The worker's ports first, the job's own replace those of the same name.
    QList<Port> merged;
    const QJsonObject configured =
        QJsonDocument::fromJson(workerConfig).object().value(QString::fromLatin1(type + "ports")).toObject();
    for (auto it = configured.begin(); it != configured.end(); ++it) {
        const QJsonObject options = it.value().toObject();
        Port port{it.key().toUtf8()};
        if (options.contains(QStringLiteral("default")))
            port.defaultJson = jsonText(options.value(QStringLiteral("default")));
        for (const QJsonValue &channel : options.value(QStringLiteral("channels")).toArray())
            port.channels << channel.toString().toUtf8();
        merged << port;
    }
    for (const Port &port : ports) {
        merged.removeIf([&](const Port &old) { return old.name == port.name; });
        merged << port;
    }
    QSet<QByteArray> names;
    for (const Port &port : merged)
        names.insert(port.name);

    m_redis.command({"MULTI"});
    for (const QByteArray &old : current)
        if (!names.contains(old))
            m_redis.command({"DEL", jobKey(id, type + ':' + old)});
    m_redis.command({"DEL", portsKey});
    QList<QByteArray> sadd{"SADD", portsKey}, defaults{"HMSET", portsKey + ":default"},
        channels{"HMSET", portsKey + ":channels"};
    for (const Port &port : merged) {
        sadd << port.name;
        if (!port.defaultJson.isEmpty())
            defaults << port.name << m_storage.portValue(port.defaultJson);
    }
    if (!merged.isEmpty())
        m_redis.command(sadd);
    m_redis.command({"DEL", portsKey + ":default"});
    if (defaults.size() > 2)
        m_redis.command(defaults);
    if (m_storage.layout() == SideJobStorage::Layout::V4_0) {
        m_redis.command({"EXEC"}); // 4.0.2 has no channels
        return;
    }
    for (const Port &port : merged) {
        if (port.channels.isEmpty())
            continue;
        // Output ports too: the job is listed under the channel, which the next publish drops.
        QJsonArray array;
        for (const QByteArray &channel : port.channels) {
            m_redis.command({"SADD", "channel:" + channel, QByteArray::number(id)});
            array.append(QString::fromUtf8(channel));
        }
        channels << port.name << QJsonDocument(array).toJson(QJsonDocument::Compact);
    }
    m_redis.command({"DEL", portsKey + ":channels"});
    if (channels.size() > 2)
        m_redis.command(channels);
    m_redis.command({"EXEC"});
}

bool SideJobPorts::exists(qint64 id, const QByteArray &type, const QByteArray &port)
{
    const QByteArray portsKey = jobKey(id, type + "ports");
    if (m_redis.command({"SISMEMBER", portsKey, port}).integer)
        return true;
    if (!m_redis.command({"SISMEMBER", portsKey, "*"}).integer)
        return false;
    const RedisValue dynamicDefault = m_redis.command({"HGET", portsKey + ":default", "*"});
    m_redis.command({"MULTI"});
    m_redis.command({"SADD", portsKey, port});
    if (!dynamicDefault.isNil())
        m_redis.command({"HSET", portsKey + ":default", port, dynamicDefault.bytes});
    m_redis.command({"EXEC"});
    return true;
}

void SideJobPorts::log(qint64 writer, const QByteArray &channel, double now, qint64 id, const QByteArray &port,
                       const QByteArray &type, const QByteArray &dataJson, bool grouped)
{
    if (grouped) {
        m_group.wrote(id, port, type, dataJson);
        return;
    }
    SideJobPortGroup alone;
    alone.wrote(id, port, type, dataJson);
    m_storage.log(writer, SideJobGenerator::isoTime(now), alone.members(), channel);
}

void SideJobPorts::writeInput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now,
                              const QByteArray &contextJson, bool grouped, const QByteArray &channel)
{
    if (!exists(id, "in", port))
        return;
    m_redis.command({"RPUSH", jobKey(id, "in:" + port), m_storage.portValue(dataJson, contextJson, grouped)});
    m_run(id, now);
    const qint64 writer = QJsonDocument::fromJson(contextJson).object().value(QStringLiteral("job")).toInteger();
    log(writer, channel, now, id, port, "inport", dataJson, grouped);
}

void SideJobPorts::writeInputs(qint64 id, const QByteArray &port, const QList<QByteArray> &dataJson, double now)
{
    if (dataJson.isEmpty() || !exists(id, "in", port))
        return;
    const QByteArray iso = SideJobGenerator::isoTime(now);
    constexpr qsizetype batch = 1000;
    for (qsizetype from = 0; from < dataJson.size(); from += batch) {
        QList<QByteArray> rpush{"RPUSH", jobKey(id, "in:" + port)};
        QList<QByteArray> logs{"RPUSH", "jobs:logs"};
        for (qsizetype i = from; i < std::min(from + batch, dataJson.size()); ++i) {
            rpush << m_storage.portValue(dataJson[i]);
            SideJobPortGroup alone;
            alone.wrote(id, port, "inport", dataJson[i]);
            logs << "{\"timestamp\":" + SideJobStorage::jsonString(iso) + ',' + alone.members() + '}';
        }
        m_redis.command(rpush);
        if (m_storage.layout() == SideJobStorage::Layout::V4_0)
            m_redis.command(logs);
    }
    m_run(id, now);
}

QByteArray SideJobPorts::readInput(qint64 id, const QByteArray &port)
{
    if (!exists(id, "in", port))
        return {};
    const RedisValue value = m_redis.command({"LPOP", jobKey(id, "in:" + port)});
    const QByteArray data = m_storage.portData(
        value.isNil() ? m_redis.command({"HGET", jobKey(id, "inports:default"), port}).bytes : value.bytes);
    if (!data.isEmpty())
        m_group.read(id, port, data);
    return data;
}

void SideJobPorts::writeOutput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now, bool grouped)
{
    if (!exists(id, "out", port))
        return;
    m_redis.command({"RPUSH", jobKey(id, "out:" + port),
                     m_storage.portValue(dataJson, "{\"job\":" + QByteArray::number(id) + '}', grouped)});
    m_runParent(id, now);
    log(id, {}, now, id, port, "outport", dataJson, grouped);
    const QByteArray channels = m_redis.command({"HGET", jobKey(id, "outports:channels"), port}).bytes;
    for (const QJsonValue &channel : QJsonDocument::fromJson(channels).array())
        publish(channel.toString().toUtf8(), dataJson, now, id, grouped);
}

void SideJobPorts::publish(const QByteArray &channel, const QByteArray &messageJson, double now, qint64 writer,
                           bool grouped)
{
    if (m_storage.layout() == SideJobStorage::Layout::V4_0)
        return; // 4.0.2 has no channels
    m_redis.command({"PUBLISH", channel, messageJson});
    const QByteArray context = (writer ? "{\"job\":" + QByteArray::number(writer) + ',' : QByteArray("{"))
                               + "\"channel\":" + SideJobStorage::jsonString(channel) + '}';
    // Per job, its listening ports by channel, read once per publish as the library does.
    QHash<qint64, QHash<QByteArray, QList<QByteArray>>> listeners;
    QSet<qint64> alive;
    for (const QByteArray &level : channelAndAncestors(channel)) {
        for (const QByteArray &member : m_redis.command({"SMEMBERS", "channel:" + level}).strings()) {
            const qint64 id = member.toLongLong();
            if (!listeners.contains(id)) {
                listeners[id] = {};
                if (m_redis.command({"SISMEMBER", "jobs", member}).integer) {
                    alive.insert(id);
                    const QList<QByteArray> flat =
                        m_redis.command({"HGETALL", jobKey(id, "inports:channels")}).strings();
                    for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
                        for (const QJsonValue &listened : QJsonDocument::fromJson(flat[i + 1]).array())
                            listeners[id][listened.toString().toUtf8()] << flat[i];
                }
            }
            if (alive.contains(id) && listeners[id].contains(level)) {
                for (const QByteArray &port : listeners[id][level])
                    writeInput(id, port, messageJson, now, context, grouped, channel);
            } else {
                m_redis.command({"SREM", "channel:" + level, member}); // gone, or no longer listening
            }
        }
    }
}
