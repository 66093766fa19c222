// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultproxy.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "redisconnection.h"
#include "replywaiter.h"
#include "roundtripmeter.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

// The status bar's round trip against a real redis-server reached through a FaultProxy, so that
// a call of the console's own can be kept at the server on cue.
class TestRoundTripMeter final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;

private slots:
    void initTestCase()
    {
        RedisServer::Options options;
        options.tcp = true;
        m_fixture = std::make_unique<QlessFixture>(options);
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }

    // A console session has one unit at the server at a time (ConnectionSettings::oneUnitAtServer),
    // so the PING may wait on the connection behind a call of the console's own. The meter shows
    // the server's round trip: from the PING's write to its reply, not that wait.
    void thePingsWaitBehindTheConsolesOwnCallIsNotARoundTrip()
    {
        FaultProxy proxy(m_fixture->server().port());
        QVERIFY(proxy.listen());
        ConnectionSettings settings;
        settings.host = QStringLiteral("127.0.0.1");
        settings.port = proxy.port();
        QlessSession session(settings);
        QVERIFY(session.connection()->settings().oneUnitAtServer);
        QVERIFY(awaitReady(*session.connection()));
        RoundTripMeter *meter = RoundTripMeter::of(&session);
        QSignalSpy measured(meter, &RoundTripMeter::measured);

        proxy.setRepliesHeld(true);
        bool answered = false;
        session.connection()->send(RedisCommand::read({"GET", "anything"}), this,
                                   [&answered](const RedisReply &) { answered = true; });
        QTest::qWait(50); // the GET is at the server; the PING goes behind it
        meter->measure();
        QElapsedTimer held;
        held.start();
        const int holdMs = 400;
        QTest::qWait(holdMs);
        QCOMPARE(measured.count(), 0);
        proxy.setRepliesHeld(false);
        QTRY_COMPARE(measured.count(), 1);
        QVERIFY(answered);
        const double ms = measured.first().first().toDouble();
        QVERIFY2(ms >= 0 && ms < holdMs / 2, qPrintable(QStringLiteral("%1 ms").arg(ms)));
        QVERIFY(held.elapsed() >= holdMs);
    }
};

QTEST_GUILESS_MAIN(TestRoundTripMeter)
#include "tst_roundtripmeter.moc"
