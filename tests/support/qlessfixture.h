#pragma once

#include "redisserver.h"
#include "syncredis.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

// What every script test needs: a private redis-server, a connection to it, a flush between
// tests, and short ways to call our scripts. Create it in initTestCase, flush() in init().
class QlessFixture final
{
public:
    explicit QlessFixture(RedisServer::Options options = {});

    bool start(QString *error = nullptr);
    void flush();

    RedisServer &server() { return m_server; }
    SyncRedis &redis() { return m_redis; }

    RedisValue command(const QList<QByteArray> &argv) { return m_redis.command(argv); }
    RedisValue call(const QString &script, const QList<QByteArray> &args,
                    const QList<QByteArray> &keys = {});
    // The reply's text as JSON; asserts nothing, Undefined when the reply is not JSON.
    QJsonValue json(const QString &script, const QList<QByteArray> &args,
                    const QList<QByteArray> &keys = {});

    // put(1, queue, jid, klass, data, now, delay, options...)
    RedisValue put(const QByteArray &queue, const QByteArray &jid, double now,
                   const QList<QByteArray> &options = {}, double delay = 0,
                   const QByteArray &data = "{}", const QByteArray &klass = "Job");
    // pop(1, queue, worker, count, now): the popped jobs' jids, in order.
    QList<QByteArray> pop(const QByteArray &queue, const QByteArray &worker, int count, double now);
    QJsonObject job(const QByteArray &jid);

    // Every key with its DUMP, sorted: compares whole databases where DEBUG DIGEST is not enabled.
    QList<QByteArray> snapshot();

private:
    RedisServer m_server;
    SyncRedis m_redis;
};

// Seconds as our scripts take them, with millisecond precision kept.
QByteArray num(double value);
