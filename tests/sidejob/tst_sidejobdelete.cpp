// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"
#include "sidejobscripttwin.h"

#include <QTest>

using Layout = SideJobStorage::Layout;
using Step = SideJobScriptTwin::Step;

// lua/sidejob/deleteterminated.lua on trees our generator writes as SideJob 4.1.0 and 4.0.2 do:
// a terminated subtree deleted leaves the keys and publishes the messages the library's
// Job#delete does, and every refusal (a job not terminated or locked anywhere in the subtree, a
// tree above the limit) leaves the database as it was.
class TestSideJobDelete final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    QlessFixture m_fixture;
    SideJobScriptTwin m_twin{m_fixture};

    SyncRedis &redis() { return m_fixture.redis(); }
    static QList<QByteArray> args(Layout layout, const QByteArray &id, const QByteArray &limit = "50")
    {
        return {SideJobScriptTwin::layoutName(layout), limit, id};
    }

    // Job 1 with children 2 ("a") and 3 ("b"), 2 with child 4 ("c"), a value waiting in 4's
    // input, an alias of 2 (4.1), all run once; then `terminated` terminated recursively and
    // its terminations run.
    static Step tree(qint64 terminated, bool recursive = true)
    {
        return [terminated, recursive](SideJobGenerator &s) {
            s.registerAll("q", {{"W", "{\"inports\":{\"in1\":{}},\"outports\":{\"out\":{}}}"}});
            s.queueJob({"q", "W", "[1]"}, T);
            s.queueJob({"q", "W", "[2]", "", 1, "a"}, T);
            s.queueJob({"q", "W", "[3]", "", 1, "b"}, T);
            s.queueJob({"q", "W", "[4]", "user:bob", 2, "c"}, T);
            s.writeInput(4, "in1", "7", T);
            while (s.work("q", T + 1)) {
            }
            s.terminate(terminated, T + 2, recursive);
            while (s.work("q", T + 3)) {
            }
        };
    }
    static Step withAlias(const Step &start, Layout layout)
    {
        return [start, layout](SideJobGenerator &s) {
            start(s);
            if (layout == Layout::V4_1)
                s.addAlias(2, "two");
        };
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void deletesLikeTheLibrary_data() { SideJobScriptTwin::addLayouts(); }
    void deletesLikeTheLibrary()
    {
        QFETCH(Layout, layout);
        const QString script = QStringLiteral("deleteterminated");
        m_twin.sameAsLibrary(layout, withAlias(tree(1), layout), [](SideJobGenerator &s) { s.deleteJob(1); }, script,
                             args(layout, "1"), {"deleted:4"});
        if (QTest::currentTestFailed())
            return;
        // A subtree under a parent that lives on: disowned first.
        m_twin.sameAsLibrary(layout, withAlias(tree(2), layout), [](SideJobGenerator &s) { s.deleteJob(2); }, script,
                             args(layout, "2"), {"deleted:2"});
        if (QTest::currentTestFailed())
            return;
        m_twin.sameAsLibrary(layout, tree(3), [](SideJobGenerator &s) { s.deleteJob(3); }, script,
                             args(layout, "3", "1"), {"deleted:1"});
    }

    void refusesWithoutWriting_data() { SideJobScriptTwin::addLayouts(); }
    void refusesWithoutWriting()
    {
        QFETCH(Layout, layout);
        const QString script = QStringLiteral("deleteterminated");
        const QList<std::tuple<Step, QList<QByteArray>, QByteArray>> cases{
            {tree(1), args(layout, "9"), "not-found"},
            {tree(1), args(layout, "1", "3"), "too-many"},
            {tree(1, false), args(layout, "1"), "not-terminated:2:completed"},
            {tree(2), args(layout, "1"), "not-terminated:1:completed"},
        };
        for (const auto &[start, arguments, outcome] : cases) {
            m_twin.refused(layout, start, script, arguments, {outcome});
            if (QTest::currentTestFailed())
                return;
        }
        // A worker holds, or is taking, the lock of a job deep in the tree.
        for (const QByteArray suffix : {"lock", "lock:worker"}) {
            m_fixture.flush();
            {
                SideJobGenerator sidejob(redis(), layout);
                tree(1)(sidejob);
            }
            redis().command({"SET", "job:4:" + suffix, "token"});
            const QStringList before = sideJobSnapshot(redis());
            QCOMPARE(callSideJob(redis(), script, args(layout, "1")).strings(), QList<QByteArray>{"locked:4"});
            QCOMPARE(sideJobSnapshot(redis()), before);
        }
        QList<QByteArray> mismatched = args(layout, "1");
        mismatched[0] = layout == Layout::V4_0 ? "4.1" : "4.0";
        m_twin.refused(layout, tree(1), script, mismatched,
                       {layout == Layout::V4_0 ? "wrong-layout:hash" : "wrong-layout:none"});
    }
};

QTEST_GUILESS_MAIN(TestSideJobDelete)
#include "tst_sidejobdelete.moc"
