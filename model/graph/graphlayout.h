// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QRectF>
#include <QSizeF>

class JobGraph;

// Where each node of a JobGraph goes, in layers as a Sugiyama layout puts them: every edge points
// down (a dependency above the jobs that wait on it), nodes within a layer ordered by a few
// barycenter sweeps so that edges cross less, all nodes the same size. A layer wider than
// maxPerRow wraps into rows, so a job with a thousand dependents is a block, not a strip too
// long to look at. Long edges get no dummy nodes: they are drawn straight across the layers
// between, which keeps the work linear in nodes and edges (a thousand nodes take milliseconds).
class GraphLayout final
{
public:
    struct Options
    {
        QSizeF nodeSize{176, 46};
        double columnGap = 20; // between nodes of a row
        double rowGap = 14;    // between the rows of a wrapped layer
        double layerGap = 56;  // between layers, where the edges run
        int maxPerRow = 30;
        int sweeps = 4; // down and up alternately
    };
    struct Result
    {
        QList<QRectF> boxes; // by node index
        QList<int> layers;   // by node index, 0 the top
        int layerCount = 0;
        QRectF bounds;
    };

    static Result place(const JobGraph &graph, const Options &options);
    static Result place(const JobGraph &graph) { return place(graph, Options()); }

    // Layers such that each edge goes down (from's layer < to's layer), starting from the
    // nodes' own levels (steps from the start node); on a graph with a cycle, the levels as given.
    static QList<int> layersOf(const JobGraph &graph);
    // Pairs of edges between adjacent layers that cross, for the given order within layers
    // (positions by node index): what the sweeps reduce, for tests.
    static int crossings(const JobGraph &graph, const QList<int> &layers, const QList<int> &positions);
};
