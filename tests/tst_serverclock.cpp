// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"
#include "serverclock.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <memory>
#include <optional>

// `now` is the Redis server's clock: measured with TIME at connect, after a reconnect and every
// few minutes, and written into every script call as it is sent. The desktop's clock is shifted
// through ConnectionSettings::localClockMs; the server's is the real one, read with TIME.
class TestServerClock final : public QObject
{
    Q_OBJECT

private:
    static constexpr qint64 Hour = 3600 * 1000;

    // The desktop's clock, `shift` milliseconds off the real one; the shift may change mid-test.
    static ConnectionSettings shiftedSettings(const QString &socketPath, std::shared_ptr<std::atomic<qint64>> shift)
    {
        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://") + socketPath);
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        settings.localClockMs = [shift] { return QDateTime::currentMSecsSinceEpoch() + shift->load(); };
        return settings;
    }

    // The server's TIME in seconds.
    static double serverTime(QlessFixture &fixture)
    {
        const RedisValue time = fixture.command({"TIME"});
        return time.elements.value(0).bytes.toDouble() + time.elements.value(1).bytes.toDouble() / 1e6;
    }

    static bool near(qint64 value, qint64 expected, qint64 slack = 2000) { return qAbs(value - expected) <= slack; }

    static RedisReply timeReply(const QByteArray &seconds, const QByteArray &micros)
    {
        RedisReply reply;
        reply.type = RedisReply::Type::Array;
        for (const QByteArray &part : {seconds, micros}) {
            RedisReply element;
            element.type = RedisReply::Type::String;
            element.bytes = part;
            reply.elements << element;
        }
        return reply;
    }

