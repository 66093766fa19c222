// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobgenerator.h"

#include "syncredis.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QUuid>

#include <charconv>
#include <cmath>

namespace {
// A JSON value's compact text (QJsonDocument only writes arrays and objects).
QByteArray jobKey(qint64 id, const QByteArray &suffix = {})
{
    return SideJobStorage::jobKey(id, suffix);
}
QByteArray jsonString(const QByteArray &text)
{
    return SideJobStorage::jsonString(text);
}
const QByteArray ok = "OK";
} // namespace

SideJobGenerator::SideJobGenerator(SyncRedis &redis, SideJobStorage::Layout layout)
    : m_redis(redis)
    , m_storage(redis, layout)
    , m_ports(
          redis, m_storage, m_group, [this](qint64 id, double now) { run(id, now); },
          [this](qint64 id, double now) { runParent(id, now); })
{}

QByteArray SideJobGenerator::isoTime(double seconds)
{
    const double whole = std::floor(seconds);
    const qint64 nanos = std::min<qint64>(999999999, qint64(std::llround((seconds - whole) * 1e9)));
    const QDateTime utc = QDateTime::fromSecsSinceEpoch(qint64(whole), Qt::UTC);
    return utc.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")).toLatin1() + '.'
           + QByteArray::number(nanos).rightJustified(9, '0') + 'Z';
}

QByteArray SideJobGenerator::floatText(double seconds)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, seconds);
    QByteArray text(buffer, int(result.ptr - buffer));
    if (!text.contains('.') && !text.contains('e'))
        text += ".0";
    return text;
}

void SideJobGenerator::registerAll(const QByteArray &queue, const QList<std::pair<QByteArray, QByteArray>> &workers)
{
    m_redis.command({"MULTI"});
    m_redis.command({"DEL", "workers:" + queue});
    QList<QByteArray> hmset{"HMSET", "workers:" + queue};
    QByteArray registry = "{";
    for (const auto &[klass, config] : workers) {
        hmset << klass << config;
        registry += (registry.size() > 1 ? "," : "") + jsonString(klass) + ':' + config;
    }
    if (!workers.isEmpty())
        m_redis.command(hmset);
    m_redis.command({"EXEC"});
    if (m_storage.layout() == SideJobStorage::Layout::V4_1)
        m_redis.command({"PUBLISH", "/sidejob/workers/" + queue, registry + '}'});
}

qint64 SideJobGenerator::queueJobHalf()
{
    const qint64 id = m_redis.command({"INCR", "jobs:last_id"}).integer;
    m_redis.command({"SADD", "jobs", QByteArray::number(id)});
    return id;
}

qint64 SideJobGenerator::queueJob(const NewJob &job, double now)
{
    const QByteArray config = m_redis.command({"HGET", "workers:" + job.queue, job.klass}).bytes;
    if (config.isEmpty())
        return 0; // the library raises: no worker registered
    const qint64 id = queueJobHalf();
    m_storage.createJob(id, {job.queue, job.klass, job.argsJson}, job.by, isoTime(now));
    if (job.parent)
        m_storage.adopt(job.parent, id, job.name);
    m_ports.set(id, "in", config, job.inports);
    m_ports.set(id, "out", config, job.outports);
    run(id, now, false, job.at);
    return id;
}

void SideJobGenerator::addAlias(qint64 id, const QByteArray &name)
{
    m_redis.command({"MULTI"});
    m_redis.command({"HSET", "jobs:aliases", name, QByteArray::number(id)});
    m_redis.command({"SADD", jobKey(id, "aliases"), name});
    m_redis.command({"EXEC"});
}

QByteArray SideJobGenerator::status(qint64 id)
{
    return m_storage.status(id);
}

bool SideJobGenerator::run(qint64 id, double now, bool force, double at)
{
    static const QSet<QByteArray> runnable{"running", "queued", "suspended", "completed"};
    if (!force && !runnable.contains(status(id)))
        return false;
    m_storage.setStatus(id, "queued");
    sidekiqQueue(id, now, at);
    return true;
}

void SideJobGenerator::runParent(qint64 id, double now)
{
    if (const qint64 parentId = parent(id))
        run(parentId, now);
}

