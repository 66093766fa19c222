// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeawait.h"
#include "bluequeclient.h"
#include "bluequegenerator.h"
#include "bluequekeydump.h"
#include "bluequesimulator.h"
#include "bluequewire.h"
#include "keyspaceclaim.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QDateTime>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

// The simulator's Blueque deployment (--system blueque), run for a few seconds on a real Redis
// and read back with the console's own read side (BluequeClient) and plain commands: every key
// in ustudio/Blueque v1.0.0's layout, every task hash whole, every count consistent, and the only
// anomalies those it made on purpose (a listener dead mid-run, one dead mid-dequeue, the orphans
// a new listener on the host claimed).
class TestBluequeSimulator final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QlessFixture> m_fixture;

    SyncRedis &redis() { return m_fixture->redis(); }
    QString url() { return QStringLiteral("unix://") + m_fixture->server().socketPath(); }

    std::unique_ptr<RedisConnection> connect()
    {
        return std::make_unique<RedisConnection>(ConnectionSettings::fromUrl(url()));
    }

    static SimulatorOptions fast()
    {
        SimulatorOptions options;
        options.seed = 11;
        options.speed = 20; // a listener polls every 50 ms; tasks run for tens of milliseconds
        options.jobsPerSecond = 3;
        options.failureRate = 0.2;
        options.scheduledShare = 0.2;
        options.workerDeathsPerHour = 0; // deaths on demand only
        options.schedulerPausesPerHour = 0;
        options.maxJobs = 300;
        return options;
    }

    QList<QByteArray> keys(const QByteArray &pattern)
    {
        QList<QByteArray> found;
        QByteArray cursor = "0";
        do {
            const RedisValue step = redis().command({"SCAN", cursor, "MATCH", pattern, "COUNT", "1000"});
            cursor = step.elements.value(0).bytes;
            found += step.elements.value(1).strings();
        } while (cursor != "0");
        return found;
    }

    QByteArray field(const QByteArray &id, const QByteArray &name)
    {
        return redis().command({"HGET", "blueque_task_" + id, name}).bytes;
    }

