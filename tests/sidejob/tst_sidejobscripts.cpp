// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"
#include "sidejobscripttwin.h"

#include <QTest>

using Layout = SideJobStorage::Layout;
using Outcome = SideJobGenerator::Outcome;
using Step = SideJobScriptTwin::Step;

// lua/sidejob/run.lua and terminate.lua on deployments our generator writes as SideJob 4.1.0 and
// 4.0.2 do: each outcome in each layout leaves what the library's own run or terminate leaves,
// each refusal leaves the database as it was, and the library's worker carries on afterwards.
class TestSideJobScripts final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    QlessFixture m_fixture;
    SideJobScriptTwin m_twin{m_fixture};

    SyncRedis &redis() { return m_fixture.redis(); }
    static QByteArray now(double at = T + 5) { return SideJobGenerator::floatText(at); }
    static QList<QByteArray> runArgs(Layout layout, const QByteArray &force, const QList<QByteArray> &ids,
                                     const QByteArray &scan = "1000")
    {
        return QList<QByteArray>{now(), SideJobScriptTwin::layoutName(layout), scan, force} + ids;
    }
    static QList<QByteArray> terminateArgs(Layout layout, const QList<QByteArray> &ids)
    {
        return QList<QByteArray>{now(), SideJobScriptTwin::layoutName(layout), "1000"} + ids;
    }

    // Job 1 of queue q, class W, args [1,"x"], queued at T and run by a worker at T+1 to `outcome`.
    static Step jobThatRan(Outcome outcome)
    {
        return [outcome](SideJobGenerator &sidejob) {
            sidejob.registerAll("q", {{"W", "{}"}});
            sidejob.queueJob({"q", "W", "[1,\"x\"]"}, T);
            sidejob.work("q", T + 1,
                         [&](qint64) { return outcome == Outcome::Failed ? sidejob.fail("boom") : outcome; });
        };
    }
    static Step waitingJob()
    {
        return [](SideJobGenerator &sidejob) {
            sidejob.registerAll("q", {{"W", "{}"}});
            sidejob.queueJob({"q", "W"}, T);
        };
    }
    static Step terminatedJob()
    {
        return [](SideJobGenerator &sidejob) {
            jobThatRan(Outcome::Completed)(sidejob);
            sidejob.terminate(1, T + 2);
            sidejob.work("q", T + 3);
        };
    }
    static Step then(const Step &first, const Step &second)
    {
        return [first, second](SideJobGenerator &sidejob) {
            first(sidejob);
            second(sidejob);
        };
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void everyScriptIsEmbeddedAndStatesItsBound()
    {
        QCOMPARE(SideJobScripts::instance().names(),
                 (QStringList{QStringLiteral("deleteterminated"), QStringLiteral("detect"), QStringLiteral("jobpage"),
                              QStringLiteral("jobrecord"), QStringLiteral("portpage"), QStringLiteral("run"),
                              QStringLiteral("search"), QStringLiteral("sidekiq"), QStringLiteral("sortedpage"),
                              QStringLiteral("terminate"), QStringLiteral("writeinput")}));
        for (const QString &name : SideJobScripts::instance().names()) {
            const LuaScript *script = SideJobScripts::instance().find(name);
            QVERIFY2(script->source.contains("\n-- Bound: "), qPrintable(name));
            QCOMPARE(script->sha1.size(), 40);
        }
    }

    void runsLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void runsLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        const auto run = [](bool force) { return [force](SideJobGenerator &s) { s.run(1, T + 5, force); }; };
        for (const Outcome outcome : {Outcome::Completed, Outcome::Suspended, Outcome::StillRunning}) {
            m_twin.sameAsLibrary(layout, jobThatRan(outcome), run(false), QStringLiteral("run"),
                                 runArgs(layout, "normal", {"1"}), {"queued"});
            if (QTest::currentTestFailed())
                return;
        }
        // Already waiting in the queue: the status is left queued and nothing is pushed.
        m_twin.sameAsLibrary(layout, waitingJob(), run(false), QStringLiteral("run"), runArgs(layout, "normal", {"1"}),
                             {"queued:in-queue"});
        if (QTest::currentTestFailed())
            return;
        // A worker is taking the lock: it will see the status and run the job.
        m_twin.sameAsLibrary(layout,
                             then(jobThatRan(Outcome::Completed),
                                  [this](SideJobGenerator &) {
                                      redis().command({"SET", "job:1:lock:worker", "1"});
                                  }),
                             run(false), QStringLiteral("run"), runArgs(layout, "normal", {"1"}),
                             {"queued:worker-taking"});
    }

    void forcesOnlyWhenAsked_data() { SideJobScriptTwin::addLayouts(); }
    void forcesOnlyWhenAsked()
    {
        QFETCH(Layout, layout);
        const Step forced = [](SideJobGenerator &s) { s.run(1, T + 5, true); };
        m_twin.refused(layout, jobThatRan(Outcome::Failed), QStringLiteral("run"), runArgs(layout, "normal", {"1"}),
                       {"wrong-status:failed"});
        if (QTest::currentTestFailed())
            return;
        m_twin.sameAsLibrary(layout, jobThatRan(Outcome::Failed), forced, QStringLiteral("run"),
                             runArgs(layout, "force", {"1"}), {"queued"});
        if (QTest::currentTestFailed())
            return;
        m_twin.refused(layout, terminatedJob(), QStringLiteral("run"), runArgs(layout, "normal", {"1"}),
                       {"wrong-status:terminated"});
        if (QTest::currentTestFailed())
            return;
        m_twin.sameAsLibrary(layout, terminatedJob(), forced, QStringLiteral("run"), runArgs(layout, "force", {"1"}),
                             {"queued"});
    }

    void refusesWithoutWriting_data() { SideJobScriptTwin::addLayouts(); }
    void refusesWithoutWriting()
    {
        QFETCH(Layout, layout);
        const QByteArray other = layout == Layout::V4_0 ? "4.1" : "4.0";
        const Step classGone = then(jobThatRan(Outcome::Completed), [](SideJobGenerator &s) {
            s.registerAll("q", {{"Other", "{}"}});
        });
        const Step halfCreated = [](SideJobGenerator &s) { s.queueJobHalf(); };
        for (const QString &script : {QStringLiteral("run"), QStringLiteral("terminate")}) {
            const auto args = [&](const QList<QByteArray> &ids) {
                return script == QLatin1String("run") ? runArgs(layout, "normal", ids) : terminateArgs(layout, ids);
            };
            m_twin.refused(layout, jobThatRan(Outcome::Completed), script, args({"9", "x"}),
                           {"not-found", "not-found"});
            if (!QTest::currentTestFailed())
                m_twin.refused(layout, halfCreated, script, args({"1"}),
                               {layout == Layout::V4_0 ? "wrong-layout:none" : "no-record"});
            if (!QTest::currentTestFailed()) {
                QList<QByteArray> mismatched = args({"1"});
                mismatched[1] = other;
                m_twin.refused(layout, jobThatRan(Outcome::Completed), script, mismatched,
                               {layout == Layout::V4_0 ? "wrong-layout:hash" : "wrong-layout:none"});
            }
            if (QTest::currentTestFailed())
                return;
        }
        m_twin.refused(layout, classGone, QStringLiteral("run"), runArgs(layout, "normal", {"1"}), {"no-worker-class"});
        if (QTest::currentTestFailed() || layout == Layout::V4_0)
            return;
        const Step garbled = then(jobThatRan(Outcome::Completed), [this](SideJobGenerator &) {
            redis().command({"SET", "job:1:worker", "{}"});
        });
        m_twin.refused(layout, garbled, QStringLiteral("run"), runArgs(layout, "normal", {"1"}), {"bad-record"});
    }

    // A malformed call is an error, before anything is read or written.
    void refusesBadArguments()
    {
        m_fixture.flush();
        SideJobGenerator sidejob(redis());
        jobThatRan(Outcome::Completed)(sidejob);
        const QStringList before = sideJobSnapshot(redis());
        const QByteArray iso = SideJobGenerator::isoTime(T + 5);
        const QList<std::pair<QString, QList<QByteArray>>> calls{
            {QStringLiteral("run"), {"0x10", "4.1", "10", "normal", "1"}},
            {QStringLiteral("run"), {"1795858205", "4.1", "10", "normal", "1"}},
            {QStringLiteral("run"), {now(), "4.2", "10", "normal", "1"}},
            {QStringLiteral("run"), {now(), "4.1", "10001", "normal", "1"}},
            {QStringLiteral("run"), {now(), "4.1", "10", "maybe", "1"}},
            {QStringLiteral("run"), {now(), "4.1", "10", "normal"}},
            {QStringLiteral("terminate"), {now(), "4.1", "-1", "1"}},
            {QStringLiteral("writeinput"), {now(), "yesterday", "4.1", "10", "1", "in", "1"}},
            {QStringLiteral("writeinput"), {now(), iso, "4.1", "10", "1", "in"}},
            // Bounded per call: 64 jobs a delete, 10000 queue entries searched in all.
            {QStringLiteral("deleteterminated"), {"4.1", "65", "1"}},
            {QStringLiteral("run"), {now(), "4.1", "5001", "normal", "1", "2"}},
            {QStringLiteral("terminate"), {now(), "4.1", "5001", "1", "2"}},
        };
        for (const auto &[script, args] : calls)
            QVERIFY2(callSideJob(redis(), script, args).isError(),
                     qPrintable(script + u' ' + QString::fromUtf8(args.join(' '))));
        QCOMPARE(sideJobSnapshot(redis()), before);
    }

    // Read in 4.1.0's Job#status=: a worker whose config says "status_publish": false changes
    // status without a message (the generator does not model it, so this is checked alone).
    void keepsQuietWhenTheWorkerAsks()
    {
        m_fixture.flush();
        SideJobGenerator sidejob(redis());
        sidejob.registerAll("q", {{"W", "{\"status_publish\":false}"}});
        sidejob.queueJob({"q", "W"}, T);
        sidejob.work("q", T + 1);
        SyncRedis listener;
        QVERIFY(listener.connectUnix(m_fixture.server().socketPath()));
        listener.setTimeout(5000);
        listener.command({"PSUBSCRIBE", "/sidejob/*"});
        QCOMPARE(callSideJob(redis(), QStringLiteral("run"), runArgs(Layout::V4_1, "normal", {"1"})).strings(),
                 QList<QByteArray>{"queued"});
        QCOMPARE(redis().command({"GET", "job:1:status"}).bytes, QByteArray("queued"));
        redis().command({"PUBLISH", "/sidejob/~end", "."});
        QCOMPARE(listener.nextMessage().elements.value(2).bytes, QByteArray("/sidejob/~end"));
    }

    void answersEachIdInOrder()
    {
        const Step second = [](SideJobGenerator &s) { s.queueJob({"q", "W", "[2]"}, T + 2); };
        const Step both = then(jobThatRan(Outcome::Failed), second);
        m_twin.sameAsLibrary(Layout::V4_1, both, [](SideJobGenerator &s) { s.run(2, T + 5); }, QStringLiteral("run"),
                             runArgs(Layout::V4_1, "normal", {"1", "2", "7"}),
                             {"wrong-status:failed", "queued:in-queue", "not-found"});
    }

    // The proposal's trade: a scan shorter than the queue may push a second item; the second
    // fetch finds the job no longer queued and drops it, as the library's middleware does.
    void aShortScanOnlyCostsADroppedItem()
    {
        m_fixture.flush();
        SideJobGenerator sidejob(redis());
        waitingJob()(sidejob);
        QCOMPARE(callSideJob(redis(), QStringLiteral("run"), runArgs(Layout::V4_1, "normal", {"1"}, "0")).strings(),
                 QList<QByteArray>{"queued"});
        QCOMPARE(redis().command({"LLEN", "queue:q"}).integer, 2);
        SideJobGenerator worker(redis());
        QCOMPARE(worker.work("q", T + 6), 1);
        QCOMPARE(worker.status(1), QByteArray("completed"));
        QCOMPARE(worker.work("q", T + 7), 1);
        QCOMPARE(worker.status(1), QByteArray("completed"));
        QCOMPARE(redis().command({"LLEN", "queue:q"}).integer, 0);
    }

    void theWorkerRunsWhatRunQueued_data() { SideJobScriptTwin::addLayouts(); }
    void theWorkerRunsWhatRunQueued()
    {
        QFETCH(Layout, layout);
        m_fixture.flush();
        SideJobGenerator sidejob(redis(), layout);
        jobThatRan(Outcome::Failed)(sidejob);
        QCOMPARE(callSideJob(redis(), QStringLiteral("run"), runArgs(layout, "force", {"1"})).strings(),
                 QList<QByteArray>{"queued"});
        SideJobGenerator worker(redis(), layout);
        QCOMPARE(worker.work("q", T + 6), 1);
        QCOMPARE(worker.status(1), QByteArray("completed"));
    }

    void terminatesLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void terminatesLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        const Step terminate = [](SideJobGenerator &s) { s.terminate(1, T + 5); };
        for (const Outcome outcome : {Outcome::Completed, Outcome::Failed, Outcome::StillRunning}) {
            m_twin.sameAsLibrary(layout, jobThatRan(outcome), terminate, QStringLiteral("terminate"),
                                 terminateArgs(layout, {"1"}), {"terminating"});
            if (QTest::currentTestFailed())
                return;
        }
        m_twin.sameAsLibrary(layout, waitingJob(), terminate, QStringLiteral("terminate"), terminateArgs(layout, {"1"}),
                             {"terminating:in-queue"});
        if (QTest::currentTestFailed())
            return;
        // The class is gone: the library sets the job terminated at once, without its shutdown.
        const Step classGone = then(jobThatRan(Outcome::Completed), [](SideJobGenerator &s) {
            s.registerAll("q", {{"Other", "{}"}});
        });
        m_twin.sameAsLibrary(layout, classGone, terminate, QStringLiteral("terminate"), terminateArgs(layout, {"1"}),
                             {"terminated:no-worker-class"});
        if (QTest::currentTestFailed())
            return;
        m_twin.refused(layout, terminatedJob(), QStringLiteral("terminate"), terminateArgs(layout, {"1"}),
                       {"wrong-status:terminated"});
        if (QTest::currentTestFailed())
            return;
        // The library's worker then runs the shutdown.
        QCOMPARE(callSideJob(redis(), QStringLiteral("run"), runArgs(layout, "force", {"1"})).strings(),
                 QList<QByteArray>{"queued"});
        QCOMPARE(callSideJob(redis(), QStringLiteral("terminate"), terminateArgs(layout, {"1"})).strings(),
                 QList<QByteArray>{"terminating:in-queue"});
        SideJobGenerator worker(redis(), layout);
        QCOMPARE(worker.work("q", T + 6), 1);
        QCOMPARE(worker.status(1), QByteArray("terminated"));
    }
};

QTEST_GUILESS_MAIN(TestSideJobScripts)
#include "tst_sidejobscripts.moc"
