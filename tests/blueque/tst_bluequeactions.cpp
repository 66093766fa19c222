// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "bluequeaction.h"
#include "bluequebulkrun.h"
#include "bluequegenerator.h"
#include "bluequesession.h"
#include "faultproxy.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "replywaiter.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// BluequeBulkRun on deployments our generator writes as Blueque v1.0.0 does: each action on one
// task, a selection and a whole list, the refusals (a task no longer in the state it was listed
// in, a read-only connection), the audit records, and a whole failed list of 20,000 done in
// bounded steps (calls counted, never timed).
class TestBluequeActions final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    static constexpr const char *Listener = "worker-1.example.com_4242";
    std::unique_ptr<QlessFixture> m_fixture;
    QTemporaryDir m_dir;
    int m_logs = 0;
    QString m_auditPath;

    SyncRedis &redis() { return m_fixture->redis(); }

    std::unique_ptr<QlessSession> session(bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_fixture->server().socketPath();
        settings.readOnly = readOnly;
        auto session = std::make_unique<QlessSession>(settings);
        m_auditPath = m_dir.filePath(QStringLiteral("audit-%1.log").arg(++m_logs));
        session->setAuditLog(std::make_shared<AuditLog>(m_auditPath));
        awaitReady(*session->connection());
        return session;
    }

    // Runs `action` to its end on a fresh session; the run stays for its figures.
    std::unique_ptr<BluequeBulkRun> run(const BluequeAction &action, bool readOnly = false)
    {
        m_session = session(readOnly);
        m_blueque = std::make_unique<BluequeSession>(m_session->connection());
        auto runner = std::make_unique<BluequeBulkRun>(m_blueque.get(), m_session.get(), action);
        QSignalSpy finished(runner.get(), &BulkProgress::finished);
        runner->start();
        if (!finished.wait(60000))
            qWarning("the run did not finish");
        return runner;
    }

    QList<QJsonObject> auditRecords() const
    {
        QFile file(m_auditPath);
        QList<QJsonObject> out;
        if (!file.open(QIODevice::ReadOnly))
            return out;
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (!line.trimmed().isEmpty())
                out << QJsonDocument::fromJson(line).object();
        }
        return out;
    }

    QByteArray failed(BluequeGenerator &blueque, const QByteArray &queue, double at, const QByteArray &error = "boom")
    {
        const QByteArray id = blueque.enqueue(queue, R"({"n": 1})", at);
        blueque.dequeue(queue, Listener, at + 1);
        blueque.start(queue, id, Listener, 7, at + 2);
        blueque.fail(queue, id, Listener, 7, error, at + 3);
        return id;
    }
    QByteArray complete(BluequeGenerator &blueque, const QByteArray &queue, double at)
    {
        const QByteArray id = blueque.enqueue(queue, "p", at);
        blueque.dequeue(queue, Listener, at + 1);
        blueque.start(queue, id, Listener, 7, at + 2);
        blueque.complete(queue, id, Listener, 7, "ok", at + 3);
        return id;
    }
    QByteArray field(const QByteArray &id, const QByteArray &name)
    {
        return redis().command({"HGET", "blueque_task_" + id, name}).text();
    }
    qint64 length(const QByteArray &key) { return redis().command({"LLEN", key}).integer; }
    // The refs of `ids` as the failed (or any) list shows them: newest first.
    QList<BluequeTaskRef> refs(const QByteArray &key, const QList<QByteArray> &ids)
    {
        const QList<QByteArray> listed = redis().command({"LRANGE", key, "0", "-1"}).strings();
        QList<BluequeTaskRef> out;
        for (const QByteArray &id : ids)
            out << BluequeTaskRef{id, listed.indexOf(id), listed.size(), {}};
        return out;
    }

    std::unique_ptr<QlessSession> m_session;
    std::unique_ptr<BluequeSession> m_blueque;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }
    void cleanup()
    {
        m_blueque.reset();
        m_session.reset();
    }

    void requeuesOneTaskAndAuditsIt()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("transcode", Listener);
        QList<QByteArray> ids;
        for (int i = 0; i < 5; ++i)
            ids << failed(blueque, "transcode", T + 10 * i);
        const auto runner =
            run(BluequeAction::ofTasks(BluequeAction::Kind::Requeue, QStringLiteral("transcode"),
                                       QStringLiteral("failed"), refs("blueque_failed_tasks_transcode", {ids.at(1)})));
        QCOMPARE(runner->summary().done, 1);
        QCOMPARE(runner->summary().outcome(), QStringLiteral("done"));
        QCOMPARE(field(ids.at(1), "status"), QByteArray("pending"));
        QVERIFY(redis().command({"HEXISTS", "blueque_task_" + ids.at(1), "error"}).integer == 0);
        QCOMPARE(length("blueque_failed_tasks_transcode"), 4);
        QCOMPARE(redis().command({"LINDEX", "blueque_pending_tasks_transcode", "0"}).text(), ids.at(1));

        const QList<QJsonObject> records = auditRecords();
        QCOMPARE(records.size(), 2); // started, then how it ended
        QCOMPARE(records.at(0).value(QStringLiteral("action")).toString(), QStringLiteral("blueque requeue"));
        QCOMPARE(records.at(0).value(QStringLiteral("outcome")).toString(), QStringLiteral("started"));
        QCOMPARE(records.at(1).value(QStringLiteral("outcome")).toString(), QStringLiteral("done"));
        const QJsonObject arguments = records.at(1).value(QStringLiteral("arguments")).toObject();
        QCOMPARE(arguments.value(QStringLiteral("system")).toString(), QStringLiteral("blueque"));
        QCOMPARE(arguments.value(QStringLiteral("queue")).toString(), QStringLiteral("transcode"));
        QCOMPARE(arguments.value(QStringLiteral("ids")).toArray().first().toString(), QString::fromUtf8(ids.at(1)));
    }

    void requeuesASelectionAndSaysWhyOneWasLeft()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("transcode", Listener);
        QList<QByteArray> ids;
        for (int i = 0; i < 300; ++i)
            ids << failed(blueque, "transcode", T + i);
        // Listed as failed; then deleted by another client before the run reaches it.
        const QList<BluequeTaskRef> chosen =
            refs("blueque_failed_tasks_transcode", {ids.at(0), ids.at(150), ids.at(299), ids.at(7)});
        blueque.deleteTask("transcode", ids.at(7), "failed");
        const auto runner = run(BluequeAction::ofTasks(BluequeAction::Kind::Requeue, QStringLiteral("transcode"),
                                                       QStringLiteral("failed"), chosen));
        QCOMPARE(runner->summary().total, 4);
        QCOMPARE(runner->summary().done, 3);
        QCOMPARE(runner->summary().skipped.value(BluequeBulkRun::requeueSkipReason("missing")), 1);
        QCOMPARE(runner->summary().outcome(), QStringLiteral("partial"));
        // Ids nearer each end go in a call of their own, each searched from its end.
        QCOMPARE(runner->calls(), 2);
        for (int i : {0, 150, 299})
            QCOMPARE(field(ids.at(i), "status"), QByteArray("pending"));
        QCOMPARE(length("blueque_failed_tasks_transcode"), 296);
    }

    void requeuesAWholeFailedListOf20000InBoundedSteps()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("transcode", Listener);
        constexpr int tasks = 20000;
        for (int i = 0; i < tasks; ++i)
            failed(blueque, "transcode", T + i);
        // An entry whose task is not failed (a hand edit): left in the list, counted apart.
        const QByteArray odd = blueque.enqueue("transcode", "p", T);
        redis().command({"LPUSH", "blueque_failed_tasks_transcode", odd});

        const auto runner = run(BluequeAction::ofWholeList(BluequeAction::Kind::Requeue, QStringLiteral("transcode"),
                                                           QStringLiteral("failed"), tasks + 1));
        const BulkSummary &summary = runner->summary();
        QCOMPARE(summary.total, tasks + 1);
        QCOMPARE(summary.done, tasks);
        QCOMPARE(summary.skippedCount(), 1);
        QCOMPARE(summary.notAttempted(), 0);
        // 20,001 entries in steps of at most 500: 41 calls, none larger.
        QCOMPARE(runner->largestStep(), 500);
        QCOMPARE(runner->calls(), 41);
        QCOMPARE(length("blueque_failed_tasks_transcode"), 1);
        QCOMPARE(length("blueque_pending_tasks_transcode"), tasks + 1);
        QCOMPARE(redis().command({"LINDEX", "blueque_failed_tasks_transcode", "0"}).text(), odd);
        const QList<QJsonObject> records = auditRecords();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.at(1).value(QStringLiteral("count")).toInteger(), tasks);
        QVERIFY(records.at(1).value(QStringLiteral("arguments")).toObject().value(QStringLiteral("all")).toBool());
    }

    void requeueAllLeavesFailuresNewerThanThePass()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", Listener);
        for (int i = 0; i < 1200; ++i)
            failed(blueque, "q", T + i);
        m_session = session();
        m_blueque = std::make_unique<BluequeSession>(m_session->connection());
        BluequeBulkRun runner(m_blueque.get(), m_session.get(),
                              BluequeAction::ofWholeList(BluequeAction::Kind::Requeue, QStringLiteral("q"),
                                                         QStringLiteral("failed"), 1200));
        QSignalSpy finished(&runner, &BulkProgress::finished);
        // A failure that lands after the first step is not the pass's to requeue.
        bool added = false;
        connect(&runner, &BulkProgress::progressed, this, [&] {
            if (!added && runner.processed() > 0) {
                added = true;
                failed(blueque, "q", T + 5000, "later");
            }
        });
        runner.start();
        QVERIFY(finished.wait(30000));
        QCOMPARE(runner.summary().done, 1200);
        QCOMPARE(runner.calls(), 3);
        QCOMPARE(length("blueque_failed_tasks_q"), 1);
    }

    void deletesOneASelectionAndAWholeCompleteList()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", Listener);
        QList<QByteArray> done;
        for (int i = 0; i < 1200; ++i)
            done << complete(blueque, "q", T + i);
        const QByteArray f1 = failed(blueque, "q", T + 2000);
        const QByteArray f2 = failed(blueque, "q", T + 2001);

        auto one =
            run(BluequeAction::ofTasks(BluequeAction::Kind::Delete, QStringLiteral("q"), QStringLiteral("complete"),
                                       refs("blueque_complete_tasks_q", {done.at(600)})));
        QCOMPARE(one->summary().done, 1);
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + done.at(600)}).integer, 0);
        QCOMPARE(length("blueque_complete_tasks_q"), 1199);

        auto selection =
            run(BluequeAction::ofTasks(BluequeAction::Kind::Delete, QStringLiteral("q"), QStringLiteral("failed"),
                                       refs("blueque_failed_tasks_q", {f1, f2})));
        QCOMPARE(selection->summary().done, 2);
        QCOMPARE(length("blueque_failed_tasks_q"), 0);

        auto all = run(BluequeAction::ofWholeList(BluequeAction::Kind::Delete, QStringLiteral("q"),
                                                  QStringLiteral("complete"), 1199));
        QCOMPARE(all->summary().done, 1199);
        QCOMPARE(all->calls(), 3); // 500, 500, 199
        QCOMPARE(all->summary().outcome(), QStringLiteral("done"));
        QCOMPARE(length("blueque_complete_tasks_q"), 0);
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + done.at(0)}).integer, 0);
        QCOMPARE(auditRecords().last().value(QStringLiteral("action")).toString(), QStringLiteral("blueque delete"));
    }

    void cancelsAPendingTaskOnlyWhileItIsPending()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", Listener);
        const QByteArray waiting = blueque.enqueue("q", "a", T);
        const QByteArray taken = blueque.enqueue("q", "b", T + 1);
        const QByteArray halfTaken = blueque.enqueue("q", "c", T + 2);
        const QByteArray other = blueque.enqueue("q", "d", T + 3);
        const QList<BluequeTaskRef> chosen = refs("blueque_pending_tasks_q", {waiting, taken, halfTaken});
        // After the operator chose them: a listener reserves `waiting`... no: the oldest first.
        QCOMPARE(blueque.dequeue("q", Listener, T + 10), waiting);
        QCOMPARE(blueque.dequeueHalf("q", "worker-2.example.com_1"), taken);
        Q_UNUSED(halfTaken);

        const auto runner = run(BluequeAction::ofTasks(BluequeAction::Kind::Cancel, QStringLiteral("q"),
                                                       QStringLiteral("pending"), chosen));
        const BulkSummary &summary = runner->summary();
        QCOMPARE(summary.total, 3);
        QCOMPARE(summary.done, 1);
        QCOMPARE(summary.skipped.value(
                     BluequeBulkRun::skipReason(BluequeAction::Kind::Cancel, QStringLiteral("state is reserved"))),
                 1);
        QCOMPARE(summary.skipped.value(
                     BluequeBulkRun::skipReason(BluequeAction::Kind::Cancel, QStringLiteral("not in its list"))),
                 1);
        QVERIFY(summary.text().contains(QLatin1String("Blueque cannot stop it")));
        // The cancelled one is gone; the two a listener holds are untouched.
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + halfTaken}).integer, 0);
        QCOMPARE(field(waiting, "status"), QByteArray("reserved"));
        QCOMPARE(field(taken, "status"), QByteArray("pending"));
        QCOMPARE(redis().command({"LRANGE", "blueque_pending_tasks_q", "0", "-1"}).strings(), QList<QByteArray>{other});
        QCOMPARE(auditRecords().last().value(QStringLiteral("action")).toString(), QStringLiteral("blueque cancel"));
    }

    void cancelsAScheduledTaskWhileItIsScheduled()
    {
        BluequeGenerator blueque(redis());
        const QByteArray later = blueque.schedule("q", "p", T + 3600, T);
        const QByteArray due = blueque.schedule("q", "p", T + 60, T);
        blueque.enqueueDue("q", T + 100); // `due` is pending by now
        const auto runner =
            run(BluequeAction::ofTasks(BluequeAction::Kind::Cancel, QStringLiteral("q"), QStringLiteral("scheduled"),
                                       {BluequeTaskRef{due, 0, 2, {}}, BluequeTaskRef{later, 1, 2, {}}}));
        QCOMPARE(runner->summary().done, 1);
        QCOMPARE(runner->summary().skipped.value(
                     BluequeBulkRun::skipReason(BluequeAction::Kind::Cancel, QStringLiteral("state is pending"))),
                 1);
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + later}).integer, 0);
        QCOMPARE(redis().command({"ZCARD", "blueque_scheduled_tasks_q"}).integer, 0);
        QCOMPARE(field(due, "status"), QByteArray("pending"));
    }

    void runsAScheduledTaskNow()
    {
        BluequeGenerator blueque(redis());
        const QByteArray later = blueque.schedule("q", "p", T + 3600, T);
        const QByteArray alsoLater = blueque.schedule("q", "p", T + 7200, T);
        blueque.enqueueDue("q", T + 4000); // `later` is pending by now
        const auto runner =
            run(BluequeAction::ofTasks(BluequeAction::Kind::RunNow, QStringLiteral("q"), QStringLiteral("scheduled"),
                                       {BluequeTaskRef{later, 0, 2, {}}, BluequeTaskRef{alsoLater, 1, 2, {}}}));
        QCOMPARE(runner->summary().done, 1);
        QCOMPARE(runner->summary().skippedCount(), 1);
        QCOMPARE(field(alsoLater, "status"), QByteArray("pending"));
        QCOMPARE(redis().command({"ZCARD", "blueque_scheduled_tasks_q"}).integer, 0);
        QCOMPARE(length("blueque_pending_tasks_q"), 2);
    }

    void aReadOnlyConnectionChangesNothing()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", Listener);
        const QByteArray id = failed(blueque, "q", T);
        const auto one = run(BluequeAction::ofTasks(BluequeAction::Kind::Requeue, QStringLiteral("q"),
                                                    QStringLiteral("failed"), {BluequeTaskRef{id, 0, 1, {}}}),
                             true);
        QCOMPARE(one->summary().done, 0);
        QVERIFY(!one->summary().stoppedBecause.isEmpty());
        QCOMPARE(one->summary().outcome(), QStringLiteral("failed"));
        const auto all = run(BluequeAction::ofWholeList(BluequeAction::Kind::Delete, QStringLiteral("q"),
                                                        QStringLiteral("failed"), 1),
                             true);
        QCOMPARE(all->summary().done, 0);
        QCOMPARE(all->calls(), 1);
        QCOMPARE(field(id, "status"), QByteArray("failed"));
        QCOMPARE(length("blueque_failed_tasks_q"), 1);
        QCOMPARE(auditRecords().last().value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    }

    // A step's reply lost with the connection: it ran on the server, the console cannot know.
    // The run stops there, counts only what was answered, and says how many the lost step may
    // have changed; nothing is sent again blindly (the scripts carry no receipts).
    void aLostReplyStopsTheRunAndSaysWhatIsInDoubt()
    {
        RedisServer::Options options;
        options.tcp = true;
        QlessFixture tcp(options);
        QVERIFY(tcp.start());
        BluequeGenerator blueque(tcp.redis());
        blueque.addListener("q", Listener);
        for (int i = 0; i < 2000; ++i) {
            const QByteArray id = blueque.enqueue("q", "p", T + i);
            blueque.dequeue("q", Listener, T + i);
            blueque.start("q", id, Listener, 7, T + i);
            blueque.fail("q", id, Listener, 7, "boom", T + i);
        }
        FaultProxy proxy(tcp.server().port());
        QVERIFY(proxy.listen());
        QString error;
        ConnectionSettings settings =
            ConnectionSettings::fromUrl(QStringLiteral("redis://127.0.0.1:%1/0").arg(proxy.port()), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        settings.reconnectInitialMs = 50;
        settings.reconnectMaxMs = 200;
        auto session = std::make_unique<QlessSession>(settings);
        m_auditPath = m_dir.filePath(QStringLiteral("audit-lost.log"));
        session->setAuditLog(std::make_shared<AuditLog>(m_auditPath));
        QVERIFY(awaitReady(*session->connection()));
        QTest::qWait(300); // the session's start-up traffic over: the next reply is a step's
        BluequeSession side(session->connection());
        BluequeBulkRun runner(&side, session.get(),
                              BluequeAction::ofWholeList(BluequeAction::Kind::Requeue, QStringLiteral("q"),
                                                         QStringLiteral("failed"), 2000));
        QSignalSpy finished(&runner, &BulkProgress::finished);
        // After the first step's reply, the next step reaches Redis and its reply does not come.
        bool cut = false;
        connect(&runner, &BulkProgress::progressed, this, [&] {
            if (!cut && runner.processed() > 0) {
                cut = true;
                proxy.truncateRepliesAfter(0);
            }
        });
        runner.start();
        QVERIFY(finished.wait(30000));
        const BulkSummary &summary = runner.summary();
        QCOMPARE(summary.done, 500);
        QCOMPARE(summary.total, 2000);
        QCOMPARE(summary.notAttempted(), 1500);
        QVERIFY2(summary.stoppedBecause.contains(QLatin1String("connection")), qPrintable(summary.text()));
        QVERIFY2(summary.text().contains(QLatin1String("its 500 task"))
                     && summary.text().contains(QLatin1String("may or may not have been changed")),
                 qPrintable(summary.text()));
        QCOMPARE(summary.outcome(), QStringLiteral("partial"));
        QCOMPARE(runner.calls(), 2);
        // The second step did run: the server holds 1,000 failed, not the 1,500 counted left.
        QCOMPARE(tcp.redis().command({"LLEN", "blueque_failed_tasks_q"}).integer, 1000);
        QCOMPARE(auditRecords().last().value(QStringLiteral("outcome")).toString(), QStringLiteral("partial"));
    }
};

QTEST_GUILESS_MAIN(TestBluequeActions)
#include "tst_bluequeactions.moc"
