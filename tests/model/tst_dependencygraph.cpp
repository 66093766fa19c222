// SPDX-License-Identifier: GPL-3.0-or-later
#include "dependencydag.h"
#include "qlessclienttestbase.h"
#include "qlessdependencyreader.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

// A job's dependency graph read from a real redis-server, where the jobs were linked through
// qless's own depends: the graph holds exactly the jobs and links Redis holds, and a limit that
// cuts says so.
class TestDependencyGraph final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    double m_now = 0;

    const JobGraph &readGraph(QlessDependencyReader &reader, const QByteArray &jid,
                              QlessDependencyReader::Limits limits = {})
    {
        QSignalSpy finished(&reader, &QlessDependencyReader::finished);
        reader.read(jid, limits);
        [&] { QVERIFY(finished.wait(60000)); }();
        return reader.graph();
    }

    static const GraphNode &nodeOf(const JobGraph &graph, const char *jid)
    {
        const int index = graph.indexOf(QString::fromUtf8(jid));
        [&] { QVERIFY2(index >= 0, jid); }();
        return graph.nodes()[std::max(0, index)];
    }
    static QSet<QByteArray> nodesOf(const JobGraph &graph)
    {
        QSet<QByteArray> nodes;
        for (const GraphNode &node : graph.nodes())
            nodes.insert(node.id.toUtf8());
        return nodes;
    }
    static QSet<QPair<QByteArray, QByteArray>> edgesOf(const JobGraph &graph)
    {
        QSet<QPair<QByteArray, QByteArray>> edges;
        for (const GraphEdge &edge : graph.edges())
            edges.insert({graph.nodes()[edge.from].id.toUtf8(), graph.nodes()[edge.to].id.toUtf8()});
        return edges;
    }
    void verifyAsHeld(const JobGraph &graph, const QByteArray &jid)
    {
        const DependencyDag::Held held = DependencyDag::held(fixture(), jid);
        QCOMPARE(nodesOf(graph), held.nodes);
        QCOMPARE(edgesOf(graph), held.edges);
        QCOMPARE(int(graph.edges().size()), int(held.edges.size()));
        QCOMPARE(graph.nodes()[graph.start()].id.toUtf8(), jid);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void init()
    {
        fixture().flush();
        m_now = double(QDateTime::currentSecsSinceEpoch());
    }
    void cleanupTestCase() { stopQless(); }

    void chainReadBothWays()
    {
        // c0 <- c1 <- ... <- c9: c4 waits on four jobs and five wait on it.
        for (int n = 0; n < 10; ++n) {
            QList<QByteArray> dependencies;
            if (n > 0)
                dependencies << "c" + QByteArray::number(n - 1);
            DependencyDag::put(fixture(), "c" + QByteArray::number(n), dependencies, m_now);
        }
        QlessDependencyReader reader(client());
        const JobGraph &graph = readGraph(reader, "c4");
        verifyAsHeld(graph, "c4");
        QCOMPARE(graph.nodes().size(), 10);
        QCOMPARE(graph.edges().size(), 9);
        QVERIFY(!graph.cut().cut());
        QCOMPARE(nodeOf(graph, "c0").level, -4);
        QCOMPARE(nodeOf(graph, "c9").level, 5);
        QCOMPARE(nodeOf(graph, "c0").state, QStringLiteral("waiting"));
        QCOMPARE(nodeOf(graph, "c5").state, QStringLiteral("depends"));
        QCOMPARE(nodeOf(graph, "c5").label, QStringLiteral("Pipeline::Step"));
        QVERIFY(reader.job(QStringLiteral("c5")).has_value());
        QCOMPARE(reader.job(QStringLiteral("c5"))->queue, QStringLiteral("pipeline"));
    }

    void depthLimitCutsAndSays()
    {
        for (int n = 0; n < 10; ++n) {
            QList<QByteArray> dependencies;
            if (n > 0)
                dependencies << "c" + QByteArray::number(n - 1);
            DependencyDag::put(fixture(), "c" + QByteArray::number(n), dependencies, m_now);
        }
        QlessDependencyReader reader(client());
        const JobGraph &graph = readGraph(reader, "c4", {1000, 2});
        QCOMPARE(nodesOf(graph), (QSet<QByteArray>{"c2", "c3", "c4", "c5", "c6"}));
        QCOMPARE(graph.edges().size(), 4);
        QVERIFY(graph.cut().byDepth);
        QVERIFY(!graph.cut().byNodes);
        QCOMPARE(graph.cut().unreadNeighbours, 2);
        QCOMPARE(nodeOf(graph, "c2").unread, 1);
        QCOMPARE(nodeOf(graph, "c6").unread, 1);
        QCOMPARE(nodeOf(graph, "c4").unread, 0);
    }

    void diamondHasEachLinkOnce()
    {
        DependencyDag::put(fixture(), "top", {}, m_now);
        DependencyDag::put(fixture(), "left", {"top"}, m_now);
        DependencyDag::put(fixture(), "right", {"top"}, m_now);
        DependencyDag::put(fixture(), "bottom", {"left", "right"}, m_now);
        // A job beside the diamond: it shares `top` but is neither above nor below `left`.
        DependencyDag::put(fixture(), "aside", {"top"}, m_now);
        QlessDependencyReader reader(client());
        const JobGraph &fromTop = readGraph(reader, "top");
        verifyAsHeld(fromTop, "top");
        QCOMPARE(fromTop.nodes().size(), 5);
        QCOMPARE(fromTop.edges().size(), 5);
        const JobGraph &fromLeft = readGraph(reader, "left");
        verifyAsHeld(fromLeft, "left");
        QCOMPARE(nodesOf(fromLeft), (QSet<QByteArray>{"top", "left", "bottom"}));
    }

    void thousandJobsExactlyAsHeld()
    {
        DependencyDag::layered(fixture(), 1000, 50, m_now);
        QlessDependencyReader reader(client());
        QElapsedTimer clock;
        clock.start();
        const JobGraph &graph = readGraph(reader, "dag-0");
        qInfo("1000 jobs read in %lld ms", clock.elapsed());
        QCOMPARE(graph.nodes().size(), 1000);
        verifyAsHeld(graph, "dag-0");
        QVERIFY(!graph.cut().cut());
        // From the middle: upward and downward at once.
        const JobGraph &middle = readGraph(reader, "dag-500");
        verifyAsHeld(middle, "dag-500");
        QVERIFY(middle.nodes().size() > 2);
    }

    void nodeLimitCutsAndSays()
    {
        DependencyDag::layered(fixture(), 1000, 50, m_now);
        QlessDependencyReader reader(client());
        const JobGraph &graph = readGraph(reader, "dag-0", {100, 30});
        QCOMPARE(graph.nodes().size(), 100);
        QVERIFY(graph.cut().byNodes);
        QVERIFY(graph.cut().unreadNeighbours > 0);
        int marked = 0;
        for (const GraphNode &node : graph.nodes())
            marked += node.unread;
        QCOMPARE(marked, graph.cut().unreadNeighbours);
        // Every link Redis holds between the jobs read is drawn, and no other.
        const DependencyDag::Held held = DependencyDag::held(fixture(), "dag-0");
        const QSet<QByteArray> nodes = nodesOf(graph);
        QSet<QPair<QByteArray, QByteArray>> between;
        for (const auto &edge : held.edges) {
            if (nodes.contains(edge.first) && nodes.contains(edge.second))
                between.insert(edge);
        }
        QCOMPARE(edgesOf(graph), between);
    }

    void goneJobIsShownAsGone()
    {
        DependencyDag::put(fixture(), "parent", {}, m_now);
        DependencyDag::put(fixture(), "child", {"parent"}, m_now);
        fixture().command({"DEL", "ql:j:child"}); // its hash gone, its jid still listed
        QlessDependencyReader reader(client());
        const JobGraph &graph = readGraph(reader, "parent");
        QCOMPARE(graph.nodes().size(), 2);
        const GraphNode &child = nodeOf(graph, "child");
        QCOMPARE(child.kind, QStringLiteral("missing"));
        QVERIFY(!reader.job(QStringLiteral("child")));
    }

    void cancelStopsTheWalk()
    {
        DependencyDag::layered(fixture(), 300, 50, m_now);
        QlessDependencyReader reader(client());
        QSignalSpy finished(&reader, &QlessDependencyReader::finished);
        QSignalSpy progressed(&reader, &QlessDependencyReader::progressed);
        reader.read("dag-0");
        reader.cancel();
        QVERIFY(!reader.isReading());
        QTest::qWait(500);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(progressed.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDependencyGraph)
#include "tst_dependencygraph.moc"