    template<typename T, typename Call>
    static QlessReply<T> await(Call call)
    {
        QObject context;
        std::optional<QlessReply<T>> out;
        call(&context, [&out](const QlessReply<T> &reply) { out = reply; });
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000)) {
            QlessReply<T> timeout;
            timeout.error = RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply"));
            return timeout;
        }
        return *out;
    }

    std::unique_ptr<QlessFixture> m_fixture;

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QVERIFY(m_fixture->start());
    }

    void init() { m_fixture->flush(); }

    void offsetFromOneTimeReply()
    {
        qint64 local = 1'000'000;
        ServerClock clock([&local] { return local; });
        QVERIFY(!clock.isMeasured());
        QCOMPARE(clock.nowMs(), 1'000'000); // the local clock until measured

        // Sent at local 1,000,000 ms, answered at 1,000,100: the server read 2,000.5 s in between.
        QVERIFY(clock.update(timeReply("2000", "500000"), 1'000'000, 1'000'100));
        QVERIFY(clock.isMeasured());
        QCOMPARE(clock.offsetMs(), 2'000'500 - 1'000'050);
        QCOMPARE(clock.roundTripMs(), 100);
        local = 1'000'200;
        QCOMPARE(clock.nowMs(), 2'000'650);
        QCOMPARE(clock.nowSeconds(), 2000.65);

        // What is not a time changes nothing.
        QString error;
        QVERIFY(!clock.update(timeReply("abc", "1"), 0, 1, &error));
        QVERIFY(error.contains(QLatin1String("not a time")));
        QVERIFY(!clock.update(timeReply("2000", "1000000"), 0, 1));
        QVERIFY(!clock.update(RedisReply::fromError(
                                  RedisError::make(RedisError::Kind::NoPermission, QStringLiteral("NOPERM"))),
                              0, 1, &error));
        QVERIFY(error.contains(QLatin1String("NOPERM")));
        QCOMPARE(clock.offsetMs(), 2'000'500 - 1'000'050);
        QCOMPARE(clock.measurements(), 1);

        QCOMPARE(ServerClock::text(1700000000.25), QByteArray("1700000000.25"));
        QCOMPARE(ServerClock::text(12.0), QByteArray("12"));
    }

    void measuredInTheHandshake()
    {
        auto shift = std::make_shared<std::atomic<qint64>>(Hour); // the desktop is an hour ahead
        RedisConnection connection(shiftedSettings(m_fixture->server().socketPath(), shift));
        QSignalSpy measured(&connection, &RedisConnection::serverClockMeasured);
        QVERIFY(awaitReady(connection));
        // Ready comes after the TIME reply: nothing of ours ran on the desktop's clock.
        QVERIFY(connection.serverClock().isMeasured());
        QVERIFY2(near(connection.serverClock().offsetMs(), -Hour),
                 qPrintable(QString::number(connection.serverClock().offsetMs())));
        QVERIFY(qAbs(connection.serverNow() - serverTime(*m_fixture)) < 2.0);
        QTRY_COMPARE(measured.size(), 1);
        QVERIFY(near(measured.first().at(0).toLongLong(), -Hour));
        QVERIFY(measured.first().at(1).toLongLong() >= 0);
    }

    void measuredAgainAfterAReconnect()
    {
        auto shift = std::make_shared<std::atomic<qint64>>(Hour);
        RedisConnection connection(shiftedSettings(m_fixture->server().socketPath(), shift));
        QVERIFY(awaitReady(connection));
        QVERIFY(near(connection.serverClock().offsetMs(), -Hour));
        const int before = connection.serverClock().measurements();

        // The desktop's clock is set back while the link is down.
        *shift = -Hour / 2;
        QSignalSpy states(&connection, &RedisConnection::stateChanged);
        m_fixture->command({"CLIENT", "KILL", "TYPE", "normal"}); // every client but the fixture's
        QTRY_VERIFY_WITH_TIMEOUT(connection.serverClock().measurements() > before, 10000);
        QVERIFY(awaitReady(connection));
        bool reconnected = false;
        for (const QList<QVariant> &args : states)
            reconnected |= args.first().value<ConnectionState>().phase == ConnectionState::Phase::Reconnecting;
        QVERIFY(reconnected);
        QVERIFY2(near(connection.serverClock().offsetMs(), Hour / 2),
                 qPrintable(QString::number(connection.serverClock().offsetMs())));
    }

    void measuredAgainWhileConnected()
    {
        auto shift = std::make_shared<std::atomic<qint64>>(0);
        ConnectionSettings settings = shiftedSettings(m_fixture->server().socketPath(), shift);
        settings.clockCheckIntervalMs = 100;
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        QVERIFY(near(connection.serverClock().offsetMs(), 0));
        QSignalSpy states(&connection, &RedisConnection::stateChanged);

        *shift = 5 * 60 * 1000; // the desktop's clock jumps five minutes ahead
        QTRY_VERIFY_WITH_TIMEOUT(near(connection.serverClock().offsetMs(), -5 * 60 * 1000), 5000);
        QVERIFY(states.isEmpty()); // no reconnect needed
        QVERIFY(qAbs(connection.serverNow() - serverTime(*m_fixture)) < 2.0);
    }

    // The point of it all: a script gets the server's time, not the desktop's.
    void scriptsGetTheServersTime()
    {
        const double server = serverTime(*m_fixture);
        m_fixture->put("q1", "job-1", server);
        m_fixture->put("q1", "job-2", server);

        auto shift = std::make_shared<std::atomic<qint64>>(Hour);
        RedisConnection connection(shiftedSettings(m_fixture->server().socketPath(), shift));
        QlessClient client(&connection);
        // Asked before the connection is even up: stamped when sent, after the TIME reply.
        const auto tracked = await<bool>([&](QObject *c, auto done) { client.writes().track("job-1", c, done); });
        QVERIFY2(tracked.ok() && tracked.value, qPrintable(tracked.error.message));
        const double trackedAt = m_fixture->command({"ZSCORE", "ql:tracked", "job-1"}).bytes.toDouble();
        QVERIFY2(qAbs(trackedAt - serverTime(*m_fixture)) < 5.0, qPrintable(QString::number(trackedAt, 'f', 3)));

        // A job moved into a queue is put at the server's time (score priority - put/1e10).
        const auto moved =
            await<bool>([&](QObject *c, auto done) { client.writes().move("job-2", QStringLiteral("q2"), c, done); });
        QVERIFY2(moved.ok() && moved.value, qPrintable(moved.error.message));
        const double score = m_fixture->command({"ZSCORE", "ql:q:q2-work", "job-2"}).bytes.toDouble();
        const double putAt = -score * 1e10;
        QVERIFY2(qAbs(putAt - serverTime(*m_fixture)) < 5.0, qPrintable(QString::number(putAt, 'f', 3)));
        QVERIFY(qAbs(client.now() - serverTime(*m_fixture)) < 2.0);

        // A clock set on the client (tests, replays) is used as it is.
        client.setClock([] { return 1000.0; });
        QVERIFY(await<bool>([&](QObject *c, auto done) { client.writes().untrack("job-1", c, done); }).ok());
        QVERIFY(await<bool>([&](QObject *c, auto done) { client.writes().track("job-1", c, done); }).ok());
        QCOMPARE(m_fixture->command({"ZSCORE", "ql:tracked", "job-1"}).bytes.toDouble(), 1000.0);
    }
};

QTEST_GUILESS_MAIN(TestServerClock)
#include "tst_serverclock.moc"
