// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeawait.h"
#include "bluequeclient.h"
#include "bluequegenerator.h"
#include "bluequescripts.h"
#include "qlessfixture.h"
#include "redisconnection.h"

#include <QTest>

#include <memory>

// BluequeClient on deployments our generator writes as Blueque v1.0.0 does, and on the bad data
// a console meets (wrong types, missing hashes, hashes with no queue, non-numeric times, the
// README's started list): every count is what Redis holds, and bad data is shown, not fatal.
class TestBluequeClient final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795843468.5;
    std::unique_ptr<QlessFixture> m_fixture;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<BluequeClient> m_client;

    SyncRedis &redis() { return m_fixture->redis(); }
    QlessReply<QList<BluequeQueue>> queues(double now = T + 100)
    {
        return awaitBlueque<QList<BluequeQueue>>([&](QObject *c, auto done) { m_client->queues(now, c, done); });
    }
    QlessReply<BluequeTaskPage> page(const QString &queue, const QString &state, qint64 offset = 0, int count = 100,
                                     const QString &listener = {})
    {
        return awaitBlueque<BluequeTaskPage>(
            [&](QObject *c, auto done) { m_client->taskPage(queue, state, offset, count, c, done, listener); });
    }
    QString detect()
    {
        const auto reply = awaitBlueque<QString>([&](QObject *c, auto done) { m_client->detect(c, done); });
        return reply.ok() ? reply.value : QStringLiteral("error: ") + reply.error.message;
    }
    QByteArray finished(BluequeGenerator &blueque, const QByteArray &queue, bool failed, double at)
    {
        const QByteArray id = blueque.enqueue(queue, R"({"n": 1})", at);
        blueque.dequeue(queue, "h.x_1", at + 1);
        blueque.start(queue, id, "h.x_1", 7, at + 2);
        if (failed)
            blueque.fail(queue, id, "h.x_1", 7, "boom", at + 3);
        else
            blueque.complete(queue, id, "h.x_1", 7, "ok", at + 3);
        return id;
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_fixture->server().socketPath()));
        m_client = std::make_unique<BluequeClient>(m_connection.get());
    }
    void init() { m_fixture->flush(); }

    void detectsBluequeBesideQless()
    {
        QCOMPARE(detect(), QStringLiteral("none"));
        m_fixture->put("qlessq", "jid1", T);
        QCOMPARE(detect(), QStringLiteral("none")); // qless alone
        BluequeGenerator blueque(redis());
        blueque.enqueue("q", "p", T);
        QCOMPARE(detect(), QStringLiteral("zset")); // both
        m_fixture->flush();
        blueque.enqueue("q", "p", T);
        QCOMPARE(detect(), QStringLiteral("zset")); // Blueque alone
        m_fixture->flush();
        redis().command({"SET", "blueque_queues", "x"});
        QCOMPARE(detect(), QStringLiteral("string")); // a key of that name Blueque did not write
    }

    void countsEveryStateExactly()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("my_queue", "h.x_1");
        finished(blueque, "my_queue", false, T);
        finished(blueque, "my_queue", true, T + 4);
        finished(blueque, "my_queue", true, T + 5);
        const QByteArray reserved = blueque.enqueue("my_queue", "p", T + 6);
        blueque.enqueue("my_queue", "p", T + 7);
        blueque.enqueue("my_queue", "p", T + 8);
        blueque.enqueue("my_queue", "p", T + 9);
        blueque.schedule("my_queue", "later", T + 1000, T);
        blueque.schedule("my_queue", "due", T + 50, T);
        QCOMPARE(blueque.dequeue("my_queue", "h.x_1", T + 10), reserved);
        blueque.enqueue("other", "p", T);

        const auto reply = queues(T + 100);
        QVERIFY2(reply.ok(), qPrintable(reply.error.message));
        QCOMPARE(reply.value.size(), 2);
        const BluequeQueue q =
            reply.value.at(0).name == QLatin1String("my_queue") ? reply.value.at(0) : reply.value.at(1);
        QCOMPARE(q.pending, redis().command({"LLEN", "blueque_pending_tasks_my_queue"}).integer);
        QCOMPARE(q.pending, 3);
        QCOMPARE(q.scheduled, 2);
        QCOMPARE(q.overdue, 1);
        QCOMPARE(q.reserved, 1);
        QCOMPARE(q.started, 0);
        QCOMPARE(q.complete, 1);
        QCOMPARE(q.failed, 2);
        QCOMPARE(q.listeners, 1);
        QCOMPARE(q.listenersRead, 1);
        QCOMPARE(q.score, 1.0);
        QVERIFY(q.odd.isEmpty());
    }

    void countsReservedTasksStillPending()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "h.x_1");
        blueque.enqueue("q", "p", T);
        blueque.dequeueHalf("q", "h.x_1");
        QCOMPARE(queues(T + 2).value.at(0).stuck, 0); // within the grace: a dequeue in progress
        QCOMPARE(queues(T + 60).value.at(0).stuck, 1);
        QCOMPARE(queues(T + 60).value.at(0).reserved, 1);
    }

    void readsManyQueuesInWindows()
    {
        BluequeGenerator blueque(redis());
        for (int i = 0; i < 250; ++i)
            blueque.enqueue("q" + QByteArray::number(i), "p", T);
        const auto reply = queues();
        QVERIFY2(reply.ok(), qPrintable(reply.error.message));
        QCOMPARE(reply.value.size(), 250);
        for (const BluequeQueue &q : reply.value)
            QCOMPARE(q.pending, 1);
    }

    void pagesTasksOfEachState()
    {
        BluequeGenerator blueque(redis());
        QList<QByteArray> ids;
        for (int i = 0; i < 150; ++i)
            ids << blueque.enqueue("q", QByteArray::number(i), T + i);
        auto first = page(QStringLiteral("q"), QStringLiteral("pending"), 0, 100);
        QVERIFY2(first.ok(), qPrintable(first.error.message));
        QCOMPARE(first.value.total, 150);
        QCOMPARE(first.value.rows.size(), 100);
        QCOMPARE(first.value.rows.at(0).id, ids.last()); // newest first, as LPUSH leaves them
        QCOMPARE(first.value.rows.at(0).status, QStringLiteral("pending"));
        QCOMPARE(first.value.rows.at(0).created.seconds.value(), T + 149);
        const auto second = page(QStringLiteral("q"), QStringLiteral("pending"), 100, 100);
        QCOMPARE(second.value.rows.size(), 50);
        QCOMPARE(second.value.rows.last().id, ids.first());

        blueque.addListener("q", "h.x_1");
        const QByteArray taken = blueque.dequeue("q", "h.x_1", T + 200);
        blueque.start("q", taken, "h.x_1", 42, T + 201);
        const auto started = page(QStringLiteral("q"), QStringLiteral("started"));
        QCOMPARE(started.value.total, 1);
        QCOMPARE(started.value.next, QByteArray("0"));
        QCOMPARE(started.value.rows.at(0).id, taken);
        QCOMPARE(started.value.rows.at(0).pid, QStringLiteral("42"));
        const auto reservedPage =
            page(QStringLiteral("q"), QStringLiteral("reserved"), 0, 100, QStringLiteral("h.x_1"));
        QCOMPARE(reservedPage.value.rows.at(0).id, taken);

        const QByteArray later = blueque.schedule("q", "s", T + 5000, T);
        const auto scheduled = page(QStringLiteral("q"), QStringLiteral("scheduled"));
        QCOMPARE(scheduled.value.rows.at(0).id, later);
        QCOMPARE(scheduled.value.rows.at(0).eta.seconds.value(), T + 5000);
        QVERIFY(!page(QStringLiteral("q"), QStringLiteral("bogus")).ok());
        QVERIFY(!page(QStringLiteral("q"), QStringLiteral("pending"), 0, 101).ok());
    }

    void showsMalformedDataAsSuch()
    {
        BluequeGenerator blueque(redis());
        const QByteArray fine = blueque.enqueue("q", "p", T);
        redis().command({"LPUSH", "blueque_pending_tasks_q", "no-hash"});
        redis().command({"LPUSH", "blueque_pending_tasks_q", "not-a-hash"});
        redis().command({"SET", "blueque_task_not-a-hash", "x"});
        redis().command({"HSET", "blueque_task_noqueue", "status", "reserved", "node", "h_1", "updated", "soon"});
        redis().command({"LPUSH", "blueque_failed_tasks_q", "noqueue"});
        redis().command({"SET", "blueque_complete_tasks_q", "oops"});
        blueque.addLegacyStartedList("q", "h_1 7 " + fine);
        redis().command({"ZADD", "blueque_queues", "0", "weird"});
        redis().command({"SET", "blueque_listeners_weird", "x"});

        const auto reply = queues();
        QVERIFY2(reply.ok(), qPrintable(reply.error.message));
        const BluequeQueue q = reply.value.at(0).name == QLatin1String("q") ? reply.value.at(0) : reply.value.at(1);
        QCOMPARE(q.pending, 3);
        QCOMPARE(q.complete, -1);
        QCOMPARE(q.started, 1); // the README's list, counted and named
        QVERIFY2(q.odd.contains(QLatin1String("started:list")), qPrintable(q.odd));
        QVERIFY2(q.odd.contains(QLatin1String("complete:string")), qPrintable(q.odd));

        const auto pending = page(QStringLiteral("q"), QStringLiteral("pending"));
        QVERIFY2(pending.ok(), qPrintable(pending.error.message));
        QCOMPARE(pending.value.rows.at(0).keyType, QStringLiteral("string"));
        QCOMPARE(pending.value.rows.at(1).keyType, QStringLiteral("none"));
        QCOMPARE(pending.value.rows.at(2).id, fine);

        const auto failed = page(QStringLiteral("q"), QStringLiteral("failed"));
        QCOMPARE(failed.value.rows.at(0).queue, QString());
        QCOMPARE(failed.value.rows.at(0).updated.text, QByteArray("soon"));
        QVERIFY(!failed.value.rows.at(0).updated.seconds.has_value());

        const auto complete = page(QStringLiteral("q"), QStringLiteral("complete"));
        QVERIFY(complete.ok());
        QCOMPARE(complete.value.total, -1);
        QCOMPARE(complete.value.oddType, QStringLiteral("string"));

        const auto legacy = page(QStringLiteral("q"), QStringLiteral("started"));
        QCOMPARE(legacy.value.rows.at(0).id, fine);

        const auto record = awaitBlueque<BluequeTaskRecord>(
            [&](QObject *c, auto done) { m_client->taskRecord("not-a-hash", c, done); });
        QVERIFY(record.ok());
        QCOMPARE(record.value.keyType, QStringLiteral("string"));
        QVERIFY(record.value.fields.isEmpty());
    }

    void readsATaskRecordWithItsHolders()
    {
        BluequeGenerator blueque(redis());
        const QByteArray id = finished(blueque, "q", true, T);
        const auto record =
            awaitBlueque<BluequeTaskRecord>([&](QObject *c, auto done) { m_client->taskRecord(id, c, done); });
        QVERIFY2(record.ok(), qPrintable(record.error.message));
        QCOMPARE(record.value.keyType, QStringLiteral("hash"));
        QCOMPARE(record.value.field(QStringLiteral("error")), QByteArray("boom"));
        QCOMPARE(record.value.field(QStringLiteral("parameters")), QByteArray(R"({"n": 1})"));
        QCOMPARE(record.value.holders, QStringList{QStringLiteral("failed")});

        blueque.addListener("q", "h.x_1");
        const QByteArray half = blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "h.x_1", T + 1);
        const auto reserved =
            awaitBlueque<BluequeTaskRecord>([&](QObject *c, auto done) { m_client->taskRecord(half, c, done); });
        QCOMPARE(reserved.value.holders, QStringList{QStringLiteral("reserved h.x_1")});
    }

    // The read scripts run under EVAL_RO, which refuses any write: they cannot change a deployment.
    void readScriptsWriteNothing()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "h.x_1");
        const QByteArray id = finished(blueque, "q", true, T);
        const QList<QPair<QString, QList<QByteArray>>> calls{{QStringLiteral("overview"), {"0", "100", "1"}},
                                                             {QStringLiteral("taskpage"), {"q", "failed", "0", "10"}},
                                                             {QStringLiteral("taskrecord"), {id}}};
        for (const auto &[name, args] : calls) {
            QList<QByteArray> argv{"EVAL_RO", BluequeScripts::instance().find(name)->source, "0"};
            argv += args;
            const RedisValue reply = redis().command(argv);
            QVERIFY2(!reply.isError(), reply.bytes.constData());
        }
    }

    void scansReservedListsStepByStep()
    {
        BluequeGenerator blueque(redis());
        blueque.addListener("q", "gone_1");
        blueque.enqueue("q", "p", T);
        blueque.dequeue("q", "gone_1", T + 1);
        blueque.removeListener("q", "gone_1");
        for (int i = 0; i < 3000; ++i)
            redis().command({"SET", "filler" + QByteArray::number(i), "x"});
        QList<QByteArray> found;
        QByteArray cursor = "0";
        int steps = 0;
        do {
            const auto step = awaitBlueque<QList<QByteArray>>(
                [&](QObject *c, auto done) { m_client->reservedKeyStep(cursor, c, done); });
            QVERIFY2(step.ok(), qPrintable(step.error.message));
            cursor = step.value.at(0);
            found += step.value.mid(1);
            ++steps;
        } while (cursor != "0");
        QVERIFY(steps > 1); // bounded steps, not one KEYS
        QCOMPARE(found, QList<QByteArray>{"blueque_reserved_tasks_q_gone_1"});
        const auto listeners = awaitBlueque<QList<QByteArray>>(
            [&](QObject *c, auto done) { m_client->listenerStep(QStringLiteral("q"), {}, c, done); });
        QCOMPARE(listeners.value, QList<QByteArray>{"0"});
    }
};

QTEST_GUILESS_MAIN(TestBluequeClient)
#include "tst_bluequeclient.moc"
