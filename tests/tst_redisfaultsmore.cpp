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
class TestRedisFaultsMore final : public QObject
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
    void killedInTheMiddleOfAPipelinedPageEachReplyIsItsOwn()
    {
        RedisServer server;
        QVERIFY(server.start());
        SyncRedis seed;
        QVERIFY(seed.connectUnix(server.socketPath()));
        const QByteArray padding(300, 'x'); // replies big enough to be still coming when killed
        QList<QByteArray> mset{"MSET"};
        for (int i = 0; i < 10000; ++i)
            mset << "key:" + QByteArray::number(i) << "value:" + QByteArray::number(i) + padding;
        QCOMPARE(seed.command(mset).bytes, QByteArray("OK"));

        RedisConnection connection(unixSettings(server));
        QVERIFY(awaitReady(connection));
        QObject context;
        int received = 0;
        int mismatched = 0;
        int failed = 0;
        bool killed = false;
        qint64 killedClients = 0;
        for (int i = 0; i < 10000; ++i) {
            connection.send(RedisCommand::read({"GET", "key:" + QByteArray::number(i)}), &context,
                            [&, i](const RedisReply &reply) {
                                if (reply.isError())
                                    ++failed;
                                else if (reply.bytes != "value:" + QByteArray::number(i) + padding)
                                    ++mismatched;
                                if (++received == 2000 && !killed) {
                                    killed = true;
                                    killedClients = seed.command({"CLIENT", "KILL", "TYPE", "normal"}).integer;
                                }
                            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(received, 10000, 60000);
        QVERIFY(killed);
        QCOMPARE(killedClients, 1);
        QCOMPARE(mismatched, 0);
        QCOMPARE(failed, 0); // reads in flight were sent again on the new connection
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Ready, 10000);
        // The console is on a new client id, and some reads went out twice: the kill landed
        // while they were in flight, yet each caller got one reply, its own.
        QCOMPARE(seed.command({"CLIENT", "LIST"}).bytes.count("name=qlessdesk "), 1);
        const QByteArray stats = seed.command({"INFO", "commandstats"}).bytes;
        const int at = stats.indexOf("cmdstat_get:calls=") + 18;
        const qint64 gets = stats.mid(at, stats.indexOf(',', at) - at).toLongLong();
        QVERIFY2(gets > 10000, QByteArray::number(gets).constData());
    }

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

        const int count = 5000;
        QObject context;
        int received = 0;
        int lost = 0;
        int otherErrors = 0;
        qint64 lastValue = 0;
        int outOfStep = 0;
        bool killed = false;
        for (int i = 0; i < count; ++i) {
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
                if (received == 1000 && !killed) {
                    killed = true;
                    QCOMPARE(seed.command({"CLIENT", "KILL", "ID", id}).integer, 1);
                }
            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(received, count, 60000);
        QVERIFY(killed);
        QCOMPARE(otherErrors, 0);
        QCOMPARE(outOfStep, 0);
        QVERIFY2(lost > 0, "the kill landed after every write had been answered");
        const qint64 counter = seed.command({"GET", "counter"}).bytes.toLongLong();
        const int answered = count - lost;
        // Every answered write ran once; a lost one ran at most once; none ran twice.
        QVERIFY2(counter >= answered && counter <= count, QByteArray::number(counter).constData());
        QVERIFY(lastValue <= counter);
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
        QCOMPARE(seed.command({"ACL", "SETUSER", "peek", "on", ">pw", "~*", "+@read", "+@connection",
                               "-evalsha", "-script"}).bytes,
                 QByteArray("OK"));
        QCOMPARE(seed.command({"SET", "k", "v"}).bytes, QByteArray("OK"));
        ConnectionSettings settings = unixSettings(server);
        settings.user = QStringLiteral("peek");
        settings.password = QStringLiteral("pw");
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        QElapsedTimer clock;
        clock.start();
        const RedisReply script = awaitReply(connection, RedisCommand::readScript(QStringLiteral("config"), {}, {"get"}));
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

QTEST_GUILESS_MAIN(TestRedisFaultsMore)
#include "tst_redisfaultsmore.moc"
