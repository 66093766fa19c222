// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// BulkRunner on a whole failure group whose batches do not take all they were asked: batches
// that leave jobs in place (cancel: jobs others depend on) when one of those jobs leaves the
// group during the run, moved by someone else; and batches the server stops on its clock.
// Batches pass over the jobs left in place by count; the count must come down with the job
// that left, or the oldest job after them is passed over, left failed, and the summary calls it
// gone from the group.
class TestBulkRunnerKept final : public QObject
{
    Q_OBJECT

    QlessFixture m_qless;
    QTemporaryDir m_dir;
    std::unique_ptr<QlessSession> m_session;

    qint64 integer(const QList<QByteArray> &argv) { return m_qless.command(argv).integer; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init()
    {
        m_qless.flush();
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_qless.server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
        m_session->setAuditLog(std::make_shared<AuditLog>(m_dir.filePath(QStringLiteral("audit.jsonl"))));
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanup() { m_session.reset(); }

    void aKeptJobThatLeavesTheGroupLeavesNoJobBehind()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        const int jobs = 300;
        for (int i = 0; i < jobs; ++i)
            m_qless.put("q1", "j" + QByteArray::number(1000 + i), now + i * 0.001);
        while (!m_qless.pop("q1", "w1", 500, now + 1).isEmpty()) {
        }
        // Failed oldest first: j1000 and j1001 are the group's two oldest entries.
        for (int i = 0; i < jobs; ++i) {
            const QByteArray jid = "j" + QByteArray::number(1000 + i);
            QCOMPARE(m_qless
                         .call(QStringLiteral("fail"),
                               {jid, "w1", "boom", "m", QByteArray::number(now + 2 + i * 0.001, 'f', 3)})
                         .bytes,
                     jid);
        }
        // Jobs waiting on them: cancelling them is refused, so the first batch leaves both in place.
        m_qless.put("q1", "child0", now + 3, {"depends", "[\"j1000\"]"});
        m_qless.put("q1", "child1", now + 3, {"depends", "[\"j1001\"]"});

        BulkRunner runner(m_session.get(), JobAction::cancel(),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), jobs));
        runner.setBatchSize(20);
        bool moved = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            // After the first batch, before the next is sent: someone puts j1000 into a queue,
            // which takes it out of the group.
            if (!moved && runner.summary().skipped.value(QStringLiteral("has dependents")) == 2) {
                moved = true;
                QCOMPARE(m_qless.put("elsewhere", "j1000", now + 4).bytes, QByteArray("j1000"));
            }
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QVERIFY(finished.wait(60000));
        QVERIFY(moved);

        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done, jobs - 2);
        QCOMPARE(summary.skipped.value(QStringLiteral("has dependents")), 2);
        QCOMPARE(summary.skipped.value(QStringLiteral("no longer in the group")), 0);
        // Only the job still held back is left; every other one was cancelled.
        QCOMPARE(m_qless.command({"LRANGE", "ql:f:boom", "0", "-1"}).strings(), QList<QByteArray>{"j1001"});
        QCOMPARE(m_qless.job("j1000").value(QStringLiteral("queue")).toString(), QStringLiteral("elsewhere"));
        for (int i = 2; i < jobs; ++i)
            QCOMPARE(integer({"EXISTS", "ql:j:j" + QByteArray::number(1000 + i)}), 0);
    }

    // A retry batch stops on the server's clock once it took five jobs (lua/lib/92-desk-failed.lua):
    // with jobs that each take longer than that, every batch of 25 comes back with 5 taken. The
    // runner asks again for the rest: every job retried once, none counted twice or passed over.
    void batchesCutShortOnTheServersClockLeaveNothingBehind()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        const QByteArray data = slowToDecodeJson();
        const int jobs = 17;
        for (int i = 0; i < jobs; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_qless.put("q1", jid, now + i * 0.001, {}, 0, data);
            QCOMPARE(m_qless.pop("q1", "w1", 1, now + 1), QList<QByteArray>{jid});
            QCOMPARE(m_qless.call(QStringLiteral("fail"), {jid, "w1", "slow", "m", QByteArray::number(now + 2, 'f', 3)})
                         .bytes,
                     jid);
        }
        BulkRunner runner(m_session.get(), JobAction::retry(),
                          BulkTarget::ofFailureGroup(QStringLiteral("slow"), jobs));
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QVERIFY(finished.wait(60000));
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == jobs, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), qint64(jobs));
        QCOMPARE(integer({"EXISTS", "ql:f:slow"}), 0);
        QCOMPARE(integer({"ZCARD", "ql:q:q1-work"}), jobs);
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerKept)
#include "tst_bulkrunnerkept.moc"