void SideJobGenerator::sidekiqQueue(qint64 id, double now, double at)
{
    if (m_redis.command({"EXISTS", jobKey(id, "lock:worker")}).integer)
        return; // a worker is about to run it
    const auto [queue, klass, args] = m_storage.worker(id);
    // Sidekiq::Queue#find_job: already waiting in the queue (the schedule is not looked at).
    if (queuedJids(queue).value(id) > 0)
        return;
    if (m_redis.command({"HGET", "workers:" + queue, klass}).isNil()) {
        m_storage.setStatus(id, "terminated"); // the library then raises
        return;
    }
    QByteArray item = "{\"retry\":false,\"queue\":" + jsonString(queue) + ",\"jid\":" + QByteArray::number(id)
                      + ",\"class\":" + jsonString(klass) + ",\"args\":" + (args == "null" ? QByteArray("[]") : args)
                      + ",\"created_at\":" + floatText(now);
    if (at > now) {
        m_redis.command({"ZADD", "schedule", floatText(at), item + '}'});
        return;
    }
    m_redis.command({"SADD", "queues", queue});
    m_redis.command({"LPUSH", "queue:" + queue, item + ",\"enqueued_at\":" + floatText(now) + '}'});
    ++m_queued[queue].jids[id];
    ++m_queued[queue].length;
}

const QHash<qint64, int> &SideJobGenerator::queuedJids(const QByteArray &queue)
{
    // Read again only when someone else changed the list: a deep tree queues thousands of jobs,
    // and scanning the whole queue for each would take minutes.
    QueueContents &known = m_queued[queue];
    const qint64 length = m_redis.command({"LLEN", "queue:" + queue}).integer;
    if (length != known.length) {
        known = {};
        for (const QByteArray &item : m_redis.command({"LRANGE", "queue:" + queue, "0", "-1"}).strings())
            ++known.jids[QJsonDocument::fromJson(item).object().value(QStringLiteral("jid")).toInteger()];
        known.length = length;
    }
    return known.jids;
}

void SideJobGenerator::writeInput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now)
{
    m_ports.writeInput(id, port, dataJson, now);
}

void SideJobGenerator::writeInputs(qint64 id, const QByteArray &port, const QList<QByteArray> &dataJson, double now)
{
    m_ports.writeInputs(id, port, dataJson, now);
}

void SideJobGenerator::publish(const QByteArray &channel, const QByteArray &messageJson, double now)
{
    m_ports.publish(channel, messageJson, now);
}

QByteArray SideJobGenerator::readInput(qint64 id, const QByteArray &port)
{
    return m_ports.readInput(id, port);
}

void SideJobGenerator::writeOutput(qint64 id, const QByteArray &port, const QByteArray &dataJson, double now,
                                   bool grouped)
{
    m_ports.writeOutput(id, port, dataJson, now, grouped);
}

void SideJobGenerator::setState(qint64 id, const QByteArray &field, const QByteArray &valueJson)
{
    m_storage.setState(id, field, valueJson);
}

SideJobGenerator::Outcome SideJobGenerator::fail(const QByteArray &message)
{
    m_error = message;
    return Outcome::Failed;
}

qint64 SideJobGenerator::work(const QByteArray &queue, double now, const std::function<Outcome(qint64)> &perform)
{
    const RedisValue item = m_redis.command({"RPOP", "queue:" + queue});
    if (item.isNil())
        return 0;
    const qint64 id = item.json().toObject().value(QStringLiteral("jid")).toInteger();
    QueueContents &known = m_queued[queue];
    if (known.length > 0 && known.jids.value(id) > 0) {
        --known.length;
        --known.jids[id];
    } else {
        known.length = -1; // read again next time
    }
    if (!m_redis.command({"SISMEMBER", "jobs", QByteArray::number(id)}).integer)
        return id; // deleted since it was queued
    const QByteArray before = status(id);
    if (before != "queued" && before != "terminating")
        return id;
    if (m_redis.command({"SET", jobKey(id, "lock:worker"), "1", "EX", "2", "NX"}).bytes != ok)
        return id; // another worker is about to take the lock
    const QByteArray token = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
    if (m_redis.command({"SET", jobKey(id, "lock"), token, "EX", "60", "NX"}).bytes != ok) {
        // Another worker holds the job: run it again in a second.
        m_redis.command({"DEL", jobKey(id, "lock:worker")});
        const QByteArray again = status(id);
        if (again == "queued" || again == "terminating")
            run(id, now, false, now + 1);
        return id;
    }
    m_redis.command({"DEL", jobKey(id, "lock:worker")});
    const QByteArray current = status(id);
    if (current == "terminating")
        m_storage.setStatus(id, "terminated");
    else if (current == "queued" && !runWorker(id, now, perform))
        return id; // still in perform: running, locked
    // Job#unlock compares the token in a script; nobody else can hold it here.
    m_redis.command({"DEL", jobKey(id, "lock")});
    runParent(id, now);
    return id;
}

