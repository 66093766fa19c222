// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"
#include "bluequekeydump.h"
#include "bluequesample.h"
#include "qlessfixture.h"

#include <QFile>
#include <QMap>
#include <QTest>

// The generator writes what Blueque v1.0.0 writes: replayed step by step against the dumps
// data/record_library_walkthrough.py took of the real library doing the same, and the anomalies
// a console must show, each as the keys it leaves.
class TestBluequeGenerator final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    QlessFixture m_fixture;

    SyncRedis &redis() { return m_fixture.redis(); }

    static QMap<QString, QStringList> libraryDumps()
    {
        QFile file(QStringLiteral(QLESSDESK_BLUEQUE_WALKTHROUGH));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            return {};
        QMap<QString, QStringList> steps;
        QString step;
        for (const QString &line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (line.startsWith(QStringLiteral("== ")))
                step = line.mid(3);
            else
                steps[step] << line;
        }
        return steps;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init() { m_fixture.flush(); }

    void timesAreWrittenAsPythonWritesFloats()
    {
        QCOMPARE(BluequeGenerator::timeText(1795843468.9569683), QByteArray("1795843468.9569683"));
        QCOMPARE(BluequeGenerator::timeText(1795843470.678338), QByteArray("1795843470.678338"));
        QCOMPARE(BluequeGenerator::timeText(1795843468.0), QByteArray("1795843468.0"));
        QCOMPARE(BluequeGenerator::timeText(0.5), QByteArray("0.5"));
    }

    void idsAreLowercaseUuids()
    {
        const QByteArray id = BluequeGenerator::newTaskId();
        QCOMPARE(id.size(), 36);
        QCOMPARE(id, id.toLower());
        QCOMPARE(id.count('-'), 4);
    }

    void matchesTheLibraryStepByStep()
    {
        const QMap<QString, QStringList> library = libraryDumps();
        QVERIFY2(library.size() == 14, "data/library-walkthrough.txt missing or changed");
        BluequeGenerator blueque(redis());
        BluequeKeyDump dump(redis());
        const QByteArray q = "my_queue", live = "host.example_101", dead = "host.example_202";
        const auto step = [&](const QString &name) {
            const QStringList ours = dump.lines();
            if (ours != library.value(name))
                qWarning().noquote() << "ours after" << name << ":\n" << ours.join(QLatin1Char('\n'));
            QCOMPARE(ours, library.value(name));
        };
        const QByteArray t1 = blueque.enqueue(q, "{\"n\": 1}", T);
        dump.label(t1, "task1");
        step(QStringLiteral("enqueue task1"));
        const QByteArray t2 = blueque.enqueue(q, "plain text", T + 0.01);
        dump.label(t2, "task2");
        step(QStringLiteral("enqueue task2"));
        dump.label(blueque.schedule(q, "later", T + 1.52, T + 0.02), "task3");
        step(QStringLiteral("schedule task3 in the future"));
        const QByteArray t4 = blueque.schedule(q, "past", T - 10, T + 0.03);
        dump.label(t4, "task4");
        step(QStringLiteral("schedule task4 in the past"));
        QCOMPARE(blueque.enqueueDue(q, T + 1.7), 1);
        step(QStringLiteral("enqueue_due_tasks"));
        blueque.addListener(q, live);
        step(QStringLiteral("listener added"));
        QCOMPARE(blueque.dequeue(q, live, T + 1.8), t1);
        step(QStringLiteral("listen: task1 reserved"));
        blueque.start(q, t1, live, 4242, T + 1.81);
        step(QStringLiteral("start task1 pid 4242"));
        blueque.complete(q, t1, live, 4242, "done!", T + 1.82);
        step(QStringLiteral("complete task1"));
        QCOMPARE(blueque.dequeue(q, live, T + 1.83), t2);
        blueque.start(q, t2, live, 4243, T + 1.84);
        blueque.fail(q, t2, live, 4243, "Boom: it broke", T + 1.85);
        step(QStringLiteral("task2 reserved, started pid 4243, failed"));
        blueque.addListener(q, dead);
        QCOMPARE(blueque.dequeue(q, dead, T + 1.86), t4);
        step(QStringLiteral("dead listener added, reserved task4"));
        QCOMPARE(blueque.reclaim(q, dead, live), t4);
        step(QStringLiteral("claim_orphan: task4 reclaimed"));
        // The reclaiming runner runs it under the dead listener's name: the task's node.
        blueque.start(q, t4, dead, 4244, T + 1.87);
        blueque.complete(q, t4, dead, 4244, "ok2", T + 1.88);
        step(QStringLiteral("task4 started pid 4244, completed"));
        blueque.deleteTask(q, t1, "complete");
        step(QStringLiteral("delete_task task1"));
    }

    void reservedTaskStillPending()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.enqueue("q", "p", T);
        blueque.addListener("q", "h_1");
        QCOMPARE(blueque.dequeueHalf("q", "h_1"), id);
        QCOMPARE(redis().command({"LRANGE", "blueque_reserved_tasks_q_h_1", "0", "-1"}).strings(),
                 QList<QByteArray>{id});
        QCOMPARE(redis().command({"HGET", "blueque_task_" + id, "status"}).bytes, QByteArray("pending"));
        QCOMPARE(redis().command({"EXISTS", "blueque_pending_tasks_q"}).integer, 0);
    }

    void startedEntryOfATaskNotStarted()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.enqueue("q", "p", T);
        blueque.addStartedEntry("q", "h_1", 77, id);
        QCOMPARE(redis().command({"SMEMBERS", "blueque_started_tasks_q"}).strings(), QList<QByteArray>{"h_1 77 " + id});
        QCOMPARE(redis().command({"HGET", "blueque_task_" + id, "status"}).bytes, QByteArray("pending"));
    }

    void scheduledPastItsEtaWithoutAScheduler()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.schedule("q", "p", T + 10, T);
        QCOMPARE(redis()
                     .command({"ZRANGEBYSCORE", "blueque_scheduled_tasks_q", "0", BluequeGenerator::timeText(T + 100)})
                     .strings(),
                 QList<QByteArray>{id});
        QCOMPARE(redis().command({"HGET", "blueque_task_" + id, "eta"}).bytes, BluequeGenerator::timeText(T + 10));
        QCOMPARE(blueque.enqueueDue("q", T + 5), 0);
        QCOMPARE(redis().command({"ZCARD", "blueque_scheduled_tasks_q"}).integer, 1);
    }

    void reservedListOfAListenerNoLongerListed()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.enqueue("q", "p", T);
        blueque.addListener("q", "dead.host_9");
        blueque.addListener("q", "live.host_1");
        QCOMPARE(blueque.dequeue("q", "dead.host_9", T + 1), id);
        QCOMPARE(blueque.reclaim("q", "dead.host_9", "live.host_1"), id);
        QCOMPARE(redis().command({"SMEMBERS", "blueque_listeners_q"}).strings(), QList<QByteArray>{"live.host_1"});
        QCOMPARE(redis().command({"LRANGE", "blueque_reserved_tasks_q_dead.host_9", "0", "-1"}).strings(),
                 QList<QByteArray>{id});
        QCOMPARE(redis().command({"ZSCORE", "blueque_queues", "q"}).bytes, QByteArray("1"));
        // Reclaimed once only: a second claim finds the listener already gone.
        QVERIFY(blueque.reclaim("q", "dead.host_9", "other.host_2").isEmpty());
    }

    void underscoresInQueueAndListenerNames()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = blueque.enqueue("a_b", "p", T);
        blueque.addListener("a_b", "c_d_12");
        blueque.dequeue("a_b", "c_d_12", T + 1);
        blueque.start("a_b", id, "c_d_12", 5, T + 2);
        // "blueque_reserved_tasks_a_b_c_d_12" reads as queue a_b_c_d, listener 12 just as well:
        // only the queue's listener set tells them apart.
        QCOMPARE(redis().command({"TYPE", "blueque_reserved_tasks_a_b_c_d_12"}).bytes, QByteArray("list"));
        QCOMPARE(redis().command({"SMEMBERS", "blueque_started_tasks_a_b"}).strings(),
                 QList<QByteArray>{"c_d_12 5 " + id});
    }

    void theSampleHoldsEveryStateAndAnomaly()
    {
        const BluequeSample s = BluequeSample::write(redis(), T);
        const auto status = [&](const QByteArray &id) {
            return redis().command({"HGET", "blueque_task_" + id, "status"}).bytes;
        };
        const auto list = [&](const QByteArray &key) { return redis().command({"LRANGE", key, "0", "-1"}).strings(); };
        QCOMPARE(status(s.pending), QByteArray("pending"));
        QCOMPARE(status(s.scheduled), QByteArray("scheduled"));
        QCOMPARE(status(s.scheduledPastEta), QByteArray("scheduled"));
        QCOMPARE(status(s.reserved), QByteArray("reserved"));
        QCOMPARE(status(s.started), QByteArray("started"));
        QCOMPARE(status(s.complete), QByteArray("complete"));
        QCOMPARE(status(s.failed), QByteArray("failed"));
        QCOMPARE(status(s.reservedStillPending), QByteArray("pending"));
        QCOMPARE(status(s.orphaned), QByteArray("reserved"));
        QCOMPARE(status(s.otherQueueFailed), QByteArray("failed"));

        QCOMPARE(list("blueque_pending_tasks_my_queue"), QList<QByteArray>{s.pending});
        QCOMPARE(redis().command({"ZRANGE", "blueque_scheduled_tasks_my_queue", "0", "-1"}).strings(),
                 (QList<QByteArray>{s.scheduledPastEta, s.scheduled}));
        QCOMPARE(list("blueque_reserved_tasks_my_queue_node_a.example_101"), QList<QByteArray>{s.reserved});
        QCOMPARE(list("blueque_reserved_tasks_my_queue_node_a.example_102"), QList<QByteArray>{s.started});
        QCOMPARE(list("blueque_reserved_tasks_my_queue_node_b.example_103"), QList<QByteArray>{s.reservedStillPending});
        QCOMPARE(list("blueque_reserved_tasks_my_queue_node_a.example_104"), QList<QByteArray>{s.orphaned});
        QCOMPARE(redis().command({"HGET", "blueque_task_" + s.orphaned, "reclaimed_node"}).bytes,
                 QByteArray(BluequeSample::live));
        QCOMPARE(redis().command({"SMEMBERS", "blueque_listeners_my_queue"}).strings().size(), 3);
        QCOMPARE(redis().command({"SISMEMBER", "blueque_listeners_my_queue", BluequeSample::dead}).integer, 0);
        QCOMPARE(redis().command({"SCARD", "blueque_started_tasks_my_queue"}).integer, 2);
        QCOMPARE(redis()
                     .command({"SISMEMBER", "blueque_started_tasks_my_queue", "node_a.example_102 2002 " + s.complete})
                     .integer,
                 1);
        QCOMPARE(list("blueque_complete_tasks_my_queue"), QList<QByteArray>{s.complete});
        QCOMPARE(list("blueque_failed_tasks_my_queue"), QList<QByteArray>{s.failed});
        QCOMPARE(list("blueque_failed_tasks_a_b"), QList<QByteArray>{s.otherQueueFailed});
        QCOMPARE(redis().command({"ZRANGE", "blueque_queues", "0", "-1", "WITHSCORES"}).strings(),
                 (QList<QByteArray>{"a_b", "1", "my_queue", "3"}));
    }

    void theReadmesLegacyLayout()
    {
        BluequeGenerator blueque(redis());
        blueque.addLegacyStartedList("q", "h_1 5 x");
        blueque.addLegacyTaskList("q", "x");
        QCOMPARE(redis().command({"TYPE", "blueque_started_tasks_q"}).bytes, QByteArray("list"));
        QCOMPARE(redis().command({"TYPE", "blueque_tasks_q"}).bytes, QByteArray("list"));
    }
};

QTEST_GUILESS_MAIN(TestBluequeGenerator)
#include "tst_bluequegenerator.moc"
