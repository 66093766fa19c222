// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "faultproxy.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

// What a bulk run leaves in Redis: while it runs, the receipts of one batch of steps (or of a few
// group batches) at most, whatever the number of jobs; once it ended, however it ended, nothing
// (no receipt, no record of the run, no set of a failure group's kept entries). The server is
// persisted (appendonly), so a run that ends while the server is away is seen to clean up once
// it is back.
class TestBulkRunnerReceipts final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    std::shared_ptr<AuditLog> m_audit;

    QlessFixture &fixture() { return *m_fixture; }

    std::unique_ptr<QlessSession> openSession()
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture().server().socketPath();
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 300;
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(m_audit);
        return session;
    }

    // The keys of `pattern` on the server now (a test's small database: KEYS is fine here).
    qint64 keys(const QByteArray &pattern) { return fixture().command({"KEYS", pattern}).elements.size(); }
    // Everything a run may leave: receipts, run records, kept sets.
    qint64 leftOver() { return keys("ql:receipt:*") + keys("ql:desk:run:*") + keys("ql:desk:kept:*"); }

    QList<QByteArray> putJobs(const QByteArray &queue, int count)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 60;
        QList<QByteArray> jids;
        for (int i = 0; i < count; ++i) {
            jids << queue + "-" + QByteArray::number(i);
            fixture().put(queue, jids.last(), now + i * 0.001);
        }
        return jids;
    }

    // `count` jobs failed into `group`; the first `parents` of them have a job waiting on them.
    void failJobs(const QByteArray &group, int count, int parents = 0)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        for (int i = 0; i < count; ++i)
            fixture().put("q1", "f" + QByteArray::number(i), now + i * 0.001);
        for (int i = 0; i < parents; ++i)
            fixture().put("q2", "child" + QByteArray::number(i), now,
                          {"depends", "[\"f" + QByteArray::number(i) + "\"]"});
        while (!fixture().pop("q1", "w1", 500, now + 1).isEmpty()) {
        }
        for (int i = 0; i < count; ++i)
            fixture().call(QStringLiteral("fail"), {"f" + QByteArray::number(i), "w1", group, "boom", num(now + 2)});
    }

    // Runs `runner` to its end, counting the run's receipts at each progress report (after each
    // batch's replies, before its receipts are released: when most are alive). The most seen.
    qint64 runCountingReceipts(BulkRunner &runner, int timeoutMs = 120000)
    {
        qint64 most = 0;
        connect(&runner, &BulkRunner::progressed, this, [&] { most = qMax(most, keys("ql:receipt:*")); });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        if (finished.count() == 0 && !finished.wait(timeoutMs))
            return -1;
        return most;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        RedisServer::Options options;
        options.extraArgs = {QStringLiteral("--appendonly"), QStringLiteral("yes"), QStringLiteral("--appendfsync"),
                             QStringLiteral("no")};
        m_fixture = std::make_unique<QlessFixture>(options);
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void cleanupTestCase()
    {
        m_session.reset();
        m_fixture.reset();
    }
    void init()
    {
        fixture().flush();
        m_audit = std::make_shared<AuditLog>(
            m_dir.filePath(QStringLiteral("audit-%1.jsonl")).arg(QString::fromLatin1(QTest::currentTestFunction())));
        m_session = openSession();
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanup() { m_session.reset(); }

    void aPerJobRunHoldsOneBatchOfReceiptsAndLeavesNone()
    {
        const int count = 3000;
        const int batch = 200;
        const QList<QByteArray> jids = putJobs("q1", count);
        BulkRunner runner(m_session.get(), JobAction::setPriority(5), BulkTarget::ofJids(jids));
        runner.setBatchSize(batch);
        // The memory they hold at most, as Redis counts it (MEMORY USAGE of each receipt).
        qint64 mostBytes = 0;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            qint64 bytes = 0;
            for (const RedisValue &key : fixture().command({"KEYS", "ql:receipt:*"}).elements)
                bytes += fixture().command({"MEMORY", "USAGE", key.bytes}).integer;
            mostBytes = qMax(mostBytes, bytes);
        });
        const qint64 most = runCountingReceipts(runner);
        QVERIFY2(runner.summary().done == count, qPrintable(runner.summary().text()));
        // Receipts were kept (a lost reply could be answered), never more than one batch's:
        // a few hundred bytes each.
        QVERIFY2(most > 0 && most <= batch, qPrintable(QString::number(most)));
        QVERIFY2(mostBytes > 0 && mostBytes <= batch * 400, qPrintable(QString::number(mostBytes)));
        qInfo("at most %lld receipts alive at once, %lld bytes", most, mostBytes);
        QTRY_COMPARE_WITH_TIMEOUT(leftOver(), 0, 10000);
    }

    void aGroupRunHoldsAFewBatchReceiptsAndLeavesNone()
    {
        const int count = 1500;
        failJobs("boom", count, 3);
        BulkRunner runner(m_session.get(), JobAction::cancel(),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), count));
        bool keptSeen = false;
        connect(&runner, &BulkRunner::progressed, this, [&] { keptSeen = keptSeen || keys("ql:desk:kept:*") > 0; });
        const qint64 most = runCountingReceipts(runner);
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == count - 3, qPrintable(summary.text()));
        QCOMPARE(summary.skipped.value(BulkRunner::hasDependentsReason()), 3);
        QVERIFY(keptSeen); // the batches remembered the jobs they left in the group
        const int bound = 2 * BulkRunner::GroupBatchesInFlight + 1;
        QVERIFY2(most > 0 && most <= bound, qPrintable(QString::number(most)));
        QTRY_COMPARE_WITH_TIMEOUT(leftOver(), 0, 10000);
        QCOMPARE(fixture().command({"LLEN", "ql:f:boom"}).integer, 3); // what the run did stays
    }

    void aRunStoppedByTheOperatorLeavesNone_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group") << true;
        QTest::newRow("selection") << false;
    }
    void aRunStoppedByTheOperatorLeavesNone()
    {
        QFETCH(bool, wholeGroup);
        const int count = 2000;
        failJobs("boom", count);
        QList<QByteArray> jids;
        for (int i = 0; i < count; ++i)
            jids << "f" + QByteArray::number(i);
        BulkRunner runner(m_session.get(), JobAction::retry(),
                          wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), count)
                                     : BulkTarget::ofJids(jids));
        runner.setBatchSize(100);
        connect(&runner, &BulkRunner::progressed, &runner, [&runner] {
            if (runner.processed() >= 300)
                runner.cancel();
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QVERIFY(runner.summary().cancelled);
        QVERIFY(runner.summary().done < count);
        QTRY_COMPARE_WITH_TIMEOUT(leftOver(), 0, 10000);
    }

    void aRunClosedMidwayLeavesNone()
    {
        const QList<QByteArray> jids = putJobs("q1", 3000);
        auto runner =
            std::make_unique<BulkRunner>(m_session.get(), JobAction::setPriority(2), BulkTarget::ofJids(jids));
        runner->setBatchSize(100);
        runner->start();
        QTRY_VERIFY_WITH_TIMEOUT(runner->processed() >= 500, 30000);
        QVERIFY(keys("ql:receipt:*") > 0 || keys("ql:desk:run:*") > 0);
        runner.reset(); // a batch may be on its way: its receipts go after it
        QTRY_COMPARE_WITH_TIMEOUT(leftOver(), 0, 10000);
    }

    // The operator gives up while the server is down, steps in doubt: once the server is back,
    // the run's receipts go too (they were written to disk with the steps).
    void aRunCancelledWhileTheServerIsAwayLeavesNoneOnceItIsBack()
    {
        const QList<QByteArray> jids = putJobs("q1", 2000);
        BulkRunner runner(m_session.get(), JobAction::setPriority(4), BulkTarget::ofJids(jids));
        runner.setBatchSize(100);
        bool stopped = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (!stopped && runner.processed() >= 300) {
                stopped = true;
                fixture().command({"CLIENT", "PAUSE", "10000", "WRITE"});             // the next batch hangs...
                QTimer::singleShot(300, this, [this] { fixture().server().stop(); }); // ...and is lost
            }
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QTRY_COMPARE_WITH_TIMEOUT(runner.phase(), BulkRunner::Phase::Paused, 30000);
        runner.cancel();
        QCOMPARE(finished.count(), 1);
        QVERIFY(fixture().start());
        QTRY_COMPARE_WITH_TIMEOUT(leftOver(), 0, 20000);
    }

    // A batch's release ran on the server but its reply was lost, then the server restarted
    // from a state that has the release: its steps' receipts are gone, and the run's record says
    // they were released, so they count done and are not sent again (a timeout sent again would
    // find its job no longer running and count it skipped).
    void aReleaseThatRanBeforeARestartCountsItsStepsDone()
    {
        RedisServer::Options options;
        options.tcp = true;
        options.extraArgs = {QStringLiteral("--appendonly"), QStringLiteral("yes"), QStringLiteral("--appendfsync"),
                             QStringLiteral("no")};
        QlessFixture tcp(options);
        QVERIFY(tcp.start());
        FaultProxy proxy(tcp.server().port());
        QVERIFY(proxy.listen());
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(proxy.port()), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(m_audit);
        QTRY_VERIFY_WITH_TIMEOUT(session->state().phase == ConnectionState::Phase::Ready, 20000);

        const double now = double(QDateTime::currentSecsSinceEpoch());
        QList<QByteArray> jids;
        for (int i = 0; i < 5; ++i) {
            jids << "t" + QByteArray::number(i);
            tcp.put("q1", jids.last(), now - 20 + i);
        }
        QCOMPARE(tcp.pop("q1", "w1", 5, now - 10).size(), 5);

        BulkRunner runner(session.get(), JobAction::timeout(), BulkTarget::ofJids(jids));
        bool cut = false;
        bool restarted = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (!cut && runner.processed() == 5) {
                cut = true; // the batch replied; its release goes next, and its reply is cut
                proxy.truncateRepliesAfter(0);
            }
        });
        connect(&runner, &BulkRunner::phaseChanged, this, [&](BulkRunner::Phase phase) {
            if (phase != BulkRunner::Phase::Paused || restarted)
                return;
            restarted = true;
            proxy.truncateRepliesAfter(-1);
            QCOMPARE(tcp.command({"KEYS", "ql:receipt:*"}).elements.size(), 0); // the release ran
            tcp.server().stop();
            QVERIFY(tcp.start());
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QVERIFY(finished.count() > 0 || finished.wait(60000));
        QVERIFY(restarted);
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == 5 && summary.processed() == 5, qPrintable(summary.text()));
        QVERIFY2(summary.notes.join(QString()).contains(QLatin1String("5 of them still done")),
                 qPrintable(summary.text()));
        for (const QByteArray &jid : std::as_const(jids)) {
            int timedOut = 0;
            for (const RedisValue &entry : tcp.command({"LRANGE", "ql:j:" + jid + "-history", "0", "-1"}).elements)
                timedOut += entry.bytes.contains("timed-out") ? 1 : 0;
            QCOMPARE(timedOut, 1);
        }
        QTRY_COMPARE_WITH_TIMEOUT(tcp.command({"KEYS", "ql:receipt:*"}).elements.size()
                                      + tcp.command({"KEYS", "ql:desk:run:*"}).elements.size(),
                                  0, 10000);
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerReceipts)
#include "tst_bulkrunnerreceipts.moc"
