// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "syncredis.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <memory>

// The connection against real servers: transports, pipelining, scripts, errors, timeouts,
// read-only mode, and replies for requesters that are gone.
class TestRedisConnection final : public QObject
{
    Q_OBJECT

private:
    static ConnectionSettings unixSettings(const RedisServer &server, const QString &query = {})
    {
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath() + query, &error);
        if (!error.isEmpty())
            qFatal("bad test URL: %s", qPrintable(error));
        return settings;
    }

    // `field`: calls (that ran), or rejected_calls (refused before running: ACL, arity...).
    static qint64 commandCalls(SyncRedis &redis, const QByteArray &command, const QByteArray &field = "calls")
    {
        const QByteArray info = redis.command({"INFO", "commandstats"}).bytes;
        const QByteArray prefix = "cmdstat_" + command + ":";
        const int line = info.indexOf(prefix);
        if (line < 0)
            return 0;
        const QByteArray stats = info.mid(line + prefix.size(), info.indexOf('\r', line) - line - prefix.size());
        for (const QByteArray &pair : stats.split(',')) {
            if (pair.startsWith(QByteArray(field + '=')))
                return pair.mid(field.size() + 1).toLongLong();
        }
        return 0;
    }

private slots:
    void unixSocketWithDatabaseAndName()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(unixSettings(server, QStringLiteral("?db=2")));
        QVERIFY(awaitReady(connection));
        QCOMPARE(awaitReply(connection, RedisCommand::write({"SET", "k", "in db 2"})).bytes, QByteArray("OK"));

        SyncRedis check;
        QVERIFY(check.connectUnix(server.socketPath()));
        QVERIFY(check.command({"GET", "k"}).isNil());
        check.command({"SELECT", "2"});
        QCOMPARE(check.command({"GET", "k"}).bytes, QByteArray("in db 2"));
        QVERIFY(check.command({"CLIENT", "LIST"}).bytes.contains("name=qlessdesk"));
    }

    void tcpStatesAndReplyTypes()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(server.port()));
        RedisConnection connection(settings);
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        QVERIFY(awaitReady(connection));
        QVERIFY(states.size() >= 2);
        QCOMPARE(states.first().first().value<ConnectionState>().phase, ConnectionState::Phase::Connecting);
        QCOMPARE(states.last().first().value<ConnectionState>().phase, ConnectionState::Phase::Ready);
        QVERIFY(connection.state().describe().contains(QString::number(server.port())));

        awaitReply(connection, RedisCommand::write({"RPUSH", "l", "a", "b"}));
        const RedisReply list = awaitReply(connection, RedisCommand::read({"LRANGE", "l", "0", "-1"}));
        QVERIFY(list.isArray());
        QCOMPARE(list.elements.size(), 2);
        QCOMPARE(list.elements.at(1).bytes, QByteArray("b"));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"LLEN", "l"})).integer, 2);
        QVERIFY(awaitReply(connection, RedisCommand::read({"GET", "missing"})).isNil());
        const RedisReply wrongType = awaitReply(connection, RedisCommand::read({"GET", "l"}));
        QVERIFY(wrongType.isError());
        QCOMPARE(wrongType.error.kind, RedisError::Kind::ServerError);
        QVERIFY(wrongType.error.message.contains(QLatin1String("WRONGTYPE")));
        // Binary-safe both ways.
        const QByteArray bytes("\x00\xff\r\n$3\r\n", 9);
        awaitReply(connection, RedisCommand::write({"SET", "bin", bytes}));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "bin"})).bytes, bytes);
    }

    void tenThousandPipelinedGets()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis seed;
        QVERIFY(seed.connectUnix(server.socketPath()));
        QList<QByteArray> mset{"MSET"};
        for (int i = 0; i < 10000; ++i)
            mset << "key:" + QByteArray::number(i) << "value:" + QByteArray::number(i);
        QCOMPARE(seed.command(mset).bytes, QByteArray("OK"));

        RedisConnection connection(unixSettings(server));
        QObject context;
        int received = 0;
        int mismatched = 0;
        int outOfOrder = 0;
        for (int i = 0; i < 10000; ++i) {
            connection.send(RedisCommand::read({"GET", "key:" + QByteArray::number(i)}), &context,
                            [&, i](const RedisReply &reply) {
                                if (reply.bytes != "value:" + QByteArray::number(i))
                                    ++mismatched;
                                if (received != i)
                                    ++outOfOrder;
                                ++received;
                            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(received, 10000, 60000);
        QCOMPARE(mismatched, 0);
        QCOMPARE(outOfOrder, 0);
        // They really went out pipelined on one connection, not one by one on many.
        QCOMPARE(commandCalls(seed, "get"), 10000);
        QCOMPARE(seed.command({"INFO", "stats"}).bytes.contains("total_connections_received:"), true);
    }

    void scriptsSurviveScriptFlush()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        RedisConnection connection(unixSettings(fixture.server()));
        const RedisCommand get = RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"});
        QCOMPARE(awaitReply(connection, get).bytes, QByteArray("60"));
        QCOMPARE(fixture.command({"SCRIPT", "FLUSH"}).bytes, QByteArray("OK"));
        QCOMPARE(awaitReply(connection, get).bytes, QByteArray("60"));
        fixture.command({"SCRIPT", "FLUSH"});
        // A write after a flush runs once: loaded, retried, done.
        const RedisReply put = awaitReply(connection, RedisCommand::writeScript(QStringLiteral("put"), {"q"},
                                                                                {"jid-1", "Job", "{}", "1000", "0"}));
        QCOMPARE(put.bytes, QByteArray("jid-1"));
        QCOMPARE(fixture.command({"ZCARD", "ql:q:q-work"}).integer, 1);
        QCOMPARE(commandCalls(fixture.redis(), "script|load"), 3); // once per flush, no more
    }

    // A server that lost our script and will not take it again: its callers hear why (an ACL
    // without SCRIPT LOAD here), not a NOSCRIPT that explains nothing.
    void aRefusedScriptLoadSaysWhy()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        QCOMPARE(fixture.command({"ACL", "SETUSER", "noload", "on", ">pw", "~*", "&*", "+@all", "-script|load"}).bytes,
                 QByteArray("OK"));
        RedisConnection connection(
            ConnectionSettings::fromUrl(QStringLiteral("unix://noload:pw@") + fixture.server().socketPath()));
        QVERIFY(awaitReady(connection));
        QCOMPARE(fixture.command({"SCRIPT", "FLUSH"}).bytes, QByteArray("OK"));
        const RedisReply reply =
            awaitReply(connection, RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"}));
        QVERIFY(reply.isError());
        QCOMPARE(reply.error.kind, RedisError::Kind::NoPermission);
        QVERIFY2(reply.error.message.contains(QLatin1String("SCRIPT LOAD")), qPrintable(reply.error.message));
        QVERIFY2(reply.error.serverText.startsWith("NOPERM"), reply.error.serverText.constData());
        QVERIFY(reply.error.certainlyNotRun());
        // One load tried for the call, not one per NOSCRIPT.
        QCOMPARE(commandCalls(fixture.redis(), "script|load", "rejected_calls"), 1);
        QCOMPARE(fixture.command({"ACL", "SETUSER", "noload", "+script|load"}).bytes, QByteArray("OK"));
        // Allowed again: the next call loads the script and runs.
        QCOMPARE(
            awaitReply(connection, RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"})).bytes,
            QByteArray("60"));
    }

    void luaErrorsInTheScriptsOwnWords()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        RedisConnection connection(unixSettings(fixture.server()));
        const RedisReply reply = awaitReply(connection, RedisCommand::writeScript(QStringLiteral("put"), {"q"},
                                                                                  {"jid", "Job", "{}", "1000", "abc"}));
        QVERIFY(reply.isError());
        QCOMPARE(reply.error.kind, RedisError::Kind::ScriptError);
        QCOMPARE(reply.error.message, QStringLiteral("Put(): Arg \"delay\" not a number: abc"));
        QVERIFY(reply.error.serverText.contains("user_script"));
    }

    void readOnlyRefusesWritesWithoutSending()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        fixture.put("q", "jid-1", 1000);
        RedisConnection connection(unixSettings(fixture.server(), QStringLiteral("?readonly=1")));
        QVERIFY(connection.isReadOnly());
        QVERIFY(awaitReady(connection));
        fixture.command({"CONFIG", "RESETSTAT"});

        const RedisReply set = awaitReply(connection, RedisCommand::write({"SET", "k", "v"}));
        QCOMPARE(set.error.kind, RedisError::Kind::ReadOnlyMode);
        QVERIFY(set.error.message.contains(QLatin1String("read-only")));
        const RedisReply cancel =
            awaitReply(connection, RedisCommand::writeScript(QStringLiteral("cancel"), {}, {"jid-1"}));
        QCOMPARE(cancel.error.kind, RedisError::Kind::ReadOnlyMode);
        QVERIFY(cancel.error.message.contains(QLatin1String("cancel")));
        QVERIFY(cancel.error.certainlyNotRun());

        // Nothing reached the server; reads still work.
        QCOMPARE(commandCalls(fixture.redis(), "set"), 0);
        QCOMPARE(commandCalls(fixture.redis(), "evalsha"), 0);
        QCOMPARE(fixture.command({"EXISTS", "ql:j:jid-1"}).integer, 1);
        QVERIFY(!awaitReply(connection, RedisCommand::readScript(QStringLiteral("get"), {}, {"jid-1"})).isError());
    }

    void wrongPasswordFailsForGood()
    {
        RedisServer server;
        QVERIFY(server.start());
        {
            SyncRedis admin;
            QVERIFY(admin.connectUnix(server.socketPath()));
            QCOMPARE(admin.command({"CONFIG", "SET", "requirepass", "secret"}).bytes, QByteArray("OK"));
        }

        RedisConnection wrong(ConnectionSettings::fromUrl(QStringLiteral("unix://:nope@") + server.socketPath()));
        QTRY_COMPARE_WITH_TIMEOUT(wrong.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(wrong.state().error.kind, RedisError::Kind::WrongPassword);
        QVERIFY(wrong.state().describe().contains(QLatin1String("password")));
        const RedisReply refused = awaitReply(wrong, RedisCommand::read({"PING"}));
        QCOMPARE(refused.error.kind, RedisError::Kind::WrongPassword);

        RedisConnection none(unixSettings(server));
        const RedisReply noAuth = awaitReply(none, RedisCommand::read({"GET", "k"}));
        QCOMPARE(noAuth.error.kind, RedisError::Kind::WrongPassword);
        // No password given: a final state that asks for one, never "connected" while every call
        // fails (database 0 has no SELECT to be refused, so the handshake's optional commands
        // are the ones that hear NOAUTH).
        QTRY_COMPARE_WITH_TIMEOUT(none.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(none.state().error.kind, RedisError::Kind::WrongPassword);
        QVERIFY2(none.state().describe().contains(QLatin1String("password")), qPrintable(none.state().describe()));
        QVERIFY(!none.state().error.isPassing());

        RedisConnection right(ConnectionSettings::fromUrl(QStringLiteral("unix://:secret@") + server.socketPath()));
        QCOMPARE(awaitReply(right, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));
    }

    void aclUserWithoutWritePermission()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        fixture.put("q", "jid-1", 1000);
        QCOMPARE(fixture
                     .command({"ACL", "SETUSER", "viewer", "on", ">viewpw", "~*", "&*", "+@read", "+@connection",
                               "+evalsha", "+script|load"})
                     .bytes,
                 QByteArray("OK"));
        RedisConnection connection(
            ConnectionSettings::fromUrl(QStringLiteral("unix://viewer:viewpw@") + fixture.server().socketPath()));
        QVERIFY(awaitReady(connection));

        const RedisReply set = awaitReply(connection, RedisCommand::write({"SET", "k", "v"}));
        QCOMPARE(set.error.kind, RedisError::Kind::NoPermission);
        QVERIFY(set.error.message.contains(QLatin1String("ACL")));
        // A script that writes is stopped at its first write, inside the script.
        const RedisReply cancel =
            awaitReply(connection, RedisCommand::writeScript(QStringLiteral("cancel"), {}, {"jid-1"}));
        QCOMPARE(cancel.error.kind, RedisError::Kind::NoPermission);
        QCOMPARE(fixture.command({"EXISTS", "ql:j:jid-1"}).integer, 1);
        // Reading scripts are fine.
        const RedisReply get = awaitReply(connection, RedisCommand::readScript(QStringLiteral("get"), {}, {"jid-1"}));
        QVERIFY2(!get.isError(), qPrintable(get.error.message));

        RedisConnection wrongUser(
            ConnectionSettings::fromUrl(QStringLiteral("unix://viewer:bad@") + fixture.server().socketPath()));
        QTRY_COMPARE_WITH_TIMEOUT(wrongUser.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(wrongUser.state().error.kind, RedisError::Kind::WrongPassword);
    }

    void slowServerTimesOutWhileCallerKeepsRunning()
    {
        RedisServer::Options options;
        options.debugCommand = true;
        RedisServer server(options);
        QVERIFY(server.start());
        RedisConnection connection(unixSettings(server, QStringLiteral("?timeout=400")));
        QVERIFY(awaitReady(connection));

        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start(10);

        QObject context;
        std::optional<RedisReply> sleep;
        std::optional<RedisReply> get;
        int ticksWhenSent = ticks;
        connection.send(RedisCommand::write({"DEBUG", "SLEEP", "2"}), &context,
                        [&sleep](const RedisReply &reply) { sleep = reply; });
        connection.send(RedisCommand::read({"GET", "k"}), &context, [&get](const RedisReply &reply) { get = reply; });
        QCOMPARE(ticks, ticksWhenSent); // send() returned at once
        QTRY_VERIFY_WITH_TIMEOUT(sleep && get, 10000);
        // The timer went on ticking all the while the server slept.
        QVERIFY2(ticks - ticksWhenSent >= 10, qPrintable(QString::number(ticks - ticksWhenSent)));
        QCOMPARE(sleep->error.kind, RedisError::Kind::Timeout);
        QVERIFY(sleep->error.message.contains(QLatin1String("may still run")));
        QCOMPARE(get->error.kind, RedisError::Kind::Timeout);

        // The late replies are matched to their (finished) requests and dropped; the next
        // request gets its own reply once the server wakes.
        QTRY_VERIFY_WITH_TIMEOUT(!awaitReply(connection, RedisCommand::write({"SET", "k", "v"})).isError(), 20000);
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "k"})).bytes, QByteArray("v"));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "after"})).bytes, QByteArray("after"));
    }

    void replyForDestroyedContextIsDropped()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(unixSettings(server));
        bool deliveredToDead = false;
        {
            auto context = std::make_unique<QObject>();
            connection.send(RedisCommand::read({"PING"}), context.get(),
                            [&deliveredToDead](const RedisReply &) { deliveredToDead = true; });
        }
        // A later request's reply comes after the first one's would have.
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "x"})).bytes, QByteArray("x"));
        QTest::qWait(50);
        QVERIFY(!deliveredToDead);
    }

    void refusedConnectionKeepsTryingAndSaysWhy()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();

        RedisConnection connection(
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1?timeout=300").arg(port)));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Reconnecting, 20000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::ConnectionRefused);
        QVERIFY(connection.state().retryInMs > 0);
        QVERIFY(connection.state().describe().startsWith(QLatin1String("reconnecting in")));
        const RedisReply reply = awaitReply(connection, RedisCommand::read({"PING"}));
        QCOMPARE(reply.error.kind, RedisError::Kind::ConnectionRefused);
        QVERIFY(reply.error.message.startsWith(QLatin1String("Not sent")));
    }

    void serverKilledAndRestartedMidRequests()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0?timeout=30000").arg(server.port()));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 400;
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));

        QObject context;
        struct Outcome
        {
            bool write;
            std::optional<RedisReply> reply;
        };
        std::vector<Outcome> outcomes(400);
        auto sendAll = [&](int from, int to) {
            for (int i = from; i < to; ++i) {
                const bool write = i % 2 == 0;
                outcomes[size_t(i)].write = write;
                const RedisCommand command =
                    write ? RedisCommand::write({"INCR", "counter"})
                          : RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"});
                connection.send(command, &context,
                                [&outcomes, i](const RedisReply &reply) { outcomes[size_t(i)].reply = reply; });
            }
        };
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        sendAll(0, 300);
        // All 300 taken by the connection's thread before the kill (slow under the sanitizers,
        // it had not): one it took once it knew the server was gone would wait for the new
        // server and run there, which is right, but not what the count below is about.
        std::atomic<bool> taken{false};
        connection.post([&taken] { taken = true; });
        QTRY_VERIFY(taken.load());
        server.kill();
        QTRY_VERIFY_WITH_TIMEOUT(connection.state().phase == ConnectionState::Phase::Reconnecting, 20000);
        sendAll(300, 400); // known to be down: these wait for the new server
        QVERIFY(server.start());
        QCOMPARE(server.port(), settings.port);

        auto allDone = [&outcomes] {
            return std::all_of(outcomes.begin(), outcomes.end(), [](const Outcome &o) { return o.reply.has_value(); });
        };
        QTRY_VERIFY_WITH_TIMEOUT(allDone(), 40000);
        int lostWrites = 0;
        for (size_t i = 0; i < outcomes.size(); ++i) {
            const Outcome &outcome = outcomes[i];
            if (!outcome.write) {
                // Reads are re-sent after the reconnect (the script reloaded on NOSCRIPT).
                QVERIFY2(!outcome.reply->isError(), qPrintable(outcome.reply->error.message));
                QCOMPARE(outcome.reply->bytes, QByteArray("60"));
            } else if (outcome.reply->isError()) {
                ++lostWrites;
                QCOMPARE(outcome.reply->error.kind, RedisError::Kind::ConnectionLost);
                QVERIFY(outcome.reply->error.message.contains(QLatin1String("may or may not have run")));
            } else {
                QCOMPARE(outcome.reply->type, RedisReply::Type::Integer);
            }
        }
        // Writes sent while the connection knew the server was gone were queued, not lost:
        // each ran once on the new server.
        for (size_t i = 300; i < outcomes.size(); ++i)
            QVERIFY(!outcomes[i].reply->isError());
        SyncRedis check;
        QVERIFY(check.connectUnix(server.socketPath()));
        QCOMPARE(check.command({"GET", "counter"}).bytes, QByteArray("50"));
        QCOMPARE(connection.state().phase, ConnectionState::Phase::Ready);
        bool sawReconnecting = false;
        for (const QList<QVariant> &args : states) {
            const ConnectionState state = args.first().value<ConnectionState>();
            if (state.phase == ConnectionState::Phase::Reconnecting)
                sawReconnecting = true;
        }
        QVERIFY(sawReconnecting);
        qInfo("%d of 150 writes sent before the kill were reported lost", lostWrites);
    }
};

QTEST_GUILESS_MAIN(TestRedisConnection)
#include "tst_redisconnection.moc"
