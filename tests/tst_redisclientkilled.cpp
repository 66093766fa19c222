// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "syncredis.h"

#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

// The console's connection killed from another client (CLIENT KILL, by type or by the id of
// the client named qlessdesk) in the middle of a pipelined stream: reads are sent again and each
// answers its own request; writes in flight are reported as not known to have run, never sent
// twice, and the ones that answer are matched to their own request. Also a user that may not
// run scripts at all.
class TestRedisClientKilled final : public QObject
{
    Q_OBJECT

    static ConnectionSettings unixSettings(const RedisServer &server)
    {
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath(), &error);
        if (!error.isEmpty())
            qFatal("bad test URL: %s", qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 300;
        return settings;
    }

    // The id of the console's connection, by the name it gives itself.
    static QByteArray consoleClientId(SyncRedis &redis)
    {
        const QByteArray list = redis.command({"CLIENT", "LIST"}).bytes;
        for (const QByteArray &line : list.split('\n')) {
            if (!line.contains(" name=qlessdesk "))
                continue;
            const int at = line.indexOf("id=");
            return line.mid(at + 3, line.indexOf(' ', at) - at - 3);
        }
        return {};
    }

private slots:
    // The kill must land while reads are in flight on any machine, however fast: another client
    // pauses writes (CLIENT PAUSE WRITE holds writes, lets reads and CLIENT KILL through), and
    // one INCR sits after the first 2,000 GETs of the page. Redis answers those GETs, then holds
    // the INCR, and the 8,000 GETs behind it wait on the wire until the client is killed.
    void killedInTheMiddleOfAPipelinedPageEachReplyIsItsOwn()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis seed;
        QVERIFY(seed.connectUnix(server.socketPath()));
        const QByteArray padding(300, 'x');
        QList<QByteArray> mset{"MSET"};
        for (int i = 0; i < 10000; ++i)
            mset << "key:" + QByteArray::number(i) << "value:" + QByteArray::number(i) + padding;
        QCOMPARE(seed.command(mset).bytes, QByteArray("OK"));

        RedisConnection connection(unixSettings(server));
        QVERIFY(awaitReady(connection));
        const QByteArray id = consoleClientId(seed);
        QVERIFY(!id.isEmpty());

        QObject context;
        int received = 0;
        int mismatched = 0;
        int failed = 0;
        RedisReply incr;
        bool incrAnswered = false;
        QCOMPARE(seed.command({"CLIENT", "PAUSE", "60000", "WRITE"}).bytes, QByteArray("OK"));
        for (int i = 0; i < 10000; ++i) {
            if (i == 2000) {
                connection.send(RedisCommand::write({"INCR", "counter"}), &context, [&](const RedisReply &reply) {
                    incr = reply;
                    incrAnswered = true;
                });
            }
            connection.send(RedisCommand::read({"GET", "key:" + QByteArray::number(i)}), &context,
                            [&, i](const RedisReply &reply) {
                                if (reply.isError())
                                    ++failed;
                                else if (reply.bytes != "value:" + QByteArray::number(i) + padding)
                                    ++mismatched;
                                ++received;
                            });
        }
        const auto held = [&] {
            const QByteArray info = seed.command({"CLIENT", "LIST", "ID", id}).bytes;
            const int at = info.indexOf(" flags=") + 7;
            return info.mid(at, info.indexOf(' ', at) - at).contains('b');
        };
        QTRY_VERIFY_WITH_TIMEOUT(held(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(received, 2000, 10000);
        QCOMPARE(seed.command({"CLIENT", "KILL", "ID", id}).integer, 1);
        QTRY_VERIFY_WITH_TIMEOUT(incrAnswered, 10000);
        QCOMPARE(incr.error.kind, RedisError::Kind::ConnectionLost);
        QCOMPARE(seed.command({"CLIENT", "UNPAUSE"}).bytes, QByteArray("OK"));

        QTRY_COMPARE_WITH_TIMEOUT(received, 10000, 60000);
        QCOMPARE(mismatched, 0);
        QCOMPARE(failed, 0); // the 8,000 reads in flight were sent again on the new connection
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Ready, 10000);
        // The console is on a new client id, and each caller got one reply, its own.
        QCOMPARE(seed.command({"CLIENT", "LIST"}).bytes.count("name=qlessdesk "), 1);
        QVERIFY(consoleClientId(seed) != id);
        QCOMPARE(seed.command({"GET", "counter"}).bytes, QByteArray()); // the held INCR never ran
    }

