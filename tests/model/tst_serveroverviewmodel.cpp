// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultproxy.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "refreshtimer.h"
#include "replywaiter.h"
#include "serveroverviewmodel.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <memory>

// The All servers model against a real redis-server reached through a FaultProxy, so that a
// read's replies can be held back while its requests run: a read given up by the watchdog must
// stay given up, whatever its replies do when they come at last.
class TestServerOverviewModel final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;

    ConnectionSettings overTcp(quint16 port) const
    {
        ConnectionSettings settings;
        settings.host = QStringLiteral("127.0.0.1");
        settings.port = port;
        // Far beyond the test: held replies stay owed instead of failing the read.
        settings.requestTimeoutMs = 600000;
        return settings;
    }

    void putJobs(int count, int from)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = from; i < from + count; ++i)
            m_fixture->put("crawl", "crawl-" + QByteArray::number(i), now);
    }

    // How many EVALSHA the server has run: each part of a qless round is one (the other job
    // systems' reads are EVAL or plain commands).
    qint64 scriptCalls()
    {
        const QByteArray info = m_fixture->command({"INFO", "commandstats"}).text();
        static const QRegularExpression calls(QStringLiteral("cmdstat_evalsha:calls=(\\d+)"));
        const QRegularExpressionMatch match = calls.match(QString::fromLatin1(info));
        return match.hasMatch() ? match.captured(1).toLongLong() : 0;
    }

private slots:
    void initTestCase()
    {
        RedisServer::Options options;
        options.tcp = true;
        m_fixture = std::make_unique<QlessFixture>(options);
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }

    // The watchdog gives a read up; the next one starts at once, on newer data. When the replies
    // of the one given up come at last (a console session has one unit at the server at a time,
    // ConnectionSettings::oneUnitAtServer, so they come before any of the next read's), they
    // neither end the next read nor add to its totals.
    void aReadGivenUpStaysGivenUp()
    {
        FaultProxy proxy(m_fixture->server().port());
        QVERIFY(proxy.listen());
        putJobs(1, 0);
        QlessSession session(overTcp(proxy.port()));
        QVERIFY(awaitReady(*session.connection()));

        ServerOverviewModel model;
        QAbstractItemModelTester tester(&model);
        model.setInterval(0); // reads start only when the test asks
        QSignalSpy ended(&model, &ServerOverviewModel::rowRead);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.addServer(&session, QStringLiteral("alpha"));
        QTRY_COMPARE(ended.count(), 1);
        QCOMPARE(model.totalsAt(0).waiting, 1);
        // The other job systems' reads of that round (one a source) may still be out behind it:
        // the replies held below must be the next round's.
        const auto systemsRead = [&changed] {
            return std::count_if(changed.cbegin(), changed.cend(), [](const QList<QVariant> &args) {
                return args.at(0).toModelIndex().column() == ServerOverviewModel::OtherSystemsColumn;
            });
        };
        QTRY_VERIFY(systemsRead() >= 2);
        const QList<RefreshTimer *> timers = model.findChildren<RefreshTimer *>();
        QCOMPARE(timers.size(), 1);
        RefreshTimer *timer = timers.first();
        QSignalSpy abandoned(timer, &RefreshTimer::refreshAbandoned);

        proxy.setRepliesHeld(true);
        const qint64 before = scriptCalls();
        // The first read's first call (the queues' counts) runs on one waiting job; its reply is
        // held, and the read's other calls wait on the connection behind it. Only this read is
        // given up soon: a watchdog takes its length when its read starts.
        model.setWatchdog(300);
        model.refreshNow();
        model.setWatchdog(RefreshTimer::DefaultWatchdogMs);
        QTRY_VERIFY(scriptCalls() >= before + 1);
        const quint64 firstTicket = timer->ticket();
        putJobs(4, 1);
        const qint64 afterPut = scriptCalls(); // each put is a call too
        // Asked for while the first is out: it starts when the watchdog gives the first one up.
        model.refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(abandoned.count(), 1, 10000);
        QTRY_VERIFY(timer->isInFlight() && timer->ticket() > firstTicket);
        QCOMPARE(ended.count(), 1);        // the one given up ended nothing
        QCOMPARE(scriptCalls(), afterPut); // one unit at the server: nothing of either read beside it

        // The first read's replies arrive (its first call's counted one job), then the second's.
        proxy.setRepliesHeld(false);
        QTRY_COMPARE(ended.count(), 2);
        QCOMPARE(model.totalsAt(0).waiting, 5);
        QCOMPARE(model.index(0, ServerOverviewModel::WaitingColumn).data().toString(), QStringLiteral("5"));
        QTest::qWait(200); // nothing late ends a third read
        QCOMPARE(ended.count(), 2);
        QCOMPARE(scriptCalls(), afterPut + 5); // both reads ran whole, each part once
    }
};

QTEST_MAIN(TestServerOverviewModel)
#include "tst_serveroverviewmodel.moc"
