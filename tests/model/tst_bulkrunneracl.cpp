// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// BulkRunner as a Redis 7 user who may write but not publish (`ACL SETUSER ops on >pw ~* +@all`,
// no &: Redis 7 gives a new user no channels), on both paths (a failure group's server-side
// batches, one call per job of a selection). Every step would be refused alike, so the run stops
// at the first refusal with the reason instead of sending one step per job, and nothing is
// half-done: before, each job's retry took it out of its failure group, then PUBLISH was
// refused, leaving it failed and listed nowhere.
class TestBulkRunnerAcl final : public QObject
{
    Q_OBJECT

    QlessFixture m_fixture;
    QTemporaryDir m_dir;
    std::shared_ptr<AuditLog> m_audit;

    std::unique_ptr<QlessSession> openReadySession(const QByteArray &user)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture.server().socketPath();
        settings.user = QString::fromUtf8(user);
        settings.password = QStringLiteral("pw");
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(m_audit);
        const bool ready =
            QTest::qWaitFor([&session] { return session->state().phase == ConnectionState::Phase::Ready; }, 20000);
        return ready ? std::move(session) : nullptr;
    }

    // `count` jobs failed into group "boom"; their jids.
    QList<QByteArray> failJobs(int count)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        QList<QByteArray> jids;
        for (int i = 0; i < count; ++i) {
            jids << "j" + QByteArray::number(i);
            m_fixture.put("q1", jids.last(), now + i * 0.001);
        }
        while (!m_fixture.pop("q1", "w1", 500, now + 1).isEmpty()) {
        }
        for (const QByteArray &jid : std::as_const(jids))
            m_fixture.call(QStringLiteral("fail"), {jid, "w1", "boom", "boom", num(now + 2)});
        return jids;
    }

    qint64 scriptCalls()
    {
        const QByteArray info = m_fixture.command({"INFO", "commandstats"}).bytes;
        const qsizetype at = info.indexOf("cmdstat_evalsha:calls=");
        if (at < 0)
            return 0;
        const qsizetype from = at + qsizetype(qstrlen("cmdstat_evalsha:calls="));
        return info.mid(from, info.indexOf(',', from) - from).toLongLong();
    }

    static bool runToEnd(BulkRunner &runner)
    {
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        return finished.count() > 0 || finished.wait(60000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
        if (!m_fixture.command({"INFO", "server"}).bytes.contains("redis_version:7"))
            QSKIP("Redis 7's default channel permissions");
        QCOMPARE(m_fixture.command({"ACL", "SETUSER", "ops", "on", ">pw", "~*", "+@all"}).bytes, QByteArray("OK"));
    }
    void init()
    {
        m_fixture.flush();
        m_audit = std::make_shared<AuditLog>(
            m_dir.filePath(QStringLiteral("audit-%1.jsonl")).arg(QString::fromLatin1(QTest::currentTestFunction())));
    }

    void paths_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group") << true;
        QTest::newRow("selection") << false;
    }

    void noChannelPermissionStopsAtOnceAndChangesNothing_data() { paths_data(); }
    void noChannelPermissionStopsAtOnceAndChangesNothing()
    {
        QFETCH(bool, wholeGroup);
        const int count = 600;
        const QList<QByteArray> jids = failJobs(count);
        const QList<QByteArray> before = m_fixture.snapshot();
        const std::unique_ptr<QlessSession> session = openReadySession("ops");
        QVERIFY(session);
        const qint64 callsBefore = scriptCalls();

        BulkRunner runner(session.get(), JobAction::retry(),
                          wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), count)
                                     : BulkTarget::ofJids(jids));
        runner.setBatchSize(100);
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("ACL")), qPrintable(summary.text()));
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("publish")), qPrintable(summary.text()));
        QVERIFY2(!summary.stoppedBecause.contains(QLatin1String("user_script")), qPrintable(summary.text()));
        QCOMPARE(summary.done, qint64(0));
        QVERIFY2(summary.failedCount() == 0, qPrintable(summary.text())); // not one refusal per job
        QCOMPARE(summary.notAttempted(), qint64(count));
        // At most the first batch (and a group path's second, already on its way) was sent.
        QVERIFY2(scriptCalls() - callsBefore <= 200, qPrintable(QString::number(scriptCalls() - callsBefore)));
        QVERIFY(m_fixture.snapshot() == before);
    }

    // A user the scripts' check cannot see through: one kept to the keys the check probes
    // (ql:desk:*), reading everything. Redis refuses each step inside the script, at a write,
    // maybe after others: the run stops at once, and the steps sent are counted as failed with
    // that said, not as certainly not run.
    void refusalInsideTheScriptIsNotCountedAsNotRun()
    {
        QCOMPARE(
            m_fixture.command({"ACL", "SETUSER", "narrow", "on", ">pw", "%R~*", "~ql:desk:*", "&*", "+@all"}).bytes,
            QByteArray("OK"));
        const int count = 600;
        const QList<QByteArray> jids = failJobs(count);
        const std::unique_ptr<QlessSession> session = openReadySession("narrow");
        QVERIFY(session);

        BulkRunner runner(session.get(), JobAction::retry(), BulkTarget::ofJids(jids));
        runner.setBatchSize(100);
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("ACL")), qPrintable(summary.text()));
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("stays written")), qPrintable(summary.text()));
        QCOMPARE(summary.done, qint64(0));
        QVERIFY2(summary.failedCount() > 0 && summary.failedCount() <= 100, qPrintable(summary.text()));
        QCOMPARE(summary.failedCount() + summary.notAttempted(), qint64(count));
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerAcl)
#include "tst_bulkrunneracl.moc"