bool SideJobGenerator::runWorker(qint64 id, double now, const std::function<Outcome(qint64)> &perform)
{
    const QByteArray rateKey = jobKey(id, "rate:" + QByteArray::number(qint64(now) / 60));
    m_redis.command({"MULTI"});
    m_redis.command({"INCR", rateKey});
    m_redis.command({"EXPIRE", rateKey, "60"});
    const qint64 rate = m_redis.command({"EXEC"}).elements.value(0).integer;
    if (rate > 600) {
        m_storage.log(id, isoTime(now), "\"error\":\"Job was terminated due to being called too rapidly\"");
        terminate(id, now);
        return true;
    }
    m_storage.setRanAt(id, isoTime(now));
    m_storage.setStatus(id, "running");
    m_group.clear();
    m_error.clear();
    const Outcome outcome = perform ? perform(id) : Outcome::Completed;
    if (outcome == Outcome::StillRunning)
        return false;
    if (!m_group.isEmpty())
        m_storage.log(id, isoTime(now), m_group.members());
    const QByteArray after = status(id);
    if (outcome == Outcome::Failed) {
        if (after != "terminating" && after != "terminated")
            m_storage.setStatus(id, "failed");
        m_storage.log(id, isoTime(now),
                      "\"error\":" + jsonString(m_error) + ",\"backtrace\":\"worker.rb:1:in `perform'\"");
    } else if (after == "running") {
        m_storage.setStatus(id, outcome == Outcome::Completed ? "completed" : "suspended");
    }
    return true;
}

void SideJobGenerator::terminate(qint64 id, double now, bool recursive)
{
    if (status(id) != "terminated") {
        m_storage.setStatus(id, "terminating");
        sidekiqQueue(id, now);
    }
    if (recursive)
        for (const qint64 child : children(id))
            terminate(child, now, true);
}

QList<qint64> SideJobGenerator::children(qint64 id)
{
    QList<qint64> ids;
    const QList<QByteArray> flat = m_redis.command({"HGETALL", jobKey(id, "children")}).strings();
    for (qsizetype i = 1; i < flat.size(); i += 2)
        ids << flat[i].toLongLong();
    return ids;
}

qint64 SideJobGenerator::parent(qint64 id)
{
    // SideJob.find: a parent already deleted is no parent.
    const qint64 parentId = m_storage.parentField(id);
    if (!parentId || !m_redis.command({"SISMEMBER", "jobs", QByteArray::number(parentId)}).integer)
        return 0;
    return parentId;
}

bool SideJobGenerator::allTerminated(qint64 id)
{
    if (status(id) != "terminated")
        return false;
    for (const qint64 child : children(id))
        if (!allTerminated(child))
            return false;
    return true;
}

bool SideJobGenerator::deleteJob(qint64 id)
{
    if (!allTerminated(id))
        return false;
    if (const qint64 parentId = parent(id)) {
        const QList<QByteArray> flat = m_redis.command({"HGETALL", jobKey(parentId, "children")}).strings();
        for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
            if (flat[i + 1].toLongLong() == id)
                m_storage.disown(parentId, id, flat[i]);
    }
    const QList<qint64> kids = children(id);
    const QList<QByteArray> aliases = m_redis.command({"SMEMBERS", jobKey(id, "aliases")}).strings();
    QList<QByteArray> portKeys;
    for (const QByteArray type : {"in", "out"})
        for (const QByteArray &port : m_redis.command({"SMEMBERS", jobKey(id, type + "ports")}).strings())
            if (port != "*")
                portKeys << jobKey(id, type + ':' + port);
    m_storage.deleteRecord(id, portKeys, kids, aliases);
    for (const qint64 child : kids)
        deleteJob(child);
    if (m_storage.layout() == SideJobStorage::Layout::V4_1)
        m_redis.command({"PUBLISH", "/sidejob/job/" + QByteArray::number(id), "{\"deleted\":true}"});
    return true;
}
