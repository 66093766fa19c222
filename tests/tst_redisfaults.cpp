// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultproxy.h"
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "respreader.h"
#include "syncredis.h"

#include <QDir>
#include <QElapsedTimer>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTest>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <memory>
#include <optional>

// The connection when the network or the server misbehaves: half-open links, stalls, a server
// that is full, a replica, a restart, NOSCRIPT storms and commands that would break the
// pipeline. Real redis-servers throughout; FaultProxy stands in for the network.
class TestRedisFaults final : public QObject
{
    Q_OBJECT

private:
    static ConnectionSettings tcpSettings(quint16 port, const QString &query = {})
    {
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0%2").arg(port).arg(query), &error);
        if (!error.isEmpty())
            qFatal("bad test URL: %s", qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        return settings;
    }

    static qint64 infoNumber(SyncRedis &redis, const QByteArray &section, const QByteArray &field)
    {
        const QByteArray info = redis.command({"INFO", section}).bytes;
        for (const QByteArray &line : info.split('\n')) {
            if (line.startsWith(QByteArray(field + ':')))
                return line.mid(field.size() + 1).trimmed().toLongLong();
        }
        return -1;
    }

    static qint64 commandCalls(SyncRedis &redis, const QByteArray &command)
    {
        const QByteArray info = redis.command({"INFO", "commandstats"}).bytes;
        const QByteArray marker = "cmdstat_" + command + ":calls=";
        const int at = info.indexOf(marker);
        if (at < 0)
            return 0;
        const int start = at + marker.size();
        return info.mid(start, info.indexOf(',', start) - start).toLongLong();
    }

    // The sockets of this process connected to `port` on 127.0.0.1 (the connection's thread
    // owns them, but they are ours to inspect).
    static QList<int> socketsTo(quint16 port)
    {
        QList<int> found;
        const QStringList fds = QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System);
        for (const QString &name : fds) {
            const int fd = name.toInt();
            sockaddr_in peer{};
            socklen_t length = sizeof peer;
            if (::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &length) == 0 && peer.sin_family == AF_INET
                && ntohs(peer.sin_port) == port)
                found << fd;
        }
        return found;
    }

    static int option(int fd, int level, int name)
    {
        int value = -1;
        socklen_t length = sizeof value;
        ::getsockopt(fd, level, name, &value, &length);
        return value;
    }

    static bool sawPhase(const QSignalSpy &spy, ConnectionState::Phase phase)
    {
        for (const QList<QVariant> &args : spy) {
            if (args.first().value<ConnectionState>().phase == phase)
                return true;
        }
        return false;
    }
    // Why the connection last said it would try again. Its present state may already be the
    // next attempt (retries come every 50-200 ms here), which has no error yet.
    static RedisError lastRetryReason(const QSignalSpy &spy)
    {
        RedisError reason;
        for (const QList<QVariant> &args : spy) {
            const ConnectionState state = args.first().value<ConnectionState>();
            if (state.phase == ConnectionState::Phase::Reconnecting)
                reason = state.error;
        }
        return reason;
    }

