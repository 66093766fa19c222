// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

// Writes, by hand, the keys and fields that current qless (qless-core HEAD's unified qless.lua,
// as the Ruby gem and qless-py load it) writes for each step of a job's life, so that tests read
// a deployment's data exactly as operators have it: `time` rewritten at every put and pop,
// `expires` 0 or '' without a lock, history as a `ql:j:<jid>-history` list of
// [floor(when), what, {extra}] entries, log entries with arbitrary data, timed-out jobs at score
// +inf in the work set, paused queues, max-concurrency. (QlessFixture::put and the like, through
// our per-command scripts, write the same shape now; the 2012 one, stages in the hash's `history`
// field, is written by hand where a test needs it.)
class DeploymentData final
{
public:
    explicit DeploymentData(QlessFixture &fixture)
        : m_fixture(fixture)
    {}

    // put: waiting in `queue`, no lock.
    void put(const QByteArray &queue, const QByteArray &jid, double now, double priority = 0,
             const QByteArray &klass = "Crawl::Job", const QByteArray &data = "{\"url\":\"https://example.com\"}")
    {
        command(
            {"HSET",           key(jid), "jid",     jid,     "klass",     klass,    "data", data,          "priority",
             number(priority), "tags",   "{}",      "state", "waiting",   "worker", "",     "expires",     "0",
             "queue",          queue,    "retries", "5",     "remaining", "5",      "time", timeField(now)});
        command({"ZADD", "ql:q:" + queue + "-work", number(priority - now / 1e10), jid});
        command({"ZADD", "ql:queues", "NX", number(now), queue});
        history(jid, now, "put", QJsonObject{{QStringLiteral("q"), QString::fromUtf8(queue)}});
    }

    // pop by `worker`: running with a lock until now + heartbeat; `time` rewritten.
    void pop(const QByteArray &queue, const QByteArray &jid, const QByteArray &worker, double now,
             double heartbeat = 60)
    {
        const QByteArray expires = number(now + heartbeat);
        history(jid, now, "popped", QJsonObject{{QStringLiteral("worker"), QString::fromUtf8(worker)}});
        command({"HSET", key(jid), "time", timeField(now), "worker", worker, "expires", expires, "state", "running"});
        command({"ZADD", "ql:w:" + worker + ":jobs", expires, jid});
        command({"ZADD", "ql:q:" + queue + "-locks", expires, jid});
        command({"ZREM", "ql:q:" + queue + "-work", jid});
        command({"ZADD", "ql:workers", number(now), worker});
    }

    // fail by `worker`: `expires` and `worker` written as '' (as qless's fail does).
    void fail(const QByteArray &queue, const QByteArray &jid, const QByteArray &worker, const QByteArray &group,
              const QByteArray &message, double now)
    {
        history(jid, now, "failed",
                QJsonObject{{QStringLiteral("worker"), QString::fromUtf8(worker)},
                            {QStringLiteral("group"), QString::fromUtf8(group)}});
        for (const char *part : {"-work", "-locks", "-scheduled"})
            command({"ZREM", "ql:q:" + queue + part, jid});
        const QJsonObject failure{{QStringLiteral("group"), QString::fromUtf8(group)},
                                  {QStringLiteral("message"), QString::fromUtf8(message)},
                                  {QStringLiteral("when"), std::floor(now)},
                                  {QStringLiteral("worker"), QString::fromUtf8(worker)}};
        command({"HSET", key(jid), "state", "failed", "worker", "", "expires", "", "failure", json(failure)});
        command({"SADD", "ql:failures", group});
        command({"LPUSH", "ql:f:" + group, jid});
        command({"ZREM", "ql:w:" + worker + ":jobs", jid});
    }

    // timeout of a running job: stalled, `expires` 0, the worker left in the hash, back in the
    // work set at +inf (first in line), a `timed-out` entry with no extra.
    void timeout(const QByteArray &queue, const QByteArray &jid, double now)
    {
        history(jid, now, "timed-out");
        command({"ZREM", "ql:q:" + queue + "-locks", jid});
        command({"ZADD", "ql:q:" + queue + "-work", "+inf", jid});
        command({"HSET", key(jid), "state", "stalled", "expires", "0"});
    }

    // log(jid, message, [data]): an entry whose `what` is the message; `data` is any JSON text.
    void log(const QByteArray &jid, double now, const QByteArray &message, const QByteArray &data = {})
    {
        QByteArray entry = "[" + number(std::floor(now)) + "," + json(QString::fromUtf8(message));
        if (!data.isNull())
            entry += "," + data;
        command({"RPUSH", key(jid) + "-history", entry + "]"});
    }

    void pause(const QByteArray &queue) { command({"SADD", "ql:paused_queues", queue}); }
    void setMaxConcurrency(const QByteArray &queue, int jobs)
    {
        command({"HSET", "ql:config", queue + "-max-concurrency", QByteArray::number(jobs)});
    }

    // qless writes `time` with twenty decimals.
    static QByteArray timeField(double now) { return QByteArray::number(now, 'f', 20); }

private:
    static QByteArray key(const QByteArray &jid) { return "ql:j:" + jid; }
    static QByteArray number(double value) { return QByteArray::number(value, 'g', 17); }
    static QByteArray json(const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Compact); }
    static QByteArray json(const QString &text)
    {
        const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
        return array.mid(1, array.size() - 2);
    }

    void history(const QByteArray &jid, double now, const QByteArray &what, const QJsonObject &extra = {})
    {
        QJsonArray entry{std::floor(now), QString::fromUtf8(what)};
        if (!extra.isEmpty())
            entry.append(extra);
        command({"RPUSH", key(jid) + "-history", QJsonDocument(entry).toJson(QJsonDocument::Compact)});
    }

    void command(const QList<QByteArray> &argv) { m_fixture.command(argv); }

    QlessFixture &m_fixture;
};
