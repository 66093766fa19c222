// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphlayout.h"
#include "jobgraph.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

// GraphLayout on graphs made here: every edge points down, no two boxes overlap, the sweeps
// leave fewer crossings than the order nodes came in, wide layers wrap, a cycle still lays out,
// and a thousand nodes take little time.
class TestGraphLayout final : public QObject
{
    Q_OBJECT

    static int node(JobGraph &graph, const QString &id, int level)
    {
        GraphNode node;
        node.id = id;
        node.label = id;
        node.level = level;
        return graph.addNode(node);
    }

    // A start node, then `layers` layers of `width` below it, each node linked to two of the
    // layer above in an order that crosses a lot when left as it came.
    static JobGraph layered(int layers, int width)
    {
        JobGraph graph;
        graph.setStart(node(graph, QStringLiteral("start"), 0));
        QList<int> above{graph.start()};
        for (int layer = 1; layer <= layers; ++layer) {
            QList<int> current;
            for (int at = 0; at < width; ++at) {
                const int index = node(graph, QStringLiteral("n%1-%2").arg(layer).arg(at), layer);
                graph.addEdge(above[(at * 13 + 5) % above.size()], index);
                graph.addEdge(above[(at * 29 + 11) % above.size()], index);
                current << index;
            }
            above = current;
        }
        return graph;
    }

    static void verifyNoOverlap(const GraphLayout::Result &result)
    {
        QList<QRectF> boxes = result.boxes;
        std::sort(boxes.begin(), boxes.end(), [](const QRectF &a, const QRectF &b) { return a.left() < b.left(); });
        for (int i = 0; i < boxes.size(); ++i) {
            for (int j = i + 1; j < boxes.size() && boxes[j].left() < boxes[i].right(); ++j)
                QVERIFY2(!boxes[i].intersects(boxes[j]), "two nodes overlap");
        }
    }

    static void verifyEdgesDown(const JobGraph &graph, const GraphLayout::Result &result)
    {
        for (const GraphEdge &edge : graph.edges()) {
            QVERIFY(result.layers[edge.from] < result.layers[edge.to]);
            QVERIFY(result.boxes[edge.from].bottom() < result.boxes[edge.to].top());
        }
    }

    // Each node's place in its layer, read from where the layout put it.
    static QList<int> positionsOf(const GraphLayout::Result &result)
    {
        QList<int> positions(result.boxes.size());
        for (int layer = 0; layer < result.layerCount; ++layer) {
            QList<int> members;
            for (int node = 0; node < result.boxes.size(); ++node) {
                if (result.layers[node] == layer)
                    members << node;
            }
            std::sort(members.begin(), members.end(),
                      [&](int a, int b) { return result.boxes[a].left() < result.boxes[b].left(); });
            for (int at = 0; at < members.size(); ++at)
                positions[members[at]] = at;
        }
        return positions;
    }

private slots:
    void chainIsAColumn()
    {
        JobGraph graph;
        int previous = -1;
        for (int n = 0; n < 5; ++n) {
            const int index = node(graph, QString::number(n), n - 2);
            if (n == 2)
                graph.setStart(index);
            if (previous >= 0)
                graph.addEdge(previous, index);
            previous = index;
        }
        const GraphLayout::Result result = GraphLayout::place(graph);
        QCOMPARE(result.layerCount, 5);
        for (int n = 0; n < 5; ++n) {
            QCOMPARE(result.layers[n], n);
            QCOMPARE(result.boxes[n].center().x(), 0.0);
        }
        verifyEdgesDown(graph, result);
    }

    void shortcutsGoBelowTheLongestPath()
    {
        // start -> a -> b and start -> b: b is one step from the start, yet below a.
        JobGraph graph;
        graph.setStart(node(graph, QStringLiteral("start"), 0));
        const int a = node(graph, QStringLiteral("a"), 1);
        const int b = node(graph, QStringLiteral("b"), 1);
        graph.addEdge(graph.start(), a);
        graph.addEdge(a, b);
        graph.addEdge(graph.start(), b);
        const GraphLayout::Result result = GraphLayout::place(graph);
        QCOMPARE(result.layers[b], 2);
        verifyEdgesDown(graph, result);
    }

    void sweepsCrossLessThanTheOrderGiven()
    {
        const JobGraph graph = layered(6, 12);
        GraphLayout::Options unswept;
        unswept.sweeps = 0;
        const GraphLayout::Result before = GraphLayout::place(graph, unswept);
        const GraphLayout::Result after = GraphLayout::place(graph);
        const int crossedBefore = GraphLayout::crossings(graph, before.layers, positionsOf(before));
        const int crossedAfter = GraphLayout::crossings(graph, after.layers, positionsOf(after));
        qInfo("crossings: %d as given, %d after the sweeps", crossedBefore, crossedAfter);
        QVERIFY(crossedAfter < crossedBefore);
        verifyNoOverlap(after);
    }

    void wideLayerWraps()
    {
        JobGraph graph;
        graph.setStart(node(graph, QStringLiteral("start"), 0));
        for (int n = 0; n < 100; ++n)
            graph.addEdge(graph.start(), node(graph, QString::number(n), 1));
        GraphLayout::Options options;
        options.maxPerRow = 30;
        const GraphLayout::Result result = GraphLayout::place(graph, options);
        QCOMPARE(result.layerCount, 2);
        QVERIFY(result.bounds.width() <= 30 * (options.nodeSize.width() + options.columnGap));
        QVERIFY(result.bounds.height() >= 5 * options.nodeSize.height()); // the start and four rows
        verifyNoOverlap(result);
        verifyEdgesDown(graph, result);
    }

    void cycleStillLaysOut()
    {
        JobGraph graph;
        graph.setStart(node(graph, QStringLiteral("a"), 0));
        const int b = node(graph, QStringLiteral("b"), 1);
        const int c = node(graph, QStringLiteral("c"), 2);
        graph.addEdge(graph.start(), b);
        graph.addEdge(b, c);
        graph.addEdge(c, graph.start());
        const GraphLayout::Result result = GraphLayout::place(graph);
        QCOMPARE(result.layerCount, 3);
        verifyNoOverlap(result);
    }

    void thousandNodesQuicklyAndApart()
    {
        const JobGraph graph = layered(20, 50); // 1,001 nodes, 2,000 edges
        QElapsedTimer clock;
        clock.start();
        const GraphLayout::Result result = GraphLayout::place(graph);
        const qint64 took = clock.elapsed();
        qInfo("1,001 nodes laid out in %lld ms", took);
        QVERIFY(took < 250);
        QCOMPARE(result.boxes.size(), graph.nodes().size());
        verifyNoOverlap(result);
        verifyEdgesDown(graph, result);
    }
};

QTEST_GUILESS_MAIN(TestGraphLayout)
#include "tst_graphlayout.moc"
