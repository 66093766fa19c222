// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "jobsource.h"
#include "qlessfixture.h"
#include "qlesssession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// A bulk cancel judged at each job's turn against how the job was listed when the operator
// confirmed: a job that completed, vanished or started running since is not cancelled and is
// counted for what happened to it; a job chosen as running is cancelled and its worker loses it.
class TestBulkRunnerCancel final : public QObject
{
    Q_OBJECT

    QlessFixture m_fixture;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    std::shared_ptr<AuditLog> m_audit;
    double m_now = 0;

    static bool runToEnd(BulkRunner &runner)
    {
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        return finished.count() > 0 || finished.wait(60000);
    }

    qint64 exists(const QByteArray &jid) { return m_fixture.command({"EXISTS", "ql:j:" + jid}).integer; }
    QByteArray state(const QByteArray &jid) { return m_fixture.command({"HGET", "ql:j:" + jid, "state"}).bytes; }

    // Jobs a..f waiting in q1 (in that order); a and b popped by w1.
    void seed()
    {
        for (const QByteArray jid : {"a", "b", "c", "d", "e", "f"})
            m_fixture.put("q1", jid, m_now + (jid.at(0) - 'a') * 0.01);
        QCOMPARE(m_fixture.pop("q1", "w1", 2, m_now + 1), (QList<QByteArray>{"a", "b"}));
    }

    // What happens between the confirmation and the steps: c is popped by w2, d completes, e is
    // cancelled by someone else.
    void meanwhile()
    {
        QCOMPARE(m_fixture.pop("q1", "w2", 1, m_now + 2), QList<QByteArray>{"c"});
        QCOMPARE(m_fixture.pop("q1", "w2", 1, m_now + 2), QList<QByteArray>{"d"});
        QVERIFY(!m_fixture.call(QStringLiteral("complete"), {"d", "w2", "q1", num(m_now + 3), "{}"}).isError());
        QVERIFY(!m_fixture.call(QStringLiteral("cancel"), {"e"}).isError());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init()
    {
        m_fixture.flush();
        // In the past, but not so far that a job popped at m_now + 1 has its lock (60 s) run out
        // while the test reads it as running.
        m_now = double(QDateTime::currentSecsSinceEpoch()) - 10;
        m_audit = std::make_shared<AuditLog>(
            m_dir.filePath(QStringLiteral("audit-%1.jsonl")).arg(QString::fromLatin1(QTest::currentTestFunction())));
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture.server().socketPath();
        m_session = std::make_unique<QlessSession>(settings);
        m_session->setAuditLog(m_audit);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanup() { m_session.reset(); }

    void aSelectionOfWaitingJobsCancelsOnlyWhatIsStillAsListed()
    {
        seed();
        BulkTarget target = BulkTarget::ofJids({"c", "d", "e", "f"});
        for (const QByteArray &jid : target.jids)
            target.states.insert(jid, QStringLiteral("waiting"));
        QVERIFY(!target.listsRunning());
        meanwhile();
        BulkRunner runner(m_session.get(), JobAction::cancel(), target);
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done, 1); // f
        QCOMPARE(summary.skipped.value(QStringLiteral("started running meanwhile: left to its worker")), 1);
        QCOMPARE(summary.skipped.value(QStringLiteral("completed meanwhile")), 1);
        QCOMPARE(summary.skipped.value(QStringLiteral("already gone")), 1);
        QCOMPARE(summary.processed(), 4);
        QCOMPARE(summary.examples.value(QStringLiteral("started running meanwhile: left to its worker")),
                 QList<QByteArray>{"c"});
        QCOMPARE(exists("f"), 0);
        QCOMPARE(state("c"), QByteArray("running")); // w2 goes on with it
        QCOMPARE(m_fixture.command({"HGET", "ql:j:c", "worker"}).bytes, QByteArray("w2"));
        QCOMPARE(state("d"), QByteArray("complete"));
    }

    void jobsChosenAsRunningAreCancelledAndTheirWorkerLosesThem()
    {
        seed();
        BulkTarget target = BulkTarget::ofJids({"a", "b", "c"});
        target.states.insert("a", QStringLiteral("running"));
        target.states.insert("b", QStringLiteral("running"));
        target.states.insert("c", QStringLiteral("waiting"));
        QVERIFY(target.listsRunning());
        meanwhile(); // c is popped: it was not chosen as running
        BulkRunner runner(m_session.get(), JobAction::cancel(), target);
        QVERIFY(runToEnd(runner));
        QCOMPARE(runner.summary().done, 2);
        QCOMPARE(runner.summary().skipped.value(QStringLiteral("started running meanwhile: left to its worker")), 1);
        QCOMPARE(exists("a") + exists("b"), 0);
        QCOMPARE(m_fixture.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        QCOMPARE(state("c"), QByteArray("running"));
    }

    void aListOfRunningJobsIsCancelledWhileAListOfWaitingOnesSparesThePopped()
    {
        seed();
        BulkRunner running(m_session.get(), JobAction::cancel(),
                           BulkTarget::ofSource(JobSource::queueState(m_session->client(), QStringLiteral("q1"),
                                                                      QStringLiteral("running")),
                                                2));
        QVERIFY(running.target().listsRunning());
        QVERIFY(runToEnd(running));
        QCOMPARE(running.summary().done, 2);
        QCOMPARE(exists("a") + exists("b"), 0);

        const BulkTarget waiting = BulkTarget::ofSource(JobSource::queueState(m_session->client(), QStringLiteral("q1"),
                                                                              QStringLiteral("waiting")),
                                                        4);
        QVERIFY(!waiting.listsRunning());
        BulkRunner spare(m_session.get(), JobAction::cancel(), waiting);
        // Once the list is read (c..f waiting), c is popped before its step runs.
        connect(&spare, &BulkRunner::phaseChanged, this, [this](BulkRunner::Phase phase) {
            if (phase == BulkRunner::Phase::Running)
                QCOMPARE(m_fixture.pop("q1", "w2", 1, m_now + 2), QList<QByteArray>{"c"});
        });
        QVERIFY(runToEnd(spare));
        QCOMPARE(spare.summary().done, 3);
        QCOMPARE(spare.summary().skipped.value(QStringLiteral("started running meanwhile: left to its worker")), 1);
        QCOMPARE(state("c"), QByteArray("running"));
    }

    void jobsOfUnknownStateAreNeverTakenFromAWorker()
    {
        seed();
        BulkRunner runner(m_session.get(), JobAction::cancel(), BulkTarget::ofJids({"a", "c"}));
        QVERIFY(runToEnd(runner));
        QCOMPARE(runner.summary().done, 1);
        QCOMPARE(exists("c"), 0);
        QCOMPARE(state("a"), QByteArray("running"));
    }
};

QTEST_GUILESS_MAIN(TestBulkRunnerCancel)
#include "tst_bulkrunnercancel.moc"
