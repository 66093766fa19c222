// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisserver.h"
#include "syncredis.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <memory>

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
    RedisValue call(const QString &script, const QList<QByteArray> &args, const QList<QByteArray> &keys = {});
    // The reply's text as JSON; asserts nothing, Undefined when the reply is not JSON.
    QJsonValue json(const QString &script, const QList<QByteArray> &args, const QList<QByteArray> &keys = {});

    // put(1, queue, jid, klass, data, now, delay, options...)
    RedisValue put(const QByteArray &queue, const QByteArray &jid, double now, const QList<QByteArray> &options = {},
                   double delay = 0, const QByteArray &data = "{}", const QByteArray &klass = "Job");
    // pop(1, queue, worker, count, now): the popped jobs' jids, in order.
    QList<QByteArray> pop(const QByteArray &queue, const QByteArray &worker, int count, double now);
    QJsonObject job(const QByteArray &jid);

    // Every key with its DUMP, sorted: compares whole databases where DEBUG DIGEST is not enabled.
    QList<QByteArray> snapshot();

    // The unified script (qless-core's API, what the qless gem and qless-py load), called as
    // `EVALSHA <sha> 0 <command> <now> args...`. It is read from $QLESSDESK_QLESS_LUA when set
    // (to run the same tests against another build of it, qless-core's own for one), else from
    // the generated lua dir, else from the embedded :/qless/qless.lua.
    RedisValue qless(const QByteArray &command, double now, const QList<QByteArray> &args = {});
    // The reply seen the way qless clients read it: text that parses as JSON is that JSON (so
    // "5" is the number 5), other text a string, an integer a number, nil null, an array an
    // array of its elements as text (jids stay strings).
    QJsonValue qlessJson(const QByteArray &command, double now, const QList<QByteArray> &args = {});
    // The same script with `keys` and ARGV exactly as given (no command/now added).
    RedisValue qlessRaw(const QList<QByteArray> &keys, const QList<QByteArray> &argv);
    // Of these whole argvs (command, now, args...), the ones the script did NOT refuse, each as
    // one readable line: a test of malformed input expects none.
    QStringList notRefused(const QList<QList<QByteArray>> &argvs);
    // Where the unified script was read from; empty when none was found.
    QString qlessScriptPath();

    // Events. listen() subscribes a second connection to every channel (PSUBSCRIBE *); heard()
    // gives everything published since then or since the last heard(), in order, each as
    // "<channel> <payload>" with a JSON payload in canonical form (see canonical()).
    bool listen();
    QList<QByteArray> heard();

private:
    bool loadUnifiedScript();

    RedisServer m_server;
    SyncRedis m_redis;
    std::unique_ptr<SyncRedis> m_listener;
    QString m_qlessPath;
    QByteArray m_qlessSource;
    QByteArray m_qlessSha;
};

// Seconds as our scripts take them, with millisecond precision kept.
QByteArray num(double value);
// Job data whose decoding alone takes milliseconds on any machine: a JSON array of 400,000
// numbers, each a Lua value once decoded. A script that checks a job's data (a requeue does, as
// put) spends that on every such job: for tests of calls bounded by the server's clock.
QByteArray slowToDecodeJson();
// JSON in one canonical text (keys sorted, no spaces, 1.0 written 1): compares replies with
// expectations whatever order the script wrote keys in, with a readable diff when they differ.
QByteArray canonical(const QJsonValue &value);
// `text` parsed as JSON and written canonically; the text itself when it is not JSON.
QByteArray canonicalJson(const QByteArray &text);
// A reply for a failure message: its type and text.
QByteArray describe(const RedisValue &reply);

// The reply must be an error whose text contains `text` (the part clients match on).
#define QLESS_VERIFY_REFUSED(reply, text)                                                                              \
    do {                                                                                                               \
        const RedisValue refused_ = (reply);                                                                           \
        const QByteArray wanted_ = QByteArray(text);                                                                   \
        QVERIFY2(refused_.isError(), QByteArray("not refused: " + describe(refused_)).constData());                    \
        QVERIFY2(refused_.bytes.contains(wanted_),                                                                     \
                 QByteArray("refused without '" + wanted_ + "': " + refused_.bytes).constData());                      \
    } while (false)
