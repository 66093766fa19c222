// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"
#include "bluequekeydump.h"
#include "bluequescriptcall.h"
#include "qlessfixture.h"

#include <QTest>

// lua/blueque/delete.lua, runnow.lua, enqueuedue.lua and purge.lua on deployments our generator
// writes as Blueque v1.0.0 does: the exact keys after each call, and every refusal leaving the
// database exactly as it was.
class TestBluequeMaintenance final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    QlessFixture m_fixture;

    SyncRedis &redis() { return m_fixture.redis(); }
    RedisValue call(const QString &script, const QList<QByteArray> &args) { return callBlueque(redis(), script, args); }
    QByteArray finishedTask(BluequeGenerator &blueque, const QByteArray &queue, bool failed, double at)
    {
        const QByteArray id = blueque.enqueue(queue, "p", at);
        blueque.dequeue(queue, "h.x_1", at + 1);
        blueque.start(queue, id, "h.x_1", 7, at + 2);
        if (failed)
            blueque.fail(queue, id, "h.x_1", 7, "boom", at + 3);
        else
            blueque.complete(queue, id, "h.x_1", 7, "ok", at + 3);
        return id;
    }
    // The call is refused with `message` and the database is as it was.
    void expectRefused(const QString &script, const QList<QByteArray> &args, const QByteArray &message)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = call(script, args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.bytes, message);
        QCOMPARE(m_fixture.snapshot(), before);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init() { m_fixture.flush(); }

    void deletesAFinishedTaskAsTheLibraryDoes()
    {
        BluequeGenerator blueque(redis());
        const QByteArray done = finishedTask(blueque, "my_queue", false, T);
        const QByteArray failed = finishedTask(blueque, "my_queue", true, T + 10);
        QCOMPARE(call(QStringLiteral("delete"), {done, "complete"}).integer, 1);
        QCOMPARE(call(QStringLiteral("delete"), {failed, "failed"}).integer, 1);
        BluequeKeyDump dump(redis());
        QCOMPARE(dump.lines(), BluequeKeyDump::expect({"blueque_queues zset", "  my_queue 0"}));
    }

    void deleteSearchesFromTheGivenEnd()
    {
        BluequeGenerator blueque(redis());
        const QByteArray older = finishedTask(blueque, "q", true, T);
        const QByteArray newer = finishedTask(blueque, "q", true, T + 10);
        QCOMPARE(call(QStringLiteral("delete"), {older, "failed", "oldest"}).integer, 1);
        QCOMPARE(redis().command({"LRANGE", "blueque_failed_tasks_q", "0", "-1"}).strings(), QList<QByteArray>{newer});
        QCOMPARE(call(QStringLiteral("delete"), {newer, "failed", "newest"}).integer, 1);
        QCOMPARE(redis().command({"EXISTS", "blueque_failed_tasks_q"}).integer, 0);
        expectRefused(QStringLiteral("delete"), {older, "failed", "middle"},
                      "blueque delete: end must be newest or oldest");
    }

    void deleteCleansStaleEntriesOfTheTask()
    {
        BluequeGenerator blueque(redis());
        const QByteArray failed = finishedTask(blueque, "q", true, T);
        const QByteArray other = blueque.enqueue("q", "p", T);
        blueque.addStartedEntry("q", "h.x_1", 7, failed);
        redis().command({"LPUSH", "blueque_reserved_tasks_q_h.x_1", failed});
        QCOMPARE(call(QStringLiteral("delete"), {failed, "failed"}).integer, 1);
        BluequeKeyDump dump(redis());
        dump.label(other, "other");
        QCOMPARE(dump.lines(),
                 BluequeKeyDump::expect({"blueque_pending_tasks_q list", "  other", "blueque_queues zset", "  q 0",
                                         "blueque_task_other hash", "  created=<time>", "  parameters=p", "  queue=q",
                                         "  status=pending", "  updated=<time>"}));
    }

    void cancelsPendingAndScheduledTasks()
    {
        BluequeGenerator blueque(redis());
        const QByteArray pending = blueque.enqueue("q", "p", T);
        const QByteArray scheduled = blueque.schedule("q", "s", T + 100, T);
        QCOMPARE(call(QStringLiteral("delete"), {pending, "pending"}).integer, 1);
        QCOMPARE(call(QStringLiteral("delete"), {scheduled, "scheduled"}).integer, 1);
        QCOMPARE(BluequeKeyDump(redis()).lines(), BluequeKeyDump::expect({"blueque_queues zset", "  q 0"}));
    }

    void deleteRefusesWhatItMustNotTouch()
    {
        BluequeGenerator blueque(redis());
        const QByteArray failed = finishedTask(blueque, "q", true, T);
        expectRefused(QStringLiteral("delete"), {failed, "complete"}, "blueque delete: state is failed");
        expectRefused(QStringLiteral("delete"), {"nope", "failed"}, "blueque delete: no such task");
        expectRefused(QStringLiteral("delete"), {failed, "started"},
                      "blueque delete: the expected state must be pending, scheduled, complete or failed");
        const QByteArray reserved = blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "h.x_1", T + 1);
        expectRefused(QStringLiteral("delete"), {reserved, "pending"}, "blueque delete: state is reserved");
        blueque.start("q", reserved, "h.x_1", 8, T + 2);
        expectRefused(QStringLiteral("delete"), {reserved, "pending"}, "blueque delete: state is started");
        // Taken by a listener that has not yet written `reserved`: no longer cancellable.
        const QByteArray taken = blueque.enqueue("q", "p", T);
        blueque.dequeueHalf("q", "h.x_2");
        expectRefused(QStringLiteral("delete"), {taken, "pending"}, "blueque delete: not in its list");
    }

    void runNowMovesOneScheduledTask()
    {
        BluequeGenerator blueque(redis());
        const QByteArray later = blueque.schedule("my_queue", "s", T + 100, T);
        QCOMPARE(call(QStringLiteral("runnow"), {later, BluequeGenerator::timeText(T + 1)}).integer, 1);
        BluequeKeyDump dump(redis());
        dump.label(later, "later");
        QCOMPARE(dump.lines(), BluequeKeyDump::expect({"blueque_pending_tasks_my_queue list", "  later",
                                                       "blueque_queues zset", "  my_queue 0", "blueque_task_later hash",
                                                       "  created=<time>", "  eta=<time>", "  parameters=s",
                                                       "  queue=my_queue", "  status=pending", "  updated=<time>"}));
        QCOMPARE(redis().command({"HGET", "blueque_task_" + later, "updated"}).bytes,
                 BluequeGenerator::timeText(T + 1));
        expectRefused(QStringLiteral("runnow"), {later, "1"}, "blueque runnow: state is pending");
        const QByteArray lost = blueque.schedule("my_queue", "s", T + 100, T);
        redis().command({"ZREM", "blueque_scheduled_tasks_my_queue", lost});
        expectRefused(QStringLiteral("runnow"), {lost, "1"}, "blueque runnow: not scheduled");
        expectRefused(QStringLiteral("runnow"), {"nope", "1"}, "blueque runnow: no such task");
    }

    void enqueueDueStepsThroughTasksPastTheirEta()
    {
        BluequeGenerator blueque(redis());
        const QByteArray a = blueque.schedule("q", "a", T + 10, T);
        const QByteArray b = blueque.schedule("q", "b", T + 20, T);
        const QByteArray c = blueque.schedule("q", "c", T + 30, T);
        redis().command({"ZADD", "blueque_scheduled_tasks_q", BluequeGenerator::timeText(T + 5), "ghost"});
        const QByteArray now = BluequeGenerator::timeText(T + 25);
        RedisValue step = call(QStringLiteral("enqueuedue"), {"q", now, "0", "1"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 0);
        QCOMPARE(step.elements[1].integer, 1); // ghost, left
        QCOMPARE(step.elements[2].integer, 3);
        step = call(QStringLiteral("enqueuedue"), {"q", now, "1", "500"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 2);
        QCOMPARE(step.elements[1].integer, 0);
        QCOMPARE(step.elements[2].integer, 1);
        // Earliest eta at the tail: reserved first, as the library's LPUSH in eta order leaves it.
        QCOMPARE(redis().command({"LRANGE", "blueque_pending_tasks_q", "0", "-1"}).strings(),
                 (QList<QByteArray>{b, a}));
        QCOMPARE(redis().command({"ZRANGE", "blueque_scheduled_tasks_q", "0", "-1"}).strings(),
                 (QList<QByteArray>{"ghost", c}));
        QCOMPARE(redis().command({"HMGET", "blueque_task_" + a, "status", "updated", "eta"}).strings(),
                 (QList<QByteArray>{"pending", now, BluequeGenerator::timeText(T + 10)}));
        QVERIFY(call(QStringLiteral("enqueuedue"), {"q", now, "0", "0"}).isError());
        QVERIFY(call(QStringLiteral("enqueuedue"), {"q", now, "0", "501"}).isError());
        QVERIFY(call(QStringLiteral("enqueuedue"), {"q", now, "-1", "10"}).isError());
    }

    void purgeDeletesOldestFinishedTasksInSteps()
    {
        BluequeGenerator blueque(redis());
        const QByteArray d1 = finishedTask(blueque, "q", false, T);
        const QByteArray d2 = finishedTask(blueque, "q", false, T + 10);
        const QByteArray d3 = finishedTask(blueque, "q", false, T + 20);
        // Listed as complete but since enqueued again by hand: its entry goes, its hash stays.
        redis().command({"HSET", "blueque_task_" + d1, "status", "pending"});
        RedisValue step = call(QStringLiteral("purge"), {"q", "complete", "2"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 2);
        QCOMPARE(step.elements[1].integer, 1);
        QCOMPARE(step.elements[2].integer, 1);
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + d1}).integer, 1);
        QCOMPARE(redis().command({"EXISTS", "blueque_task_" + d2}).integer, 0);
        step = call(QStringLiteral("purge"), {"q", "complete", "1000"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 1);
        QCOMPARE(step.elements[2].integer, 0);
        QCOMPARE(redis().command({"EXISTS", "blueque_complete_tasks_q", "blueque_task_" + d3}).integer, 0);
        step = call(QStringLiteral("purge"), {"q", "complete", "1000"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 0);
        QVERIFY(call(QStringLiteral("purge"), {"q", "pending", "10"}).isError());
        QVERIFY(call(QStringLiteral("purge"), {"q", "failed", "1001"}).isError());
    }
};

QTEST_GUILESS_MAIN(TestBluequeMaintenance)
#include "tst_bluequemaintenance.moc"