    // Whether the kill lands while writes are in flight must not depend on how fast this
    // machine answers: the first 1,000 writes are answered, then another client pauses writes
    // (CLIENT PAUSE WRITE holds INCR but lets CLIENT KILL through) and the next 4,000 are sent,
    // so when the console's client is seen held by the pause, its writes are surely in flight.
    void killedByIdWhileWritesAreInFlightNoneIsSentTwice()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis seed;
        QVERIFY(seed.connectUnix(server.socketPath()));
        RedisConnection connection(unixSettings(server));
        QVERIFY(awaitReady(connection));
        const QByteArray id = consoleClientId(seed);
        QVERIFY(!id.isEmpty());

        const int answeredFirst = 1000;
        const int count = 5000;
        QObject context;
        int received = 0;
        int lost = 0;
        int otherErrors = 0;
        qint64 lastValue = 0;
        int outOfStep = 0;
        const auto sendIncr = [&] {
            connection.send(RedisCommand::write({"INCR", "counter"}), &context, [&](const RedisReply &reply) {
                ++received;
                if (reply.isError()) {
                    if (reply.error.kind == RedisError::Kind::ConnectionLost)
                        ++lost;
                    else
                        ++otherErrors;
                } else {
                    // Each INCR's reply is the counter after it: rising, or a reply went astray.
                    if (reply.integer <= lastValue)
                        ++outOfStep;
                    lastValue = reply.integer;
                }
            });
        };
        for (int i = 0; i < answeredFirst; ++i)
            sendIncr();
        QTRY_COMPARE_WITH_TIMEOUT(received, answeredFirst, 30000);
        QCOMPARE(lost, 0);

        QCOMPARE(seed.command({"CLIENT", "PAUSE", "60000", "WRITE"}).bytes, QByteArray("OK"));
        for (int i = answeredFirst; i < count; ++i)
            sendIncr();
        // Held by the pause: flag b (blocked) on the console's client.
        const auto held = [&] {
            const QByteArray info = seed.command({"CLIENT", "LIST", "ID", id}).bytes;
            const int at = info.indexOf(" flags=") + 7;
            return info.mid(at, info.indexOf(' ', at) - at).contains('b');
        };
        QTRY_VERIFY_WITH_TIMEOUT(held(), 10000);
        QCOMPARE(seed.command({"CLIENT", "KILL", "ID", id}).integer, 1);
        // The held write and those queued behind it were on the wire: reported lost, not resent.
        QTRY_VERIFY_WITH_TIMEOUT(lost > 0, 10000);
        QCOMPARE(seed.command({"CLIENT", "UNPAUSE"}).bytes, QByteArray("OK"));

        QTRY_COMPARE_WITH_TIMEOUT(received, count, 60000);
        QCOMPARE(otherErrors, 0);
        QCOMPARE(outOfStep, 0);
        const qint64 counter = seed.command({"GET", "counter"}).bytes.toLongLong();
        // The killed client's writes never ran (the pause held them), so the counter is exactly
        // the answered writes: none lost ran, none ran twice.
        QCOMPARE(counter, qint64(count - lost));
        QCOMPARE(lastValue, counter);
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Ready, 10000);
        const RedisReply after = awaitReply(connection, RedisCommand::write({"INCR", "counter"}));
        QCOMPARE(after.integer, counter + 1);
    }
    // A user that may read keys but not run scripts at all (no EVALSHA, no SCRIPT LOAD): every
    // qless call is refused at once with the ACL's reason naming the command, not retried, not
    // hung, and plain reads still work.
    void userWithoutEvalshaIsToldWhy()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis seed;
        QVERIFY(seed.connectUnix(server.socketPath()));
        QCOMPARE(seed.command(
                         {"ACL", "SETUSER", "peek", "on", ">pw", "~*", "+@read", "+@connection", "-evalsha", "-script"})
                     .bytes,
                 QByteArray("OK"));
        QCOMPARE(seed.command({"SET", "k", "v"}).bytes, QByteArray("OK"));
        ConnectionSettings settings = unixSettings(server);
        settings.user = QStringLiteral("peek");
        settings.password = QStringLiteral("pw");
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        QElapsedTimer clock;
        clock.start();
        const RedisReply script =
            awaitReply(connection, RedisCommand::readScript(QStringLiteral("config"), {}, {"get"}));
        QCOMPARE(script.error.kind, RedisError::Kind::NoPermission);
        QVERIFY2(script.error.message.contains(QLatin1String("ACL")), qPrintable(script.error.message));
        QVERIFY2(script.error.message.contains(QLatin1String("evalsha"), Qt::CaseInsensitive)
                     || script.error.message.contains(QLatin1String("script"), Qt::CaseInsensitive),
                 qPrintable(script.error.message));
        QVERIFY(clock.elapsed() < 5000);
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "k"})).bytes, QByteArray("v"));
        QCOMPARE(connection.state().phase, ConnectionState::Phase::Ready);
    }
};

QTEST_GUILESS_MAIN(TestRedisClientKilled)
#include "tst_redisclientkilled.moc"
