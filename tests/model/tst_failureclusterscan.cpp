// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclusterscan.h"
#include "qlessclienttestbase.h"

#include <QSignalSpy>
#include <QTest>

// A failure group read whole into clusters against a real Redis: every failure counted once, in
// short calls, the clusters a person would make; Cancel and a new start drop what was under way.
class TestFailureClusterScan final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;

    QlessFixture &q() { return m_base.fixture(); }

    // `count` failures into `group`, cycling through three kinds of message.
    void seed(const QByteArray &group, int count)
    {
        for (int i = 0; i < count; ++i) {
            const QByteArray jid = group + "-" + QByteArray::number(i);
            QVERIFY(!q().qless("put", T + i, {"client", "q", jid, "K", "{}", "0"}).isError());
            QVERIFY(!q().qless("pop", T + i, {"q", "w", "1"}).isError());
            QByteArray message;
            switch (i % 3) {
            case 0:
                message =
                    "Couldn't find User with 'id'=" + QByteArray::number(1000 + i) + "\n/srv/app/user.rb:10:in `find'";
                break;
            case 1:
                message = "Timeout after " + QByteArray::number(i % 50) + "s to 10.0.0." + QByteArray::number(i % 200)
                          + ":6379\n/srv/app/cache.rb:3:in `get'";
                break;
            default:
                message = "Timeout after 5s to 10.0.0.1:6379\n/srv/app/lock.rb:8:in `acquire'"; // another place
                break;
            }
            QVERIFY(!q().qless("fail", T + i, {jid, "w", group, message, "{}"}).isError());
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
        seed("big", 1000);
        seed("small", 6);
    }
    void cleanupTestCase() { m_base.stopQless(); }

    void aWholeGroupInShortCalls()
    {
        FailureClusterScan scan(m_base.client());
        QSignalSpy finished(&scan, &FailureClusterScan::finished);
        QSignalSpy progressed(&scan, &FailureClusterScan::progressed);
        q().command({"CONFIG", "RESETSTAT"});
        scan.start(QStringLiteral("big"));
        QVERIFY(scan.isRunning());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(!scan.isRunning());
        QCOMPARE(scan.scanned(), 1000);
        QCOMPARE(scan.total(), 1000);
        QCOMPARE(scan.unreadable(), 0);
        const int pages = 1000 / FailureClusterScan::PageSize;
        QCOMPARE(progressed.size(), pages);
        QCOMPARE(progressed.last().at(0).toLongLong(), 1000);
        // One call a page, none past the end.
        const QByteArray stats = q().command({"INFO", "commandstats"}).bytes;
        QVERIFY2(stats.contains(QByteArray("cmdstat_evalsha:calls=" + QByteArray::number(pages) + ",")),
                 stats.constData());
        const QList<FailureCluster> clusters = scan.clusters().sorted();
        QCOMPARE(clusters.size(), 3);
        QCOMPARE(clusters.at(0).count, 334);
        QCOMPARE(clusters.at(0).signature.frame, QStringLiteral("/srv/app/user.rb: find"));
        QCOMPARE(clusters.at(0).firstSeen, T);
        QCOMPARE(clusters.at(0).lastSeen, T + 999);
        QCOMPARE(clusters.at(0).exampleJid, QByteArray("big-999"));
        QCOMPARE(clusters.at(1).count + clusters.at(2).count, 666);
        QCOMPARE(clusters.at(1).signature.message, clusters.at(2).signature.message); // same words, two places
        QVERIFY(clusters.at(1).signature.frame != clusters.at(2).signature.frame);
    }

    void cancelAndRestartDropWhatWasUnderWay()
    {
        FailureClusterScan scan(m_base.client());
        QSignalSpy finished(&scan, &FailureClusterScan::finished);
        scan.start(QStringLiteral("big"));
        scan.cancel();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(finished.at(0).at(1).toString().isEmpty());
        QTest::qWait(300); // the page asked for arrives and is dropped
        QCOMPARE(scan.scanned(), 0);
        scan.start(QStringLiteral("big"));
        scan.start(QStringLiteral("small"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 30000);
        QTest::qWait(300);
        QCOMPARE(finished.size(), 2); // the dropped scan of big never ends
        QCOMPARE(scan.group(), QStringLiteral("small"));
        QCOMPARE(scan.scanned(), 6);
        QCOMPARE(scan.clusters().size(), 3);
    }

    void goneJobsAreCountedNotClustered()
    {
        QVERIFY(!q().command({"DEL", "ql:j:small-0", "ql:j:small-3"}).isError());
        FailureClusterScan scan(m_base.client());
        QSignalSpy finished(&scan, &FailureClusterScan::finished);
        scan.start(QStringLiteral("small"));
        QVERIFY(finished.wait(30000));
        QCOMPARE(scan.scanned(), 6);
        QCOMPARE(scan.unreadable(), 2);
        QCOMPARE(scan.clusters().failures(), 4);
        QCOMPARE(scan.clusters().size(), 2);
    }

    void anErrorEndsTheScanWithIt()
    {
        QVERIFY(!q().command({"SET", "ql:f:broken", "x"}).isError());
        FailureClusterScan scan(m_base.client());
        QSignalSpy finished(&scan, &FailureClusterScan::finished);
        scan.start(QStringLiteral("broken"));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("WRONGTYPE")),
                 qPrintable(finished.at(0).at(1).toString()));
    }
};

QTEST_GUILESS_MAIN(TestFailureClusterScan)
#include "tst_failureclusterscan.moc"
