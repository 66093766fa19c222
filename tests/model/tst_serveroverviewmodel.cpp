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

    // How many EVALSHA the server has run: each part of a round is one.
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

    // The watchdog gives a read up; the next one runs at once, on newer data. When the replies of
    // the one given up come at last, they neither end the next read nor stand as the row's totals.
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
        model.addServer(&session, QStringLiteral("alpha"));
        QTRY_COMPARE(ended.count(), 1);
        QCOMPARE(model.totalsAt(0).waiting, 1);

        proxy.setRepliesHeld(true);
        const qint64 before = scriptCalls();
        // The first read runs on one waiting job; its replies are held. Only this read is given
        // up soon: a watchdog takes its length when its read starts.
        model.setWatchdog(300);
        model.refreshNow();
        model.setWatchdog(RefreshTimer::DefaultWatchdogMs);
        QTRY_VERIFY(scriptCalls() >= before + 3);
        putJobs(4, 1);
        const qint64 afterFirst = scriptCalls();
        // Asked for while the first is out: it starts when the watchdog gives the first one up.
        model.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(scriptCalls() >= afterFirst + 3, 10000);
        QCOMPARE(ended.count(), 1); // the one given up ended nothing

        proxy.setRepliesHeld(false); // the first read's replies arrive, then the second's
        QTRY_COMPARE(ended.count(), 2);
        QCOMPARE(model.totalsAt(0).waiting, 5);
        QCOMPARE(model.index(0, ServerOverviewModel::WaitingColumn).data().toString(), QStringLiteral("5"));
    }
};

QTEST_MAIN(TestServerOverviewModel)
#include "tst_serveroverviewmodel.moc"
