// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobkeydump.h"
#include "sidejobsample.h"
#include "sidekiqprocesswriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using Layout = SideJobStorage::Layout;
using Outcome = SideJobGenerator::Outcome;

// The states beyond the walkthrough that a console must read, each as the generator leaves it,
// with what was observed of the real library (4.1.0 on Sidekiq 6.4.1) where it was observed.
class TestSideJobStates final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    QlessFixture m_fixture;

    SyncRedis &redis() { return m_fixture.redis(); }
    QByteArray get(const QByteArray &key) { return redis().command({"GET", key}).bytes; }

    qint64 queueOne(SideJobGenerator &sidejob, const QByteArray &klass = "W")
    {
        sidejob.registerAll("q", {{"W", "{}"}});
        return sidejob.queueJob({"q", klass}, T);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }
    void init() { m_fixture.flush(); }

    void anIdListedBeforeItsKeysExist()
    {
        SideJobGenerator sidejob(redis());
        const qint64 id = sidejob.queueJobHalf();
        QCOMPARE(redis().command({"SMEMBERS", "jobs"}).strings(), QList<QByteArray>{QByteArray::number(id)});
        QCOMPARE(redis().command({"KEYS", "job:*"}).strings(), QList<QByteArray>{});
    }

    void aJobWithoutCreatorOrArgs()
    {
        SideJobGenerator sidejob(redis());
        const qint64 id = queueOne(sidejob);
        QCOMPARE(get("job:1:created_by"), QByteArray(""));
        QCOMPARE(redis().command({"EXISTS", "job:1:created_by"}).integer, 1);
        QCOMPARE(get("job:1:worker"), QByteArray("{\"queue\":\"q\",\"class\":\"W\",\"args\":null}"));
        QCOMPARE(redis().command({"LRANGE", "queue:q", "0", "-1"}).strings(),
                 QList<QByteArray>{"{\"retry\":false,\"queue\":\"q\",\"jid\":1,\"class\":\"W\",\"args\":[],"
                                   "\"created_at\":1795858200.5,\"enqueued_at\":1795858200.5}"});
        QCOMPARE(id, 1);
    }

    void anUnregisteredClassIsRefused()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{}"}});
        QCOMPARE(sidejob.queueJob({"q", "Other"}, T), 0);
        QCOMPARE(redis().command({"EXISTS", "jobs:last_id"}).integer, 0);
    }

    // Observed: the 601st run in a minute terminates the job, the 602nd runs its termination.
    void runningTooOftenTerminates()
    {
        SideJobGenerator sidejob(redis());
        const qint64 id = queueOne(sidejob);
        int runs = 0;
        while (sidejob.work("q", T + 1)) {
            ++runs;
            if (sidejob.status(id) == "completed")
                sidejob.run(id, T + 1);
        }
        QCOMPARE(runs, 602);
        QCOMPARE(sidejob.status(id), QByteArray("terminated"));
        const QList<QByteArray> rate = redis().command({"KEYS", "job:1:rate:*"}).strings();
        QCOMPARE(rate, QList<QByteArray>{"job:1:rate:" + QByteArray::number(qint64(T) / 60)});
        QCOMPARE(get(rate.value(0)), QByteArray("601"));
        QVERIFY(redis().command({"TTL", rate.value(0)}).integer > 0);
    }

    void failedAndTerminatedRunOnlyWhenForced()
    {
        SideJobGenerator sidejob(redis());
        const qint64 id = queueOne(sidejob);
        sidejob.work("q", T + 1, [&](qint64) { return sidejob.fail("no"); });
        QCOMPARE(sidejob.status(id), QByteArray("failed"));
        QVERIFY(!sidejob.run(id, T + 2));
        QCOMPARE(redis().command({"LLEN", "queue:q"}).integer, 0);
        QVERIFY(sidejob.run(id, T + 2, true));
        QCOMPARE(sidejob.status(id), QByteArray("queued"));
        QCOMPARE(redis().command({"LLEN", "queue:q"}).integer, 1);
    }

    void aRunLockedByAnotherWorkerIsScheduledASecondLater()
    {
        SideJobGenerator sidejob(redis());
        const qint64 id = queueOne(sidejob);
        redis().command({"SET", "job:1:lock", "someone-else", "EX", "60"});
        QCOMPARE(sidejob.work("q", T + 1), id);
        QCOMPARE(sidejob.status(id), QByteArray("queued"));
        QCOMPARE(redis().command({"ZRANGE", "schedule", "0", "-1", "WITHSCORES"}).strings().value(1),
                 QByteArray("1795858202.5"));
        QCOMPARE(redis().command({"EXISTS", "job:1:lock:worker"}).integer, 0);
        QCOMPARE(get("job:1:lock"), QByteArray("someone-else"));
    }

    void deleteRefusesATreeNotAllTerminated()
    {
        SideJobGenerator sidejob(redis());
        const qint64 parent = queueOne(sidejob);
        const qint64 child = sidejob.queueJob({"q", "W", "null", "job:1", parent, "kid"}, T);
        sidejob.terminate(parent, T + 1);
        while (sidejob.work("q", T + 2))
            ;
        QCOMPARE(sidejob.status(parent), QByteArray("terminated"));
        QCOMPARE(sidejob.status(child), QByteArray("completed"));
        QVERIFY(!sidejob.deleteJob(parent));
        QCOMPARE(redis().command({"SCARD", "jobs"}).integer, 2);
    }

    void portsConnectedToChannels()
    {
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{\"inports\":{\"in\":{\"channels\":[\"/feed\"]}}}"}});
        SideJobGenerator::NewJob job{"q", "W"};
        job.outports = {{"out", "7", {"/results"}}};
        const qint64 id = sidejob.queueJob(job, T);
        QCOMPARE(redis().command({"HGETALL", "job:1:inports:channels"}).strings(),
                 (QList<QByteArray>{"in", "[\"/feed\"]"}));
        QCOMPARE(redis().command({"HGETALL", "job:1:outports:default"}).strings(),
                 (QList<QByteArray>{"out", "{\"data\":7}"}));
        // An output port's channel lists the job too, which the next publish drops.
        QCOMPARE(redis().command({"SMEMBERS", "channel:/results"}).strings(), QList<QByteArray>{"1"});
        QCOMPARE(redis().command({"SMEMBERS", "channel:/feed"}).strings(), QList<QByteArray>{"1"});
        QCOMPARE(id, 1);
    }

    void theSeedsLayoutMixesStateIntoTheJob()
    {
        SideJobGenerator sidejob(redis(), Layout::V4_0);
        const qint64 id = queueOne(sidejob);
        QCOMPARE(redis().command({"HGET", "job:1", "status"}).bytes, QByteArray("\"queued\""));
        QCOMPARE(redis().command({"HGET", "job:1", "created_by"}).bytes, QByteArray("null"));
        sidejob.work("q", T + 1, [&](qint64 running) {
            sidejob.setState(running, "status", "\"mine\"");
            return Outcome::Completed;
        });
        // The worker's state overwrote the status, so the middleware no longer completes it.
        QCOMPARE(redis().command({"HGET", "job:1", "status"}).bytes, QByteArray("\"mine\""));
        QCOMPARE(redis().command({"TYPE", "job:1"}).bytes, QByteArray("hash"));
        QCOMPARE(id, 1);
    }

    void theSampleHoldsEveryStatusAndAnomaly()
    {
        const SideJobSample s = SideJobSample::write(redis(), T, 5);
        const auto status = [&](qint64 id) { return get("job:" + QByteArray::number(id) + ":status"); };
        const auto exists = [&](const QByteArray &key) { return redis().command({"EXISTS", key}).integer == 1; };
        const auto key = [](qint64 id, const char *suffix) -> QByteArray {
            return "job:" + QByteArray::number(id) + ':' + suffix;
        };
        QCOMPARE(status(s.pipeline), QByteArray("completed"));
        QCOMPARE(redis().command({"LRANGE", key(s.pipeline, "out:out"), "0", "-1"}).strings(),
                 QList<QByteArray>{"{\"data\":{\"sum\":8},\"context\":{\"job\":1},\"options\":{}}"});
        QCOMPARE(redis().command({"HGET", "jobs:aliases", "pipeline"}).bytes, QByteArray::number(s.pipeline));
        QCOMPARE(status(s.waiting), QByteArray("suspended"));
        QCOMPARE(get(key(s.waiting, "parent")), QByteArray::number(s.pipeline));
        QCOMPARE(redis().command({"LLEN", key(s.waiting, "in:extra")}).integer, 1);
        QCOMPARE(status(s.failed), QByteArray("failed"));
        QCOMPARE(status(s.running), QByteArray("running"));
        QVERIFY(exists(key(s.running, "lock")));
        QCOMPARE(status(s.unlocked), QByteArray("running"));
        QVERIFY(!exists(key(s.unlocked, "lock")));
        QCOMPARE(status(s.dying), QByteArray("terminated"));
        QCOMPARE(status(s.dyingChild), QByteArray("terminated"));
        QCOMPARE(status(s.terminating), QByteArray("terminating"));
        QCOMPARE(status(s.lost), QByteArray("queued"));
        QCOMPARE(status(s.scheduled), QByteArray("queued"));
        QCOMPARE(status(s.queued), QByteArray("queued"));
        QCOMPARE(redis().command({"LLEN", key(s.queued, "in:in")}).integer, 5);
        QCOMPARE(redis().command({"SISMEMBER", "jobs", QByteArray::number(s.halfCreated)}).integer, 1);
        QCOMPARE(redis().command({"KEYS", "job:" + QByteArray::number(s.halfCreated) + ":*"}).strings().size(), 0);
        QCOMPARE(redis().command({"SISMEMBER", "jobs", QByteArray::number(s.deleted)}).integer, 0);
        QCOMPARE(redis().command({"HGET", "job:" + QByteArray::number(s.oldLayout), "status"}).bytes,
                 QByteArray("\"queued\""));

        // Sidekiq's side: the items queued, oldest on the right, the deleted job's among them.
        QList<qint64> jids;
        for (const QByteArray &item : redis().command({"LRANGE", "queue:q1", "0", "-1"}).strings())
            jids << QJsonDocument::fromJson(item).object().value(QStringLiteral("jid")).toInteger();
        QCOMPARE(jids, (QList<qint64>{s.oldLayout, s.queued, s.terminating, s.deleted}));
        QCOMPARE(redis().command({"ZCARD", "schedule"}).integer, 1);
        QCOMPARE(redis().command({"SMEMBERS", "processes"}).strings(), QList<QByteArray>{SideJobSample::process});
        QCOMPARE(redis().command({"HGET", SideJobSample::process, "busy"}).bytes, QByteArray("1"));
    }

    void manyWritesAtOnceLeaveWhatOneByOneLeaves_data()
    {
        QTest::addColumn<Layout>("layout");
        QTest::newRow("4.1.0") << Layout::V4_1;
        QTest::newRow("4.0.2") << Layout::V4_0;
    }
    void manyWritesAtOnceLeaveWhatOneByOneLeaves()
    {
        QFETCH(Layout, layout);
        QList<QByteArray> values;
        for (int i = 0; i < 2500; ++i)
            values << "{\"n\":" + QByteArray::number(i) + '}';
        SideJobGenerator one(redis(), layout);
        one.registerAll("q", {{"W", "{\"inports\":{\"in\":{}}}"}});
        QCOMPARE(one.queueJob({"q", "W"}, T), 1);
        for (const QByteArray &value : values)
            one.writeInput(1, "in", value, T + 1);
        const QStringList oneByOne = SideJobKeyDump(redis()).lines();
        m_fixture.flush();
        SideJobGenerator bulk(redis(), layout);
        bulk.registerAll("q", {{"W", "{\"inports\":{\"in\":{}}}"}});
        QCOMPARE(bulk.queueJob({"q", "W"}, T), 1);
        bulk.writeInputs(1, "in", values, T + 1);
        QCOMPARE(SideJobKeyDump(redis()).lines(), oneByOne);
        QCOMPARE(redis().command({"LLEN", "job:1:in:in"}).integer, 2500);
    }

    // The process keys as a Sidekiq 6.4.1 process wrote them (MONITOR), with its figures.
    void aSidekiqProcessBeats()
    {
        SidekiqProcessWriter process(redis(), "vm", 13791, "984d490b00bc", {"q1"}, 2, 1795858710.279081);
        const QByteArray item = "{\"retry\":false,\"queue\":\"q1\",\"jid\":2,\"class\":\"Sleeper\",\"args\":[]}";
        process.beat(1795858720.285852, {{"9lb", item, 1795858717}}, 2);
        const QByteArray id = "vm:13791:984d490b00bc";
        QCOMPARE(redis().command({"SMEMBERS", "processes"}).strings(), QList<QByteArray>{id});
        QCOMPARE(redis().command({"HGET", id, "info"}).bytes,
                 QByteArray(
                     "{\"hostname\":\"vm\",\"started_at\":1795858710.279081,\"pid\":13791,\"tag\":\"\","
                     "\"concurrency\":2,\"queues\":[\"q1\"],\"labels\":[],\"identity\":\"vm:13791:984d490b00bc\"}"));
        QCOMPARE(redis().command({"HGET", id, "beat"}).bytes, QByteArray("1795858720.285852"));
        QCOMPARE(redis().command({"HGET", id, "busy"}).bytes, QByteArray("1"));
        QCOMPARE(redis().command({"HGET", id + ":workers", "9lb"}).bytes, "{\"queue\":\"q1\",\"payload\":\""
                                                                              + QByteArray(item).replace("\"", "\\\"")
                                                                              + "\",\"run_at\":1795858717}");
        QVERIFY(redis().command({"TTL", id}).integer > 0);
        QCOMPARE(get("stat:processed"), QByteArray("2"));
        QCOMPARE(get("stat:processed:2026-11-28"), QByteArray("2"));
        process.stop();
        QCOMPARE(redis().command({"SCARD", "processes"}).integer, 0);
        QCOMPARE(redis().command({"EXISTS", id + ":workers"}).integer, 0);
        QCOMPARE(redis().command({"EXISTS", id}).integer, 1);
    }
};

QTEST_GUILESS_MAIN(TestSideJobStates)
#include "tst_sidejobstates.moc"
