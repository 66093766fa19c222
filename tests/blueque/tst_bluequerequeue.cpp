// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequegenerator.h"
#include "bluequekeydump.h"
#include "bluequescriptcall.h"
#include "qlessfixture.h"

#include <QTest>

// lua/blueque/requeue.lua and requeueall.lua on deployments our generator writes as Blueque
// v1.0.0 does: the exact keys after each call, every refusal leaving the database as it was,
// and a listener of the library's kind carrying on with a requeued task.
class TestBluequeRequeue final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    QlessFixture m_fixture;

    SyncRedis &redis() { return m_fixture.redis(); }
    RedisValue call(const QString &script, const QList<QByteArray> &args) { return callBlueque(redis(), script, args); }
    // A task of `queue` enqueued, reserved, started and failed by listener h.x_1 (pid 7).
    QByteArray failedTask(BluequeGenerator &blueque, const QByteArray &queue, double at)
    {
        const QByteArray id = blueque.enqueue(queue, "p", at);
        blueque.dequeue(queue, "h.x_1", at + 1);
        blueque.start(queue, id, "h.x_1", 7, at + 2);
        blueque.fail(queue, id, "h.x_1", 7, "boom", at + 3);
        return id;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init() { m_fixture.flush(); }

    void requeuesAsAFreshEnqueue()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("my_queue", "h.x_1");
        const QByteArray id = failedTask(blueque, "my_queue", T);
        const RedisValue reply =
            call(QStringLiteral("requeue"), {"my_queue", BluequeGenerator::timeText(T + 4), "newest", id});
        QCOMPARE(reply.strings(), QList<QByteArray>{"requeued"});
        BluequeKeyDump dump(redis());
        dump.label(id, "task");
        const QStringList expected = BluequeKeyDump::expect(
            {"blueque_listeners_my_queue set", "  h.x_1", "blueque_pending_tasks_my_queue list", "  task",
             "blueque_queues zset", "  my_queue 1", "blueque_task_task hash", "  created=<time>", "  parameters=p",
             "  queue=my_queue", "  status=pending", "  updated=<time>"});
        QCOMPARE(dump.lines(), expected);
        QCOMPARE(redis().command({"HGET", "blueque_task_" + id, "updated"}).bytes, BluequeGenerator::timeText(T + 4));
        QCOMPARE(redis().command({"HGET", "blueque_task_" + id, "created"}).bytes, BluequeGenerator::timeText(T));

        // The library's listener takes it up again and finishes it: no trace of the failure.
        QCOMPARE(blueque.dequeue("my_queue", "h.x_1", T + 5), id);
        blueque.start("my_queue", id, "h.x_1", 8, T + 6);
        blueque.complete("my_queue", id, "h.x_1", 8, "fine", T + 7);
        QVERIFY(redis().command({"HGET", "blueque_task_" + id, "error"}).isNil());
        QCOMPARE(redis().command({"LRANGE", "blueque_complete_tasks_my_queue", "0", "-1"}).strings(),
                 QList<QByteArray>{id});
    }

    void aSelectionAnswersPerTaskAndRefusalsWriteNothing()
    {
        BluequeGenerator blueque(redis());
        const QByteArray good = failedTask(blueque, "q", T);
        const QByteArray otherQueue = failedTask(blueque, "other_q", T);
        const QByteArray done = blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "h.x_1", T + 1);
        blueque.start("q", done, "h.x_1", 9, T + 2);
        blueque.complete("q", done, "h.x_1", 9, "r", T + 3);
        const QByteArray unlisted = failedTask(blueque, "q", T + 10);
        redis().command({"LREM", "blueque_failed_tasks_q", "0", unlisted});
        const QList<QByteArray> before = m_fixture.snapshot();

        const RedisValue refused = call(QStringLiteral("requeue"), {"q", BluequeGenerator::timeText(T + 20), "oldest",
                                                                    "nope", otherQueue, done, unlisted});
        QCOMPARE(refused.strings(), (QList<QByteArray>{"missing", "wrong-queue", "not-failed:complete", "not-listed"}));
        QCOMPARE(m_fixture.snapshot(), before);

        const RedisValue mixed =
            call(QStringLiteral("requeue"), {"q", BluequeGenerator::timeText(T + 20), "newest", good, good});
        QCOMPARE(mixed.strings(), (QList<QByteArray>{"requeued", "not-failed:pending"}));
        QCOMPARE(redis().command({"LRANGE", "blueque_pending_tasks_q", "0", "-1"}).strings(), QList<QByteArray>{good});
        QCOMPARE(redis().command({"EXISTS", "blueque_failed_tasks_q"}).integer, 0);
    }

    void requeueRefusesBadArguments()
    {
        QVERIFY(call(QStringLiteral("requeue"), {"q", "1", "newest"}).isError());
        QVERIFY(call(QStringLiteral("requeue"), {"q", "1", "middle", "id"}).isError());
        QVERIFY(call(QStringLiteral("requeue"), {"q", "soon", "newest", "id"}).isError());
        QVERIFY(call(QStringLiteral("requeue"), {"", "1", "newest", "id"}).isError());
        QList<QByteArray> tooMany{"q", "1", "newest"};
        for (int i = 0; i < 101; ++i)
            tooMany << QByteArray::number(i);
        const RedisValue reply = call(QStringLiteral("requeue"), tooMany);
        QVERIFY(reply.isError());
        QVERIFY2(reply.bytes.contains("100 task ids"), reply.bytes.constData());
    }

    void requeueAllGoesOldestFirstInBoundedSteps()
    {
        BluequeGenerator blueque(redis());
        const QByteArray f1 = failedTask(blueque, "q", T);
        redis().command({"LPUSH", "blueque_failed_tasks_q", "ghost"}); // no hash: left in place
        const QByteArray f2 = failedTask(blueque, "q", T + 10);
        const QByteArray f3 = failedTask(blueque, "q", T + 20);
        const QByteArray f4 = failedTask(blueque, "q", T + 30);
        const QByteArray f5 = failedTask(blueque, "q", T + 40);
        const QByteArray now = BluequeGenerator::timeText(T + 50);
        const auto failedList = [&] {
            return redis().command({"LRANGE", "blueque_failed_tasks_q", "0", "-1"}).strings();
        };
        QCOMPARE(failedList(), (QList<QByteArray>{f5, f4, f3, f2, "ghost", f1}));

        // The caller's pass: steps until requeued + left reach the length seen at the start.
        RedisValue step = call(QStringLiteral("requeueall"), {"q", now, "2"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 1); // f1
        QCOMPARE(step.elements[1].integer, 1); // ghost, moved to the newest end
        QCOMPARE(step.elements[2].integer, 5);
        QCOMPARE(failedList(), (QList<QByteArray>{"ghost", f5, f4, f3, f2}));
        // A failure arriving during the pass is newer than everything the pass will look at.
        // Its reservation is written by hand: a dequeue now would take the requeued f1 instead.
        const QByteArray late = blueque.enqueue("q", "p", T + 45);
        redis().command({"LREM", "blueque_pending_tasks_q", "1", late});
        blueque.fail("q", late, "other.host_3", 11, "boom", T + 46);
        QCOMPARE(failedList(), (QList<QByteArray>{late, "ghost", f5, f4, f3, f2}));

        step = call(QStringLiteral("requeueall"), {"q", now, "2"});

        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 2);
        QCOMPARE(step.elements[1].integer, 0);
        QCOMPARE(step.elements[2].integer, 4);
        QCOMPARE(failedList(), (QList<QByteArray>{late, "ghost", f5, f4}));
        step = call(QStringLiteral("requeueall"), {"q", now, "2"});
        QCOMPARE(step.elements.size(), 3);
        QCOMPARE(step.elements[0].integer, 2);
        QCOMPARE(step.elements[2].integer, 2);
        // 1 + 1 + 2 + 2 = 6, the length at the start: the pass stops and `late` stays failed.

        QCOMPARE(failedList(), (QList<QByteArray>{late, "ghost"}));
        // The oldest failure is the pending list's tail: the next one a listener reserves.
        QCOMPARE(redis().command({"LRANGE", "blueque_pending_tasks_q", "0", "-1"}).strings(),
                 (QList<QByteArray>{f5, f4, f3, f2, f1}));
        for (const QByteArray &id : {f1, f2, f3, f4, f5}) {
            const QList<QByteArray> fields =
                redis().command({"HMGET", "blueque_task_" + id, "status", "updated", "error", "node", "pid"}).strings();
            QCOMPARE(fields, (QList<QByteArray>{"pending", now, {}, {}, {}}));
        }
    }

    void requeueAllRefusesBadArguments()
    {
        QVERIFY(call(QStringLiteral("requeueall"), {"q", "1", "-1"}).isError());
        QVERIFY(call(QStringLiteral("requeueall"), {"q", "1", "0"}).isError());
        QVERIFY(call(QStringLiteral("requeueall"), {"q", "1", "501"}).isError());
        QVERIFY(call(QStringLiteral("requeueall"), {"q", "1", "0.5"}).isError());
        QVERIFY(call(QStringLiteral("requeueall"), {"q", "x", "10"}).isError());
        QVERIFY(call(QStringLiteral("requeueall"), {"", "1", "10"}).isError());
        const RedisValue empty = call(QStringLiteral("requeueall"), {"q", "1", "10"});
        QCOMPARE(empty.elements.size(), 3);
        QCOMPARE(empty.elements[2].integer, 0);
    }
};

QTEST_GUILESS_MAIN(TestBluequeRequeue)
#include "tst_bluequerequeue.moc"