private slots:
    void stalledLinkIsDroppedAndReopened()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        FaultProxy proxy(server.port());
        QVERIFY(proxy.listen());
        RedisConnection connection(tcpSettings(proxy.port(), QStringLiteral("?timeout=400&connect_timeout=400")));
        QVERIFY(awaitReady(connection));
        QCOMPARE(proxy.connectionsAccepted(), 1);

        // The peer vanishes without a word: no RST, no FIN, nothing.
        proxy.setStalled(true);
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        const RedisReply lost = awaitReply(connection, RedisCommand::read({"GET", "k"}), 5000);
        QCOMPARE(lost.error.kind, RedisError::Kind::Timeout);
        // The connection gives up on the link by itself and tries new ones.
        QTRY_VERIFY_WITH_TIMEOUT(sawPhase(states, ConnectionState::Phase::Reconnecting), 3000);
        const auto firstDrop = std::find_if(states.begin(), states.end(), [](const QList<QVariant> &args) {
            return args.first().value<ConnectionState>().phase == ConnectionState::Phase::Reconnecting;
        });
        const RedisError why = firstDrop->first().value<ConnectionState>().error;
        QCOMPARE(why.kind, RedisError::Kind::ConnectionLost);
        QVERIFY2(why.message.contains(QLatin1String("taken as dead")), qPrintable(why.message));
        QTRY_VERIFY_WITH_TIMEOUT(proxy.connectionsAccepted() >= 2, 5000);

        proxy.setStalled(false);
        proxy.dropAll(); // the stalled attempts are gone for good
        QVERIFY(awaitReady(connection, 10000));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "back"})).bytes, QByteArray("back"));
    }

    void replyCutMidwayIsReadAgainOnANewConnection()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        FaultProxy proxy(server.port());
        QVERIFY(proxy.listen());
        RedisConnection connection(tcpSettings(proxy.port()));
        const QByteArray big(200000, 'x');
        QCOMPARE(awaitReply(connection, RedisCommand::write({"SET", "big", big})).bytes, QByteArray("OK"));

        proxy.setDelayMs(150);
        QElapsedTimer slow;
        slow.start();
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "late"})).bytes, QByteArray("late"));
        QVERIFY(slow.elapsed() >= 150);
        proxy.setDelayMs(0);

        proxy.truncateRepliesAfter(1000);
        QObject context;
        std::optional<RedisReply> get;
        std::optional<RedisReply> echo;
        connection.send(RedisCommand::read({"GET", "big"}), &context, [&get](const RedisReply &r) { get = r; });
        connection.send(RedisCommand::read({"ECHO", "after"}), &context, [&echo](const RedisReply &r) { echo = r; });
        QTRY_VERIFY_WITH_TIMEOUT(get && echo, 10000);
        // Both reads went again on a new connection, each with its own reply.
        QCOMPARE(proxy.connectionsAccepted(), 2);
        QCOMPARE(get->bytes.size(), big.size());
        QCOMPARE(echo->bytes, QByteArray("after"));
    }

    void pausedServerIsTakenAsDeadAndComesBack()
    {
        RedisServer server;
        QVERIFY(server.start());
        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath()
                                                                  + QStringLiteral("?timeout=300&connect_timeout=300"));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        QCOMPARE(admin.command({"CLIENT", "PAUSE", "1500", "ALL"}).bytes, QByteArray("OK"));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "k"}), 5000).error.kind, RedisError::Kind::Timeout);
        QTRY_VERIFY_WITH_TIMEOUT(sawPhase(states, ConnectionState::Phase::Reconnecting), 3000);
        QVERIFY(awaitReady(connection, 10000));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "x"})).bytes, QByteArray("x"));
    }

    void keepAliveIsShortOnTheSocket()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        ConnectionSettings settings = tcpSettings(server.port());
        settings.keepAliveIdleMs = 7000;
        settings.keepAliveIntervalMs = 2000;
        settings.keepAliveProbes = 4;
        settings.tcpUserTimeoutMs = 12000;
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        const QList<int> fds = socketsTo(server.port());
        QCOMPARE(fds.size(), 1);
        const int fd = fds.first();
        QCOMPARE(option(fd, SOL_SOCKET, SO_KEEPALIVE), 1);
        QCOMPARE(option(fd, IPPROTO_TCP, TCP_KEEPIDLE), 7);
        QCOMPARE(option(fd, IPPROTO_TCP, TCP_KEEPINTVL), 2);
        QCOMPARE(option(fd, IPPROTO_TCP, TCP_KEEPCNT), 4);
        QCOMPARE(option(fd, IPPROTO_TCP, TCP_USER_TIMEOUT), 12000);
    }

    void reconnectWorksFromReady()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath()));
        QVERIFY(awaitReady(connection));
        const qint64 firstId = awaitReply(connection, RedisCommand::read({"CLIENT", "ID"})).integer;
        QVERIFY(firstId > 0);
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        connection.reconnect();
        QTRY_VERIFY_WITH_TIMEOUT(sawPhase(states, ConnectionState::Phase::Connecting), 5000);
        QVERIFY(awaitReady(connection));
        const qint64 secondId = awaitReply(connection, RedisCommand::read({"CLIENT", "ID"})).integer;
        QVERIFY2(secondId > firstId, qPrintable(QStringLiteral("%1 then %2").arg(firstId).arg(secondId)));
    }

    void zeroTimeoutIsRefused()
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Tcp;
        settings.requestTimeoutMs = 0;
        RedisConnection connection(settings);
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Failed, 5000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::InvalidSettings);
        QVERIFY(connection.state().error.message.contains(QLatin1String("timeout")));
    }

    void oneScriptLoadAfterFlushAndRepliesInSendOrder()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath()));
        const RedisCommand get = RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"});
        QCOMPARE(awaitReply(connection, get).bytes, QByteArray("60"));
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        admin.command({"SCRIPT", "FLUSH"});
        admin.command({"CONFIG", "RESETSTAT"});

        QObject context;
        QList<int> order;
        QList<QByteArray> replies;
        for (int i = 0; i < 400; ++i) {
            const RedisCommand command = i % 2 == 0 ? get : RedisCommand::read({"ECHO", QByteArray::number(i)});
            connection.send(command, &context, [&order, &replies, i](const RedisReply &reply) {
                order << i;
                replies << (reply.isError() ? reply.error.message.toUtf8() : reply.bytes);
            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 400, 20000);
        for (int i = 0; i < 400; ++i) {
            QCOMPARE(order.at(i), i);
            QCOMPARE(replies.at(i), i % 2 == 0 ? QByteArray("60") : QByteArray::number(i));
        }
        QCOMPARE(commandCalls(admin, "script|load"), 1);
    }

    void fullServerIsRetriedNotFailed()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        // With a password, AUTH is the first command to meet the "max clients" error.
        QCOMPARE(admin.command({"CONFIG", "SET", "requirepass", "pw"}).bytes, QByteArray("OK"));
        QCOMPARE(admin.command({"CONFIG", "SET", "maxclients", "1"}).bytes, QByteArray("OK"));

        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://:pw@") + server.socketPath());
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        RedisConnection connection(settings);
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        QTRY_VERIFY_WITH_TIMEOUT(sawPhase(states, ConnectionState::Phase::Reconnecting), 5000);
        QTest::qWait(300);
        QVERIFY(!sawPhase(states, ConnectionState::Phase::Failed));
        QCOMPARE(lastRetryReason(states).kind, RedisError::Kind::MaxClients);
        QVERIFY(lastRetryReason(states).message.contains(QLatin1String("maxclients")));

        QCOMPARE(admin.command({"CONFIG", "SET", "maxclients", "100"}).bytes, QByteArray("OK"));
        QVERIFY(awaitReady(connection, 10000));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));
    }

    void busyServerIsRetriedNotTakenAsReady()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        QCOMPARE(admin.command({"CONFIG", "SET", "busy-reply-threshold", "50"}).bytes, QByteArray("OK"));
        // Another client's endless script: the server answers everyone else with -BUSY.
        QLocalSocket hog;
        hog.connectToServer(server.socketPath());
        QVERIFY(hog.waitForConnected(5000));
        hog.write(RespReader::encode({"EVAL", "while true do end", "0"}));
        QVERIFY(hog.waitForBytesWritten(5000));
        QTest::qWait(200);

        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath());
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        RedisConnection connection(settings);
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        QTRY_VERIFY_WITH_TIMEOUT(sawPhase(states, ConnectionState::Phase::Reconnecting), 5000);
        QTest::qWait(300);
        QVERIFY(!sawPhase(states, ConnectionState::Phase::Ready));
        QVERIFY(!sawPhase(states, ConnectionState::Phase::Failed));
        QCOMPARE(lastRetryReason(states).kind, RedisError::Kind::Busy);

        QCOMPARE(admin.command({"SCRIPT", "KILL"}).bytes, QByteArray("OK"));
        QVERIFY(awaitReady(connection, 10000));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));
    }

    void replicaWithoutSentinelRefusesWritesForGood()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        QCOMPARE(admin.command({"REPLICAOF", "127.0.0.1", "1"}).bytes, QByteArray("OK"));
        RedisConnection connection(ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath()));
        QVERIFY(awaitReady(connection));
        const qint64 connections = infoNumber(admin, "stats", "total_connections_received");

        const RedisReply set = awaitReply(connection, RedisCommand::write({"SET", "k", "v"}), 5000);
        QCOMPARE(set.error.kind, RedisError::Kind::NotMaster);
        QVERIFY(set.error.message.contains(QLatin1String("replica")));
        QVERIFY(set.error.message.contains(QLatin1String("Sentinel")));
        QVERIFY(!set.error.isPassing());
        QVERIFY(set.error.certainlyNotRun());
        // No reconnect loop, no second try: the same connection still reads.
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "k"})).type, RedisReply::Type::Nil);
        QCOMPARE(infoNumber(admin, "stats", "total_connections_received"), connections);
    }

    void restartedServerIsNoticedByRunId()
    {
        RedisServer server;
        QVERIFY(server.start());
        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath());
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        RedisConnection connection(settings);
        QSignalSpy restarted(&connection, &RedisConnection::serverRestarted);
        QVERIFY(awaitReady(connection));
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        const QByteArray runId = admin.command({"INFO", "server"}).bytes;
        QTRY_VERIFY(!connection.serverRunId().isEmpty());
        QVERIFY(runId.contains(QByteArray("run_id:" + connection.serverRunId())));

        // Same server, new connection: nothing to say.
        admin.command({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
        QVERIFY(awaitReady(connection));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));
        QCOMPARE(restarted.size(), 0);

        const QByteArray before = connection.serverRunId();
        server.kill();
        QVERIFY(server.start());
        QTRY_COMPARE_WITH_TIMEOUT(restarted.size(), 1, 10000);
        QCOMPARE(restarted.first().at(0).toByteArray(), before);
        QVERIFY(restarted.first().at(1).toByteArray() != before);
        QTRY_COMPARE(connection.serverRunId(), restarted.first().at(1).toByteArray());
    }

    void commandsThatBreakReplyMatchingAreNotSent()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath()));
        QVERIFY(awaitReady(connection));
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        admin.command({"CONFIG", "RESETSTAT"});
        const QList<QList<QByteArray>> refused{{"SUBSCRIBE", "ql:log"},
                                               {"psubscribe", "*"},
                                               {"SSUBSCRIBE", "x"},
                                               {"MONITOR"},
                                               {"CLIENT", "REPLY", "OFF"},
                                               {"client", "reply", "skip"},
                                               {"HELLO", "3"},
                                               {"RESET"},
                                               {"QUIT"},
                                               {"SELECT", "1"},
                                               {"BLPOP", "q", "0"},
                                               {"XREAD", "BLOCK", "0", "STREAMS", "s", "$"}};
        for (const QList<QByteArray> &argv : refused) {
            const RedisReply reply = awaitReply(connection, RedisCommand::read(argv));
            QVERIFY2(reply.error.kind == RedisError::Kind::NotAllowed, argv.first().constData());
            QVERIFY(reply.error.message.contains(QLatin1String("not sent")));
            QVERIFY(reply.error.certainlyNotRun());
        }
        const RedisReply subscribe = awaitReply(connection, RedisCommand::read({"SUBSCRIBE", "ql:log"}));
        QVERIFY(subscribe.error.message.contains(QLatin1String("wrong request")));
        // Nothing reached the server, and replies still match their requests.
        for (const QByteArray command : {"subscribe", "monitor", "client|reply", "hello", "reset", "blpop"})
            QCOMPARE(commandCalls(admin, command), 0);
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "a"})).bytes, QByteArray("a"));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"HELLO", "2"})).type, RedisReply::Type::Array);
        QCOMPARE(awaitReply(connection, RedisCommand::read({"ECHO", "b"})).bytes, QByteArray("b"));
    }
};

QTEST_GUILESS_MAIN(TestRedisFaults)
#include "tst_redisfaults.moc"
