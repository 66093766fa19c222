// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"
#include "sidejobscripttwin.h"

#include <QTest>

using Layout = SideJobStorage::Layout;
using Outcome = SideJobGenerator::Outcome;
using Step = SideJobScriptTwin::Step;

// lua/sidejob/writeinput.lua on deployments our generator writes as SideJob 4.1.0 and 4.0.2 do:
// the value, the dynamic port, the run and the log as the library's Port#write leaves them (4.0.2's
// jobs:logs entry byte for byte), each refusal leaving the database as it was, and the library's
// worker reading the value afterwards.
class TestSideJobWriteInput final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    static constexpr const char *value = "{\"a\":[1,2.5,\"x\"],\"b\":null}";
    QlessFixture m_fixture;
    SideJobScriptTwin m_twin{m_fixture};

    SyncRedis &redis() { return m_fixture.redis(); }
    static QList<QByteArray> args(Layout layout, const QByteArray &port, const QByteArray &data = value,
                                  const QByteArray &id = "1")
    {
        return {SideJobGenerator::floatText(T + 5),
                SideJobGenerator::isoTime(T + 5),
                SideJobScriptTwin::layoutName(layout),
                "1000",
                id,
                port,
                data};
    }
    static Step write(const QByteArray &port)
    {
        return [port](SideJobGenerator &s) { s.writeInput(1, port, value, T + 5); };
    }

    // Job 1 of class W, whose config has the input port in1 and, when `dynamic`, "*" with default
    // 5; run by a worker at T+1 to `outcome`.
    static Step jobThatRan(Outcome outcome, bool dynamic = true)
    {
        return [outcome, dynamic](SideJobGenerator &sidejob) {
            sidejob.registerAll("q", {{"W", dynamic ? "{\"inports\":{\"in1\":{},\"*\":{\"default\":5}}}"
                                                    : "{\"inports\":{\"in1\":{}}}"}});
            sidejob.queueJob({"q", "W", "[1]"}, T);
            sidejob.work("q", T + 1,
                         [&](qint64) { return outcome == Outcome::Failed ? sidejob.fail("boom") : outcome; });
        };
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void writesLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void writesLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        const QString script = QStringLiteral("writeinput");
        m_twin.sameAsLibrary(layout, jobThatRan(Outcome::Completed), write("in1"), script, args(layout, "in1"),
                             {"queued"});
        if (QTest::currentTestFailed())
            return;
        // A dynamic port is added with the "*" default first.
        m_twin.sameAsLibrary(layout, jobThatRan(Outcome::Suspended), write("extra"), script, args(layout, "extra"),
                             {"queued"});
        if (QTest::currentTestFailed())
            return;
        // While a worker runs the job: queued again, the worker will run it once more.
        m_twin.sameAsLibrary(layout, jobThatRan(Outcome::StillRunning), write("in1"), script, args(layout, "in1"),
                             {"queued"});
        if (QTest::currentTestFailed())
            return;
        // A failed job keeps the value and its status: the library's run leaves it alone.
        m_twin.sameAsLibrary(layout, jobThatRan(Outcome::Failed), write("in1"), script, args(layout, "in1"),
                             {"written:failed"});
        if (QTest::currentTestFailed())
            return;
        const Step waiting = [](SideJobGenerator &s) {
            s.registerAll("q", {{"W", "{\"inports\":{\"in1\":{}}}"}});
            s.queueJob({"q", "W"}, T);
        };
        m_twin.sameAsLibrary(layout, waiting, write("in1"), script, args(layout, "in1"), {"queued:in-queue"});
    }

    void refusesWithoutWriting_data() { SideJobScriptTwin::addLayouts(); }
    void refusesWithoutWriting()
    {
        QFETCH(Layout, layout);
        const QString script = QStringLiteral("writeinput");
        const Step classGone = [](SideJobGenerator &s) {
            jobThatRan(Outcome::Completed)(s);
            s.registerAll("q", {{"Other", "{}"}});
        };
        const QList<std::tuple<Step, QList<QByteArray>, QByteArray>> cases{
            {jobThatRan(Outcome::Completed, false), args(layout, "extra"), "no-port"},
            {jobThatRan(Outcome::Completed), args(layout, "in-1"), "bad-port"},
            {jobThatRan(Outcome::Completed), args(layout, "in1", "{\"a\":"), "bad-json"},
            {jobThatRan(Outcome::Completed), args(layout, "in1", value, "2"), "not-found"},
            {classGone, args(layout, "in1"), "no-worker-class"},
        };
        for (const auto &[start, arguments, outcome] : cases) {
            m_twin.refused(layout, start, script, arguments, {outcome});
            if (QTest::currentTestFailed())
                return;
        }
    }

    void theWorkerReadsTheValue_data() { SideJobScriptTwin::addLayouts(); }
    void theWorkerReadsTheValue()
    {
        QFETCH(Layout, layout);
        m_fixture.flush();
        SideJobGenerator sidejob(redis(), layout);
        jobThatRan(Outcome::Completed)(sidejob);
        QCOMPARE(callSideJob(redis(), QStringLiteral("writeinput"), args(layout, "extra")).strings(),
                 QList<QByteArray>{"queued"});
        SideJobGenerator worker(redis(), layout);
        QByteArray read, readAgain;
        QCOMPARE(worker.work("q", T + 6,
                             [&](qint64 id) {
                                 read = worker.readInput(id, "extra");
                                 readAgain = worker.readInput(id, "extra");
                                 return Outcome::Completed;
                             }),
                 1);
        QCOMPARE(read, QByteArray(value));
        QCOMPARE(readAgain, QByteArray("5")); // the "*" default the port took
        QCOMPARE(worker.status(1), QByteArray("completed"));
    }
};

QTEST_GUILESS_MAIN(TestSideJobWriteInput)
#include "tst_sidejobwriteinput.moc"