private slots:
    void initTestCase()
    {
        m_fixture = std::make_unique<QlessFixture>();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
    }
    void init() { m_fixture->flush(); }

    // Each of the library's steps as the simulator sends it leaves exactly the keys our generator
    // (which tst_bluequegenerator holds to the real library's walkthrough) leaves.
    void everyStepWritesWhatTheGeneratorWrites()
    {
        const double t = 1795843468.9569683;
        const QByteArray q = "reports_daily", listener = "host.example_41", dead = "host.example_40";
        const QByteArray id1 = "6f1c0a52-59a0-4d34-8a32-3b2f8c1d0e01", id2 = "6f1c0a52-59a0-4d34-8a32-3b2f8c1d0e02",
                         id3 = "6f1c0a52-59a0-4d34-8a32-3b2f8c1d0e03", id4 = "6f1c0a52-59a0-4d34-8a32-3b2f8c1d0e04";
        BluequeGenerator generator(redis());
        generator.addListener(q, dead);
        generator.addListener(q, listener);
        generator.enqueue(q, "{\"n\": 1}", t, id1);
        generator.schedule(q, "plain text", t + 30, t, id2);
        generator.schedule(q, "{\"n\": 3}", t - 5, t, id3);
        generator.enqueue(q, "4", t + 0.5, id4);
        generator.enqueueDue(q, t + 31.25);
        generator.dequeue(q, listener, t + 32);
        generator.start(q, id1, listener, 4242, t + 32.1);
        generator.complete(q, id1, listener, 4242, "done", t + 33);
        generator.dequeue(q, listener, t + 34);
        generator.start(q, id3, listener, 4243, t + 34.1);
        generator.fail(q, id3, listener, 4243, "ValueError: no", t + 35);
        generator.dequeueHalf(q, dead);
        generator.reclaim(q, dead, listener);
        const QStringList expected = BluequeKeyDump(redis()).lines();
        m_fixture->flush();

        auto connection = connect();
        const auto send = [&](const RedisCommand &command) {
            const RedisReply reply = awaitReply(*connection, command);
            return reply.isError() ? QByteArray("error: ") + reply.bytes : reply.bytes;
        };
        using namespace BluequeWire;
        send(addListener(q, dead));
        send(addListener(q, listener));
        send(enqueue(q, id1, "{\"n\": 1}", t));
        send(schedule(q, id2, "plain text", t + 30, t));
        send(schedule(q, id3, "{\"n\": 3}", t - 5, t));
        send(enqueue(q, id4, "4", t + 0.5));
        send(enqueueDue(q, t + 31.25));
        QCOMPARE(send(reserve(q, listener)), id1);
        send(markReserved(id1, listener, t + 32));
        send(start(q, id1, listener, 4242, t + 32.1));
        send(complete(q, id1, listener, 4242, "done", t + 33));
        QCOMPARE(send(reserve(q, listener)), id3);
        send(markReserved(id3, listener, t + 34));
        send(start(q, id3, listener, 4243, t + 34.1));
        send(fail(q, id3, listener, 4243, "ValueError: no", t + 35));
        QCOMPARE(send(reserve(q, dead)), id4);
        QCOMPARE(awaitReply(*connection, removeListener(q, dead)).integer, 1);
        send(lowerListenerCount(q));
        QCOMPARE(send(reservedHead(q, dead)), id4);
        send(markReclaimed(id4, listener));
        const QStringList written = BluequeKeyDump(redis()).lines();
        QCOMPARE(written, expected);
        QVERIFY(written.size() > 20);
    }

    void aLiveDeploymentReadsBackWithOnlyItsOwnAnomalies()
    {
        const SimulatorOptions options = fast();
        auto connection = connect();
        BluequeSimulator simulator(connection.get(), options);
        simulator.start();
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().completed >= 40, 30000);
        // Killed once each (QTRY would evaluate a kill more than once).
        bool killed = false;
        for (int i = 0; i < 200 && !killed; ++i) {
            killed = simulator.killOneListener(false);
            if (!killed)
                QTest::qWait(50);
        }
        QVERIFY(killed);
        QVERIFY(simulator.killOneListener(true));
        QTRY_VERIFY2_WITH_TIMEOUT(simulator.counters().halfDequeues == 1 && simulator.counters().claimed == 2,
                                  qPrintable(QStringLiteral("half dequeues %1, claimed %2, reserved %3")
                                                 .arg(simulator.counters().halfDequeues)
                                                 .arg(simulator.counters().claimed)
                                                 .arg(simulator.counters().reserved)),
                                  30000);
        QTRY_VERIFY_WITH_TIMEOUT(simulator.counters().enqueued + simulator.counters().scheduled >= options.maxJobs,
                                 30000);
        const double stoppedAt = QDateTime::currentMSecsSinceEpoch() / 1000.0;
        simulator.stop();
        QTest::qWait(500); // the replies of what was sent
        const BluequeSimulator::Counters c = simulator.counters();
        QCOMPARE(c.errors, 0);
        QCOMPARE(c.diedRunning, 1);
        QVERIFY(c.failed > 0 && c.completed > 0 && c.scheduled > 0);

        BluequeClient client(connection.get());
        // Read as the scheduler last ran: nothing overdue (the scheduler ran every 50 ms).
        const auto atStop = awaitBlueque<QList<BluequeQueue>>(
            [&](QObject *context, auto done) { client.queues(stoppedAt - 0.2, context, done); });
        QVERIFY2(atStop.ok(), qPrintable(atStop.error.message));
        QCOMPARE(atStop.value.size(), options.bluequeQueues.size());
        // Past the grace, no listener of a set holds a task still `pending`: the one whose dequeue
        // was cut short sits in the list of a listener claimed out of its set (counted below).
        const auto later = awaitBlueque<QList<BluequeQueue>>(
            [&](QObject *context, auto done) { client.queues(stoppedAt + 3600 * 24, context, done); });
        QVERIFY(later.ok());
        qint64 stuck = 0;
        for (const BluequeQueue &q : atStop.value) {
            QVERIFY2(q.odd.isEmpty(), qPrintable(q.name + QStringLiteral(": ") + q.odd));
            QCOMPARE(q.overdue, 0);
            // Listeners added minus orphans claimed: the set's size, as no listener exits cleanly.
            QCOMPARE(qint64(q.score), q.listeners);
            QCOMPARE(q.listeners, qint64(options.workersPerStage));
        }
        for (const BluequeQueue &q : later.value)
            stuck += q.stuck;
        QCOMPARE(stuck, 0);

        // Every task hash whole, in a state, with its queue; times as Python writes a float.
        static const QRegularExpression pythonFloat(QStringLiteral("^[0-9]+\\.[0-9]+$"));
        const QSet<QByteArray> states{"scheduled", "pending", "reserved", "started", "complete", "failed"};
        const QList<QByteArray> tasks = keys("blueque_task_*");
        QCOMPARE(qint64(tasks.size()), c.enqueued + c.scheduled);
        for (const QByteArray &key : tasks) {
            const QByteArray id = key.mid(int(qstrlen("blueque_task_")));
            QVERIFY2(states.contains(field(id, "status")), key.constData());
            QVERIFY(options.bluequeQueues.contains(QString::fromUtf8(field(id, "queue"))));
            QVERIFY(pythonFloat.match(QString::fromLatin1(field(id, "updated"))).hasMatch());
            QVERIFY(pythonFloat.match(QString::fromLatin1(field(id, "created"))).hasMatch());
        }

        // Each state's key, as the read side pages it, holds tasks that say so.
        const QMap<QString, QString> expected{{QStringLiteral("pending"), QStringLiteral("pending")},
                                              {QStringLiteral("scheduled"), QStringLiteral("scheduled")},
                                              {QStringLiteral("started"), QStringLiteral("started")},
                                              {QStringLiteral("complete"), QStringLiteral("complete")},
                                              {QStringLiteral("failed"), QStringLiteral("failed")}};
        qint64 seen = 0;
        for (const QString &queue : options.bluequeQueues) {
            for (auto state = expected.cbegin(); state != expected.cend(); ++state) {
                qint64 offset = 0;
                for (;;) {
                    const auto page = awaitBlueque<BluequeTaskPage>([&](QObject *context, auto done) {
                        client.taskPage(queue, state.key(), offset, 100, context, done);
                    });
                    QVERIFY2(page.ok(), qPrintable(page.error.message));
                    for (const BluequeTaskRow &row : page.value.rows) {
                        QCOMPARE(row.keyType, QStringLiteral("hash"));
                        QCOMPARE(row.status, state.value());
                        QCOMPARE(row.queue, queue);
                        if (state.key() == QLatin1String("started"))
                            QCOMPARE(row.entry, row.node + QLatin1Char(' ') + row.pid + QLatin1Char(' ')
                                                    + QString::fromUtf8(row.id));
                        if (state.key() == QLatin1String("failed"))
                            QVERIFY(!row.error.isEmpty());
                        ++seen;
                    }
                    if (state.key() == QLatin1String("started")) {
                        if (page.value.next == "0")
                            break;
                        offset = page.value.next.toLongLong();
                    } else {
                        offset += page.value.rows.size();
                        if (page.value.rows.isEmpty() || offset >= page.value.total)
                            break;
                    }
                }
            }
        }
        QVERIFY(seen > 0);

        // Reserved lists: each id started (running, or its listener dead mid-run) or, for the one
        // dequeue cut short, still pending. Those of listeners gone from their set: the deaths'.
        qint64 stillPending = 0;
        qint64 ofListenersGone = 0;
        for (const QByteArray &key : keys("blueque_reserved_tasks_*")) {
            QByteArray queue;
            for (const QString &q : options.bluequeQueues) {
                if (key.startsWith(QByteArray("blueque_reserved_tasks_" + q.toUtf8() + "_")))
                    queue = q.toUtf8();
            }
            QVERIFY2(!queue.isEmpty(), key.constData());
            const QByteArray listener = key.mid(int(qstrlen("blueque_reserved_tasks_")) + queue.size() + 1);
            if (redis().command({"SISMEMBER", "blueque_listeners_" + queue, listener}).integer == 0)
                ++ofListenersGone;
            for (const QByteArray &id : redis().command({"LRANGE", key, "0", "-1"}).strings()) {
                const QByteArray status = field(id, "status");
                QVERIFY2(status == "started" || status == "pending", status.constData());
                if (status == "pending")
                    ++stillPending;
            }
        }
        QCOMPARE(stillPending, c.halfDequeues);
        QCOMPARE(ofListenersGone, c.diedRunning + c.halfDequeues);
        QCOMPARE(qint64(keys("blueque_task_*").size()), c.enqueued + c.scheduled);
        qint64 reclaimed = 0;
        for (const QByteArray &key : tasks)
            reclaimed += redis().command({"HEXISTS", key, "reclaimed_node"}).integer;
        QCOMPARE(reclaimed, c.claimed);
    }

    void theExecutablePlaysBlueque()
    {
        const auto run = [&](const QStringList &arguments, QByteArray *errors) {
            QProcess simulator;
            simulator.start(QStringLiteral(QLESSDESK_SIMULATOR), arguments);
            if (!simulator.waitForFinished(60000))
                return -1;
            *errors = simulator.readAllStandardError();
            return simulator.exitStatus() == QProcess::NormalExit ? simulator.exitCode() : -1;
        };
        QByteArray errors;
        QCOMPARE(run({QStringLiteral("--url"), url(), QStringLiteral("--system"), QStringLiteral("sidekiq")}, &errors),
                 2);
        QVERIFY2(errors.contains("--system"), errors.constData());
        QCOMPARE(run({QStringLiteral("--url"), url(), QStringLiteral("--system"), QStringLiteral("both"),
                      QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("--speed"),
                      QStringLiteral("5")},
                     &errors),
                 0);
        QVERIFY2(errors.isEmpty(), errors.constData());
        QCOMPARE(redis().command({"TYPE", "blueque_queues"}).bytes, QByteArray("zset"));
        QCOMPARE(redis().command({"EXISTS", "ql:queues"}).integer, 1); // qless beside it
        QCOMPARE(redis().command({"EXISTS", KeyspaceClaim::MarkerKey}).integer, 1);
    }
};

QTEST_MAIN(TestBluequeSimulator)
#include "tst_bluequesimulator.moc"
