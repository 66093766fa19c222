// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bulkrunner.h"
#include "deploymentdata.h"
#include "faultproxy.h"
#include "qlessclienttestbase.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

// BulkRunner against a real Redis: whole failure groups retried, moved and cancelled exactly
// once per job; a list's jobs beyond the loaded rows; a server restarted in the middle of a run
// (persisted with appendonly, as a production server is) ending in an exact summary; read-only
// refusal; cancel; and the audit log's start and end records. The restart stops the server while
// a batch waits for its replies.
class TestBulkRunner final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;
    // The server this test works on: m_fixture's, or one of the test's own.
    QlessFixture *m_active = nullptr;
    std::unique_ptr<QlessSession> m_session;
    QTemporaryDir m_dir;
    std::shared_ptr<AuditLog> m_audit;

    QlessFixture &fixture() { return *m_active; }

    std::unique_ptr<QlessSession> openSession(bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_active->server().socketPath();
        settings.readOnly = readOnly;
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 500;
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(m_audit);
        return session;
    }

    static QByteArray num(double value) { return QByteArray::number(value, 'f', 3); }

    // `count` jobs failed into `group`, put into the queues in turn; returns jid -> queue.
    QMap<QByteArray, QByteArray> failJobs(const QByteArray &group, int count, const QList<QByteArray> &queues,
                                          const QByteArray &prefix = "j")
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 600;
        QMap<QByteArray, QByteArray> queueOf;
        for (int i = 0; i < count; ++i) {
            const QByteArray jid = prefix + QByteArray::number(i);
            const QByteArray queue = queues.at(i % queues.size());
            fixture().put(queue, jid, now + i * 0.001);
            queueOf.insert(jid, queue);
        }
        for (const QByteArray &queue : queues) {
            while (!fixture().pop(queue, "w1", 500, now + 1).isEmpty()) {
            }
        }
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it)
            fixture().call(QStringLiteral("fail"), {it.key(), "w1", group, "boom", num(now + 2)});
        return queueOf;
    }

    QSet<QByteArray> zmembers(const QByteArray &key)
    {
        QSet<QByteArray> members;
        for (const RedisValue &value : fixture().command({"ZRANGE", key, "0", "-1"}).elements)
            members.insert(value.bytes);
        return members;
    }

    qint64 integer(const QList<QByteArray> &argv) { return fixture().command(argv).integer; }

    static bool runToEnd(BulkRunner &runner, int timeoutMs = 120000)
    {
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        return finished.count() > 0 || finished.wait(timeoutMs);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        RedisServer::Options options;
        // Persisted like a production server, so a restart in the middle of a run keeps the data
        // (a clean shutdown writes the append-only file out; no fsync per write, which is slow).
        options.extraArgs = {QStringLiteral("--appendonly"), QStringLiteral("yes"), QStringLiteral("--appendfsync"),
                             QStringLiteral("no")};
        m_fixture = std::make_unique<QlessFixture>(options);
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_active = m_fixture.get();
    }
    void cleanupTestCase()
    {
        m_session.reset();
        m_fixture.reset();
    }
    void init()
    {
        m_active = m_fixture.get();
        fixture().flush();
        m_audit = std::make_shared<AuditLog>(
            m_dir.filePath(QStringLiteral("audit-%1.jsonl")).arg(QString::fromLatin1(QTest::currentTestFunction())));
        m_session = openSession();
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);
    }
    void cleanup()
    {
        m_session.reset();
        m_active = m_fixture.get();
        fixture().command({"REPLICAOF", "NO", "ONE"});
    }

    void retryAllOfALargeGroupMovesEachJobOnceToItsOwnQueue()
    {
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", 20000, {"q1", "q2"});
        // Failures after the operator confirmed: newer, so not part of "all 20,000".
        failJobs("boom", 7, {"q1"}, "late");
        QCOMPARE(integer({"LLEN", "ql:f:boom"}), 20007);

        BulkRunner runner(m_session.get(), JobAction::retry(),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), 20000));
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.total, 20000);
        QCOMPARE(summary.done, 20000);
        QCOMPARE(summary.skippedCount(), 0);
        QCOMPARE(summary.failedCount(), 0);
        QCOMPARE(summary.outcome(), QStringLiteral("done"));

        // Every job once, in the queue it failed in; the late ones still failed.
        const QSet<QByteArray> q1 = zmembers("ql:q:q1-work");
        const QSet<QByteArray> q2 = zmembers("ql:q:q2-work");
        QCOMPARE(q1.size() + q2.size(), 20000);
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it) {
            QVERIFY2((it.value() == "q1" ? q1 : q2).contains(it.key()), it.key().constData());
            QCOMPARE(fixture().job(it.key()).value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        }
        QCOMPARE(integer({"LLEN", "ql:f:boom"}), 7);
        QCOMPARE(fixture().job("late0").value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    }

    void moveAllPutsTheGroupIntoAnotherQueue()
    {
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", 1200, {"q1", "q2"});
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("fixed")),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), 1200));
        runner.setBatchSize(100);
        QVERIFY(runToEnd(runner));
        QCOMPARE(runner.summary().done, 1200);
        QCOMPARE(zmembers("ql:q:fixed-work"), QSet<QByteArray>(queueOf.keyBegin(), queueOf.keyEnd()));
        QCOMPARE(integer({"EXISTS", "ql:f:boom"}), 0);
        QCOMPARE(integer({"SISMEMBER", "ql:failures", "boom"}), 0);
    }

    void cancelAllDeletesTheGroupButKeepsJobsOthersDependOn()
    {
        failJobs("boom", 300, {"q1"});
        // j5 still has a dependent waiting for it: cancelling it is refused, so it stays.
        fixture().put("q1", "child", double(QDateTime::currentSecsSinceEpoch()), {"depends", "[\"j5\"]"});
        BulkRunner runner(m_session.get(), JobAction::cancel(),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), 300));
        runner.setBatchSize(64);
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done, 299);
        QCOMPARE(summary.skipped.value(QStringLiteral("has dependents")), 1);
        QCOMPARE(summary.examples.value(QStringLiteral("has dependents")), QList<QByteArray>{"j5"});
        QCOMPARE(summary.outcome(), QStringLiteral("partial"));
        QCOMPARE(integer({"LLEN", "ql:f:boom"}), 1);
        QCOMPARE(integer({"EXISTS", "ql:j:j4"}), 0);
        QCOMPARE(fixture().job("j5").value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    }

    void movesAListIncludingRowsNotLoaded()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QSet<QByteArray> jids;
        for (int i = 0; i < 2500; ++i) {
            const QByteArray jid = "w" + QByteArray::number(i);
            fixture().put("q1", jid, now - 100 + i * 0.001);
            jids.insert(jid);
        }
        fixture().put("q1", "busy", now - 200);
        QCOMPARE(fixture().pop("q1", "w1", 1, now), QList<QByteArray>{"busy"}); // running: not in the list
        const JobSource source =
            JobSource::queueState(m_session->client(), QStringLiteral("q1"), QStringLiteral("waiting"));
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("q2"), source.state),
                          BulkTarget::ofSource(source, 2500));
        runner.setBatchSize(300);
        QVERIFY(runToEnd(runner));
        QCOMPARE(runner.summary().total, 2500);
        QCOMPARE(runner.summary().done, 2500);
        QCOMPARE(zmembers("ql:q:q2-work"), jids);
        QCOMPARE(integer({"ZCARD", "ql:q:q1-work"}), 0);
        QCOMPARE(fixture().job("busy").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }

    // "All N jobs in this list" while workers pop from its head: the jobs popped before the scan
    // reached them are not in the list any more (not collected); those popped after are skipped
    // with the reason; every other job moved, none left behind.
    void aListWhoseHeadMovesWhileCollectedLosesNoJob()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (int i = 0; i < 2500; ++i)
            fixture().put("q1", "h" + QByteArray::number(i), now - 100 + i * 0.001);
        const JobSource source =
            JobSource::queueState(m_session->client(), QStringLiteral("q1"), QStringLiteral("waiting"));
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("q2"), source.state),
                          BulkTarget::ofSource(source, 2500));
        bool popped = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (!popped && runner.phase() == BulkRunner::Phase::Collecting && runner.collected() >= 1000) {
                popped = true;
                QCOMPARE(fixture().pop("q1", "w1", 300, now).size(), 300);
            }
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(popped);
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done, 2200);
        QCOMPARE(summary.skipped.value(QStringLiteral("now running, no longer waiting")), summary.total - 2200);
        QCOMPARE(summary.expected, 2500);
        QCOMPARE(summary.collected, summary.total);
        QCOMPARE(integer({"ZCARD", "ql:q:q1-work"}), 0); // none left behind
        QCOMPARE(integer({"ZCARD", "ql:q:q2-work"}), 2200);

        // Told 300 when 200 are there (100 finished since): said, not passed over.
        fixture().flush();
        for (int i = 0; i < 200; ++i)
            fixture().put("q1", "s" + QByteArray::number(i), now - 50 + i * 0.001);
        BulkRunner fewer(m_session.get(), JobAction::setPriority(3), BulkTarget::ofSource(source, 300));
        QVERIFY(runToEnd(fewer));
        QCOMPARE(fewer.summary().done, 200);
        QCOMPARE(fewer.summary().expected, 300);
        QCOMPARE(fewer.summary().collected, 200);
        QVERIFY2(fewer.summary().text().contains(QLatin1String("expected 300, collected 200")),
                 qPrintable(fewer.summary().text()));
    }

    // Jobs ahead of the read point leave (popped from the head) while as many join at the tail,
    // between two chunks: the list's count stays the same, so offset pages pass over as many jobs
    // as left (they moved up into rows already read). Collected by a scan, every job that was
    // waiting throughout is moved; the summary says what was expected and what was collected.
    void jobsLeavingAheadAndJoiningBehindInEqualNumbersAreNotPassedOver()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QSet<QByteArray> stayed;
        for (int i = 0; i < 2500; ++i) {
            const QByteArray jid = "b" + QByteArray::number(i);
            fixture().put("q1", jid, now - 100 + i * 0.001);
            stayed.insert(jid);
        }
        const JobSource source =
            JobSource::queueState(m_session->client(), QStringLiteral("q1"), QStringLiteral("waiting"));
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("q2"), source.state),
                          BulkTarget::ofSource(source, 2500));
        bool churned = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (churned || runner.phase() != BulkRunner::Phase::Collecting || runner.collected() < 500)
                return;
            churned = true;
            const QList<QByteArray> popped = fixture().pop("q1", "w1", 300, now);
            QCOMPARE(popped.size(), 300);
            for (const QByteArray &jid : popped)
                stayed.remove(jid);
            for (int i = 0; i < 300; ++i) // behind every job there: put later
                fixture().put("q1", "late" + QByteArray::number(i), now - 10 + i * 0.001);
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(churned);
        QSet<QByteArray> missed;
        for (const QByteArray &jid : std::as_const(stayed)) {
            if (fixture().job(jid).value(QStringLiteral("queue")).toString() != QLatin1String("q2"))
                missed.insert(jid);
        }
        QVERIFY2(missed.isEmpty(), qPrintable(QStringLiteral("%1 jobs waiting throughout were not moved: %2")
                                                  .arg(missed.size())
                                                  .arg(QString::fromUtf8(missed.values().value(0)))));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.expected, 2500);
        QCOMPARE(summary.collected, summary.total);
        QVERIFY2(summary.done >= 2200, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), summary.total);
        if (summary.collected != 2500)
            QVERIFY2(summary.text().contains(QLatin1String("expected 2,500, collected")), qPrintable(summary.text()));
    }

    // A whole failure group given an action the server-side group batches do not know (priority)
    // goes job by job: collected from the group's tail while new failures arrive at its head and
    // jobs already read leave, every job failed throughout gets its priority.
    void aFailureGroupChangingWhileCollectedLosesNoJob()
    {
        const QMap<QByteArray, QByteArray> queueOf = failJobs("grp", 2500, {"q1"});
        const JobSource source = JobSource::failureGroup(m_session->client(), QStringLiteral("grp"));
        BulkRunner runner(m_session.get(), JobAction::setPriority(7), BulkTarget::ofSource(source, 2500));
        QSet<QByteArray> stayed(queueOf.keyBegin(), queueOf.keyEnd());
        bool churned = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (churned || runner.phase() != BulkRunner::Phase::Collecting || runner.collected() < 500)
                return;
            churned = true;
            // The oldest 100 (already read from the tail) are retried; 100 new failures arrive.
            const RedisValue oldest = fixture().command({"LRANGE", "ql:f:grp", "-100", "-1"});
            for (const RedisValue &jid : oldest.elements) {
                fixture().call(QStringLiteral("move"),
                               {jid.bytes, "q1", num(double(QDateTime::currentSecsSinceEpoch()))});
                stayed.remove(jid.bytes);
            }
            failJobs("grp", 100, {"q3"}, "new");
        });
        QVERIFY(runToEnd(runner));
        QVERIFY(churned);
        for (const QByteArray &jid : std::as_const(stayed))
            QVERIFY2(fixture().job(jid).value(QStringLiteral("priority")).toInt() == 7, jid.constData());
        QCOMPARE(runner.summary().expected, 2500);
    }

    void aSelectionSaysWhyJobsWereSkipped()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q1", "a", now - 10);
        fixture().put("q1", "b", now - 9);
        fixture().put("q1", "c", now - 8);
        QCOMPARE(fixture().pop("q1", "w1", 1, now), QList<QByteArray>{"a"});
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("q2"), QStringLiteral("waiting")),
                          BulkTarget::ofJids({"a", "b", "gone", "c", "b"}));
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.total, 4); // "b" twice is one job
        QCOMPARE(summary.done, 2);
        QCOMPARE(summary.skipped.value(QStringLiteral("now running, no longer waiting")), 1);
        QCOMPARE(summary.skipped.value(QStringLiteral("job no longer exists")), 1);
        QCOMPARE(zmembers("ql:q:q2-work"), (QSet<QByteArray>{"b", "c"}));
    }

    // A job qless timed out (stalled, no lock, first in its queue's work set) is listed under
    // Waiting and counted waiting: a move from that list takes it like the waiting jobs, while
    // a stalled job that still holds its lock stays skipped.
    void aTimedOutJobListedAsWaitingIsMoved()
    {
        Job timedOut;
        timedOut.jid = "t";
        timedOut.state = QStringLiteral("stalled");
        timedOut.timedOut = true;
        Job locked = timedOut;
        locked.timedOut = false;
        const JobAction move = JobAction::move(QStringLiteral("q2"), QStringLiteral("waiting"));
        QCOMPARE(move.whyNotApplicable(&timedOut), QString());
        QCOMPARE(move.whyNotApplicable(&locked), QStringLiteral("now stalled, no longer waiting"));

        const double now = double(QDateTime::currentSecsSinceEpoch());
        DeploymentData data(fixture());
        data.put("q1", "late", now - 100);
        data.pop("q1", "late", "w1", now - 90);
        data.timeout("q1", "late", now - 10);
        fixture().put("q1", "plain", now - 5);
        BulkRunner runner(m_session.get(), move, BulkTarget::ofJids({"late", "plain"}));
        QVERIFY(runToEnd(runner));
        // The server's guard (desk.move with state 'waiting') takes a timed-out job as waiting too.
        QCOMPARE(runner.summary().done, 2);
        QCOMPARE(runner.summary().skipped.value(QStringLiteral("now stalled, no longer waiting")), 0);
    }

    void priorityTagsAndTrackingApplyToEachJob()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (const QByteArray &jid : {QByteArray("a"), QByteArray("b")})
            fixture().put("q1", jid, now);
        const QList<JobAction> actions{JobAction::setPriority(7), JobAction::addTags({QStringLiteral("urgent")}),
                                       JobAction::track()};
        for (const JobAction &action : actions) {
            BulkRunner runner(m_session.get(), action, BulkTarget::ofJids({"a", "b"}));
            QVERIFY(runToEnd(runner));
            QCOMPARE(runner.summary().done, 2);
        }
        const QJsonObject a = fixture().job("a");
        QCOMPARE(a.value(QStringLiteral("priority")).toDouble(), 7.0);
        QCOMPARE(a.value(QStringLiteral("tags")).toArray().first().toString(), QStringLiteral("urgent"));
        QCOMPARE(a.value(QStringLiteral("tracked")).toBool(), true);
        BulkRunner untag(m_session.get(), JobAction::removeTags({QStringLiteral("urgent")}), BulkTarget::ofJids({"a"}));
        QVERIFY(runToEnd(untag));
        QCOMPARE(fixture().job("a").value(QStringLiteral("tags")).toArray().size(), 0);
    }

    // Time out: the running jobs lose their lock and wait first in line (stalled); a job that is
    // not running, or gone, is skipped with the reason, nothing changed for it.
    void timeoutTimesOutRunningJobsAndSkipsTheRest()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q1", "a", now - 12);
        fixture().put("q1", "b", now - 11);
        fixture().put("q1", "c", now - 10);
        QCOMPARE(fixture().pop("q1", "w1", 2, now - 5), (QList<QByteArray>{"a", "b"})); // c waits
        BulkRunner runner(m_session.get(), JobAction::timeout(), BulkTarget::ofJids({"a", "b", "c", "gone"}));
        QCOMPARE(runner.action().name(), QStringLiteral("timeout"));
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.total, 4);
        QCOMPARE(summary.done, 2);
        QCOMPARE(summary.skipped.value(QStringLiteral("now waiting, not running")), 1);
        QCOMPARE(summary.skipped.value(QStringLiteral("job no longer exists")), 1);
        for (const QByteArray &jid : {QByteArray("a"), QByteArray("b")}) {
            QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "state"}).bytes, QByteArray("stalled"));
            QCOMPARE(fixture().command({"ZSCORE", "ql:q:q1-locks", jid}).isNil(), true);
        }
        QCOMPARE(fixture().command({"HGET", "ql:j:c", "state"}).bytes, QByteArray("waiting"));
        // Timed out means first in line: the next pop takes a timed-out job before c.
        const QList<QByteArray> next = fixture().pop("q1", "w2", 1, now);
        QCOMPARE(next.size(), 1);
        QVERIFY(next.first() == "a" || next.first() == "b");
    }

    void cancellingAJobOthersDependOnIsSkippedWithTheReason()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("q1", "parent", now);
        fixture().put("q1", "child", now, {"depends", "[\"parent\"]"});
        BulkRunner runner(m_session.get(), JobAction::cancel(), BulkTarget::ofJids({"parent"}));
        QVERIFY(runToEnd(runner));
        QCOMPARE(runner.summary().done, 0);
        QCOMPARE(runner.summary().skipped.value(QStringLiteral("has dependents")), 1);
        QCOMPARE(integer({"EXISTS", "ql:j:parent"}), 1);
    }

    void aServerRestartHalfwayEndsInAnExactSummary_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group, server-side batches") << true;
        QTest::newRow("selection, one call per job") << false;
    }
    void aServerRestartHalfwayEndsInAnExactSummary()
    {
        QFETCH(bool, wholeGroup);
        const int count = 4000;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        const BulkTarget target =
            wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), count) : BulkTarget::ofJids(queueOf.keys());
        BulkRunner runner(m_session.get(), JobAction::retry(), target);
        runner.setBatchSize(100);
        QSignalSpy finished(&runner, &BulkRunner::finished);
        QSignalSpy phases(&runner, &BulkRunner::phaseChanged);
        bool restarted = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (!restarted && runner.processed() >= count / 3) {
                restarted = true;
                // The next batch goes out into a server that holds every script (CLIENT PAUSE
                // WRITE), so its replies are surely outstanding when the server dies under it.
                fixture().command({"CLIENT", "PAUSE", "10000", "WRITE"});
                QTimer::singleShot(300, this, [this] {
                    fixture().server().stop();
                    QVERIFY(fixture().start()); // the server, and the test's own connection to it
                });
            }
        });
        runner.start();
        QVERIFY(finished.wait(120000) || finished.count() > 0);
        QVERIFY(restarted);
        bool paused = false;
        for (const QList<QVariant> &args : phases)
            paused = paused || args.at(0).value<BulkRunner::Phase>() == BulkRunner::Phase::Paused;
        QVERIFY(paused);
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), count);
        // Persisted: everything counted before the restart was found on it again.
        QCOMPARE(summary.notes.size(), 1);
        if (wholeGroup)
            QVERIFY2(summary.notes.first().contains(QLatin1String("the 0 jobs counted done in the others")),
                     qPrintable(summary.text()));
        else
            QVERIFY2(!summary.notes.first().contains(QLatin1String(" 0 of them still done")),
                     qPrintable(summary.text()));
        const QSet<QByteArray> q1 = zmembers("ql:q:q1-work");
        const QSet<QByteArray> q2 = zmembers("ql:q:q2-work");
        QCOMPARE(q1.size() + q2.size(), count);
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it)
            QVERIFY((it.value() == "q1" ? q1 : q2).contains(it.key()));
        QCOMPARE(integer({"EXISTS", "ql:f:boom"}), 0);
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"KEYS", "ql:receipt:*"}).elements.size()
                                      + fixture().command({"KEYS", "ql:desk:run:*"}).elements.size(),
                                  0, 10000);
    }

    // Steps ran on the server but their replies were lost with the connection; before the
    // runner can ask again, a worker pops the timed-out jobs. Guessing from the jobs' state
    // (running: "not timed out yet") would time them out a second time, taking them from the new
    // worker; the receipts say each step ran once, and nothing more is done.
    void aLostReplyIsAnsweredFromTheReceiptNotGuessed()
    {
        RedisServer::Options options;
        options.tcp = true;
        QlessFixture tcp(options);
        QVERIFY(tcp.start());
        m_active = &tcp;
        const auto back = qScopeGuard([this] {
            m_session.reset();
            m_active = m_fixture.get();
        });
        FaultProxy proxy(tcp.server().port());
        QVERIFY(proxy.listen());
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(proxy.port()), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        m_session = std::make_unique<QlessSession>(settings);
        m_session->setAuditLog(m_audit);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);

        const double now = double(QDateTime::currentSecsSinceEpoch());
        QList<QByteArray> jids;
        for (int i = 0; i < 5; ++i) {
            jids << "r" + QByteArray::number(i);
            fixture().put("q1", jids.last(), now - 20 + i);
        }
        QCOMPARE(fixture().pop("q1", "w1", 5, now - 10).size(), 5);

        BulkRunner runner(m_session.get(), JobAction::timeout(), BulkTarget::ofJids(jids));
        // All five steps in one batch, without the clock readings a batch sized by its work
        // brackets the steps with: the first reply cut is a step's.
        runner.setBatchSize(5);
        bool poppedAgain = false;
        RedisValue popReply;
        connect(&runner, &BulkRunner::phaseChanged, this, [&](BulkRunner::Phase phase) {
            if (phase != BulkRunner::Phase::Paused || poppedAgain)
                return;
            poppedAgain = true;
            // The timed-out jobs are first in line: w2 takes them while the console reconnects.
            // (qless's own pop: the seed's face leaves timed-out jobs to the next lock sweep.)
            popReply = fixture().qless("pop", now, {"q1", "w2", "5"});
        });
        {
            // The script loaded on this connection first (else the first reply is NOSCRIPT), and
            // the session's start-up traffic over: the next reply is a step's.
            BulkRunner warmUp(m_session.get(), JobAction::timeout(), BulkTarget::ofJids({"none"}));
            QVERIFY(runToEnd(warmUp));
            QTest::qWait(300);
        }
        proxy.truncateRepliesAfter(0); // the steps reach Redis; their replies do not come back
        QVERIFY(runToEnd(runner, 30000));
        QVERIFY(poppedAgain);
        // The steps that ran before the cut timed their jobs out, and w2 took those.
        QSet<QByteArray> taken;
        for (const QJsonValue &job : popReply.json().toArray())
            taken.insert(job.toObject().value(QStringLiteral("jid")).toString().toUtf8());
        QVERIFY(!taken.isEmpty());
        const QByteArray run = m_audit->records().first().arguments.value(QStringLiteral("run")).toString().toUtf8();
        const BulkSummary summary = runner.summary();
        QVERIFY2(summary.done == 5, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), 5);
        for (const QByteArray &jid : std::as_const(jids)) {
            // w2 keeps what it took; the steps that had not run ran when sent again.
            QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "state"}).bytes,
                     taken.contains(jid) ? QByteArray("running") : QByteArray("stalled"));
            if (taken.contains(jid))
                QCOMPARE(fixture().command({"HGET", "ql:j:" + jid, "worker"}).bytes, QByteArray("w2"));
        }
        // The receipts answered while the run needed them; once it ended, they are gone.
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"KEYS", "ql:receipt:" + run + ":*"}).elements.size()
                                      + fixture().command({"EXISTS", "ql:desk:run:" + run}).integer,
                                  0, 10000);
        // One timed-out event per job: the step ran once.
        for (const QByteArray &jid : std::as_const(jids)) {
            int timedOut = 0;
            for (const RedisValue &entry :
                 fixture().command({"LRANGE", "ql:j:" + jid + "-history", "0", "-1"}).elements)
                timedOut += entry.bytes.contains("timed-out") ? 1 : 0;
            QCOMPARE(timedOut, 1);
        }
    }

    void aReplicaWithoutSentinelEndsTheRunAtTheFirstRefusal_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group") << true;
        QTest::newRow("selection") << false;
    }
    void aReplicaWithoutSentinelEndsTheRunAtTheFirstRefusal()
    {
        QFETCH(bool, wholeGroup);
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", 250, {"q1"});
        const BulkTarget target =
            wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), 250) : BulkTarget::ofJids(queueOf.keys());
        // Replica of a master that is not there: it keeps its data and refuses every write.
        QCOMPARE(fixture().command({"REPLICAOF", "127.0.0.1", "1"}).bytes, QByteArray("OK"));
        const QList<QByteArray> before = fixture().snapshot();
        BulkRunner runner(m_session.get(), JobAction::retry(), target);
        runner.setBatchSize(100);
        QVERIFY(runToEnd(runner, 30000));
        const BulkSummary summary = runner.summary();
        QCOMPARE(summary.done, 0);
        // One final reason, not 250 jobs each refused alike: the rest was not attempted.
        QCOMPARE(summary.failedCount(), 0);
        QCOMPARE(summary.notAttempted(), 250);
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("read-only replica")), qPrintable(summary.text()));
        QCOMPARE(summary.outcome(), QStringLiteral("failed"));
        QCOMPARE(m_audit->records().first().outcome, QStringLiteral("failed"));
        QCOMPARE(fixture().snapshot(), before);
    }

    void aServerBackFromAnOlderSnapshotHasItsJobsDoneAgain_data()
    {
        QTest::addColumn<bool>("wholeGroup");
        QTest::newRow("failure group, receipts looked up") << true;
        QTest::newRow("selection, receipts looked up") << false;
    }
    void aServerBackFromAnOlderSnapshotHasItsJobsDoneAgain()
    {
        QFETCH(bool, wholeGroup);
        // A server of the test's own, not persisted but for the one snapshot taken below.
        QlessFixture snapshotted;
        QVERIFY(snapshotted.start());
        m_active = &snapshotted;
        const auto back = qScopeGuard([this] {
            m_session.reset();
            m_active = m_fixture.get();
        });
        m_session = openSession();
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);

        const int count = 600;
        const QMap<QByteArray, QByteArray> queueOf = failJobs("boom", count, {"q1", "q2"});
        QCOMPARE(fixture().command({"SAVE"}).bytes, QByteArray("OK")); // every job still failed in it
        const BulkTarget target =
            wholeGroup ? BulkTarget::ofFailureGroup(QStringLiteral("boom"), count) : BulkTarget::ofJids(queueOf.keys());
        BulkRunner runner(m_session.get(), JobAction::retry(), target);
        runner.setBatchSize(100);
        QSignalSpy finished(&runner, &BulkRunner::finished);
        QSignalSpy restarts(m_session->connection(), &RedisConnection::serverRestarted);
        bool restarted = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (!restarted && runner.processed() >= count / 2) {
                restarted = true;
                // Half done, the next batch held; then the server dies and comes back from the
                // snapshot, in which none of it happened.
                fixture().command({"CLIENT", "PAUSE", "10000", "WRITE"});
                QTimer::singleShot(300, this, [this] {
                    fixture().server().kill();
                    QVERIFY(fixture().start());
                });
            }
        });
        runner.start();
        QVERIFY(finished.wait(60000) || finished.count() > 0);
        QVERIFY(restarted);
        QCOMPARE(restarts.size(), 1);
        const BulkSummary summary = runner.summary();
        // Counted once each, and each really done on the server as it is now.
        QVERIFY2(summary.done == count, qPrintable(summary.text()));
        QCOMPARE(summary.processed(), count);
        QCOMPARE(summary.notes.size(), 1);
        QVERIFY2(summary.notes.first().contains(QLatin1String("restarted")), qPrintable(summary.text()));
        QVERIFY2(summary.notes.first().contains(wholeGroup ? QLatin1String("0 were still recorded")
                                                           : QLatin1String("0 of them still done")),
                 qPrintable(summary.text()));
        const QSet<QByteArray> q1 = zmembers("ql:q:q1-work");
        const QSet<QByteArray> q2 = zmembers("ql:q:q2-work");
        QCOMPARE(q1.size() + q2.size(), count);
        for (auto it = queueOf.cbegin(); it != queueOf.cend(); ++it)
            QVERIFY((it.value() == "q1" ? q1 : q2).contains(it.key()));
        QCOMPARE(integer({"EXISTS", "ql:f:boom"}), 0);
        const AuditRecord end = m_audit->records().first();
        QCOMPARE(end.outcome, QStringLiteral("done"));
        QVERIFY2(end.message.contains(QLatin1String("The server restarted during the run")), qPrintable(end.message));
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"KEYS", "ql:receipt:*"}).elements.size()
                                      + fixture().command({"KEYS", "ql:desk:run:*"}).elements.size(),
                                  0, 10000);
        m_session.reset();
    }

    void aReadOnlyConnectionRefusesEveryAction()
    {
        failJobs("boom", 3, {"q1"});
        fixture().put("q1", "x", double(QDateTime::currentSecsSinceEpoch()));
        const QList<QByteArray> before = fixture().snapshot();
        std::unique_ptr<QlessSession> readOnly = openSession(true);
        QTRY_VERIFY_WITH_TIMEOUT(readOnly->state().phase == ConnectionState::Phase::Ready, 20000);
        const QList<JobAction> actions{JobAction::move(QStringLiteral("q2")),
                                       JobAction::retry(),
                                       JobAction::cancel(),
                                       JobAction::setPriority(3),
                                       JobAction::track(),
                                       JobAction::untrack(),
                                       JobAction::addTags({QStringLiteral("t")}),
                                       JobAction::removeTags({QStringLiteral("t")}),
                                       JobAction::timeout()};
        for (const JobAction &action : actions) {
            for (const BulkTarget &target :
                 {BulkTarget::ofJids({"x", "j0"}), BulkTarget::ofFailureGroup(QStringLiteral("boom"), 3)}) {
                BulkRunner runner(readOnly.get(), action, target);
                QVERIFY(runToEnd(runner));
                QCOMPARE(runner.summary().done, 0);
                QVERIFY2(runner.summary().stoppedBecause.contains(QLatin1String("read-only")),
                         qPrintable(runner.summary().text()));
                QCOMPARE(runner.summary().outcome(), QStringLiteral("failed"));
            }
        }
        QCOMPARE(fixture().snapshot(), before);
    }

    void cancelStopsAfterTheBatchInFlight()
    {
        failJobs("boom", 3000, {"q1"});
        BulkRunner runner(m_session.get(), JobAction::retry(),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), 3000));
        runner.setBatchSize(100);
        connect(&runner, &BulkRunner::progressed, &runner, [&runner] {
            if (runner.processed() >= 300)
                runner.cancel();
        });
        QVERIFY(runToEnd(runner));
        const BulkSummary summary = runner.summary();
        QVERIFY(summary.cancelled);
        QCOMPARE(summary.outcome(), QStringLiteral("cancelled"));
        QVERIFY(summary.done >= 300 && summary.done < 3000);
        QCOMPARE(summary.done + summary.notAttempted(), 3000);
        QCOMPARE(integer({"ZCARD", "ql:q:q1-work"}), summary.done);
        QCOMPARE(integer({"LLEN", "ql:f:boom"}), 3000 - summary.done);
    }

    void writesStartAndEndToTheAuditLog()
    {
        failJobs("boom", 10, {"q1"});
        BulkRunner runner(m_session.get(), JobAction::move(QStringLiteral("q9")),
                          BulkTarget::ofFailureGroup(QStringLiteral("boom"), 10));
        QVERIFY(runToEnd(runner));
        const QList<AuditRecord> records = m_audit->records();
        QCOMPARE(records.size(), 2);
        const AuditRecord &end = records.at(0); // newest first
        QCOMPARE(end.action, QStringLiteral("move"));
        QCOMPARE(end.outcome, QStringLiteral("done"));
        QCOMPARE(end.count, 10);
        QCOMPARE(end.arguments.value(QStringLiteral("queue")).toString(), QStringLiteral("q9"));
        QCOMPARE(end.arguments.value(QStringLiteral("group")).toString(), QStringLiteral("boom"));
        QVERIFY(!end.server.isEmpty());
        QCOMPARE(records.at(1).outcome, QStringLiteral("started"));
        QCOMPARE(records.at(1).arguments.value(QStringLiteral("run")), end.arguments.value(QStringLiteral("run")));
    }

    void aRunClosedBeforeItsEndIsRecordedAsInterrupted()
    {
        failJobs("boom", 2000, {"q1"});
        auto *runner = new BulkRunner(m_session.get(), JobAction::retry(),
                                      BulkTarget::ofFailureGroup(QStringLiteral("boom"), 2000), m_session.get());
        runner->setBatchSize(100);
        QSignalSpy progressed(runner, &BulkRunner::progressed);
        runner->start();
        QVERIFY(progressed.wait(20000));
        m_session.reset(); // the window closes: the session and its runs go
        const QList<AuditRecord> records = m_audit->records();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.first().outcome, QStringLiteral("cancelled"));
        QVERIFY2(records.first().message.startsWith(QStringLiteral("Interrupted")),
                 qPrintable(records.first().message));
        QVERIFY(records.first().count > 0);
    }

    // A console session has one unit at the server at a time (ConnectionSettings::oneUnitAtServer):
    // of the GroupBatchesInFlight batches on their way, one is at the server and the next waits
    // on the connection behind it. Cancelled while the connection is down, the summary says the
    // one sent and unanswered may or may not have run, and counts the one that never left the
    // client as not attempted (certainly not run), not as in doubt.
    void cancellingWhilePausedSaysWhichBatchIsInDoubtAndWhichNeverLeft()
    {
        RedisServer::Options options;
        options.tcp = true;
        QlessFixture tcp(options);
        QVERIFY(tcp.start());
        m_active = &tcp;
        const auto back = qScopeGuard([this] {
            m_session.reset();
            m_active = m_fixture.get();
        });
        FaultProxy proxy(tcp.server().port());
        QVERIFY(proxy.listen());
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(proxy.port()), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        settings.connectTimeoutMs = 500;
        settings.requestTimeoutMs = 3000; // the batch held on the connection gives up within the test
        m_session = std::make_unique<QlessSession>(settings);
        m_session->setAuditLog(m_audit);
        QTRY_VERIFY_WITH_TIMEOUT(m_session->state().phase == ConnectionState::Phase::Ready, 20000);

        failJobs("boom", 600, {"q1"});
        BulkRunner runner(m_session.get(), JobAction::retry(), BulkTarget::ofFailureGroup(QStringLiteral("boom"), 600));
        runner.setBatchSize(100);
        bool stopped = false;
        connect(&runner, &BulkRunner::progressed, this, [&] {
            if (stopped || runner.processed() == 0)
                return;
            stopped = true;
            // The first batch is answered. The second went out as its reply was read; the third
            // follows this signal and waits on the connection behind the second. From now on
            // nothing passes the proxy (the proxy runs on this thread: the second's bytes or its
            // reply are held), and then the server goes: the second is sent and unanswered.
            proxy.setStalled(true);
            QTimer::singleShot(300, this, [this] { fixture().server().stop(); });
        });
        QSignalSpy finished(&runner, &BulkRunner::finished);
        runner.start();
        QTRY_COMPARE_WITH_TIMEOUT(runner.phase(), BulkRunner::Phase::Paused, 30000);
        QVERIFY(runner.pauseReason().startsWith(QStringLiteral("Waiting for the connection")));
        runner.cancel(); // the operator gives up while the server is down
        QCOMPARE(finished.count(), 1);
        const BulkSummary summary = runner.summary();
        QVERIFY(summary.cancelled);
        QVERIFY2(summary.done == BulkRunner::GroupBatchJobs, qPrintable(summary.text()));
        QVERIFY2(summary.stoppedBecause.contains(
                     QStringLiteral("the last 1 batch(es) (up to %1 jobs) may or may not have run")
                         .arg(BulkRunner::GroupBatchJobs)),
                 qPrintable(summary.text()));
        QCOMPARE(summary.notAttempted(), 600 - BulkRunner::GroupBatchJobs);
        proxy.setStalled(false);
        QVERIFY(fixture().start());
        // Back, the server is rid of the run's receipts, those of the batch in doubt too.
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"KEYS", "ql:receipt:*"}).elements.size(), 0, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(fixture().command({"KEYS", "ql:desk:run:*"}).elements.size(), 0, 20000);
    }
};

QTEST_GUILESS_MAIN(TestBulkRunner)
#include "tst_bulkrunner.moc"
