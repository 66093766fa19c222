// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphlayout.h"

#include "jobgraph.h"

#include <QHash>

#include <algorithm>
#include <numeric>

namespace {
struct Adjacency
{
    QList<QList<int>> up;   // predecessors by node
    QList<QList<int>> down; // successors by node
};

Adjacency adjacencyOf(const JobGraph &graph)
{
    Adjacency adjacency;
    const int count = int(graph.nodes().size());
    adjacency.up.resize(count);
    adjacency.down.resize(count);
    for (const GraphEdge &edge : graph.edges()) {
        if (edge.from == edge.to)
            continue;
        adjacency.down[edge.from].append(edge.to);
        adjacency.up[edge.to].append(edge.from);
    }
    return adjacency;
}

// Kahn's order; shorter than the node count when there is a cycle.
QList<int> topologicalOrder(const Adjacency &adjacency)
{
    const int count = int(adjacency.up.size());
    QList<int> pending(count);
    QList<int> order;
    order.reserve(count);
    for (int node = 0; node < count; ++node) {
        pending[node] = int(adjacency.up[node].size());
        if (pending[node] == 0)
            order.append(node);
    }
    for (int at = 0; at < order.size(); ++at) {
        for (int next : adjacency.down[order[at]]) {
            if (--pending[next] == 0)
                order.append(next);
        }
    }
    return order;
}

bool allEdgesDown(const JobGraph &graph, const QList<int> &levels)
{
    for (const GraphEdge &edge : graph.edges()) {
        if (edge.from != edge.to && levels[edge.from] >= levels[edge.to])
            return false;
    }
    return true;
}

// The position of a node within its layer, from 0 to 1, so layers of different widths compare.
double relative(int position, int layerSize)
{
    return (position + 0.5) / layerSize;
}
} // namespace

QList<int> GraphLayout::layersOf(const JobGraph &graph)
{
    const int count = int(graph.nodes().size());
    QList<int> levels(count);
    for (int node = 0; node < count; ++node)
        levels[node] = graph.nodes()[node].level;
    const Adjacency adjacency = adjacencyOf(graph);
    const QList<int> order = topologicalOrder(adjacency);
    if (order.size() == count) {
        // Longest paths outward from the start: a job below every job it waits on, however many
        // steps its shortest path took; the start keeps its level.
        for (int node : order) {
            if (node == graph.start() || levels[node] < 0)
                continue;
            for (int before : adjacency.up[node])
                levels[node] = std::max(levels[node], levels[before] + 1);
        }
        for (auto it = order.crbegin(); it != order.crend(); ++it) {
            const int node = *it;
            if (node == graph.start() || levels[node] >= 0)
                continue;
            for (int after : adjacency.down[node])
                levels[node] = std::min(levels[node], levels[after] - 1);
        }
        if (!allEdgesDown(graph, levels)) {
            // Levels that do not fit the edges (a graph not walked from one node): longest path
            // from the sources.
            std::fill(levels.begin(), levels.end(), 0);
            for (int node : order) {
                for (int before : adjacency.up[node])
                    levels[node] = std::max(levels[node], levels[before] + 1);
            }
        }
    }
    if (count > 0) {
        const int lowest = *std::min_element(levels.cbegin(), levels.cend());
        for (int &level : levels)
            level -= lowest;
    }
    return levels;
}

GraphLayout::Result GraphLayout::place(const JobGraph &graph, const Options &options)
{
    Result result;
    const int count = int(graph.nodes().size());
    if (count == 0)
        return result;
    result.layers = layersOf(graph);
    result.layerCount = *std::max_element(result.layers.cbegin(), result.layers.cend()) + 1;
    const Adjacency adjacency = adjacencyOf(graph);

    // Each layer's nodes in order of discovery to begin with (the reader's breadth-first order).
    QList<QList<int>> rows(result.layerCount);
    for (int node = 0; node < count; ++node)
        rows[result.layers[node]].append(node);
    QList<double> place(count);
    auto number = [&](int layer) {
        const QList<int> &row = rows[layer];
        for (int at = 0; at < row.size(); ++at)
            place[row[at]] = relative(at, int(row.size()));
    };
    for (int layer = 0; layer < result.layerCount; ++layer)
        number(layer);

    // Barycenter sweeps: a node goes where its neighbours on the side already ordered are, on
    // average; one without such neighbours keeps its place.
    QList<double> key(count);
    for (int sweep = 0; sweep < options.sweeps; ++sweep) {
        const bool downward = sweep % 2 == 0;
        for (int step = 1; step < result.layerCount; ++step) {
            const int layer = downward ? step : result.layerCount - 1 - step;
            QList<int> &row = rows[layer];
            for (int node : row) {
                const QList<int> &neighbours = downward ? adjacency.up[node] : adjacency.down[node];
                double sum = 0;
                int seen = 0;
                for (int other : neighbours) {
                    if (downward ? result.layers[other] < layer : result.layers[other] > layer) {
                        sum += place[other];
                        ++seen;
                    }
                }
                key[node] = seen > 0 ? sum / seen : place[node];
            }
            std::stable_sort(row.begin(), row.end(), [&key](int a, int b) { return key[a] < key[b]; });
            number(layer);
        }
    }

    // Rows of at most maxPerRow, centred on x = 0, layers top to bottom.
    result.boxes.resize(count);
    const double width = options.nodeSize.width();
    const double height = options.nodeSize.height();
    const int perRow = std::max(1, options.maxPerRow);
    double top = 0;
    for (int layer = 0; layer < result.layerCount; ++layer) {
        const QList<int> &row = rows[layer];
        const int lines = int((row.size() + perRow - 1) / perRow);
        for (int line = 0; line < lines; ++line) {
            const int first = line * perRow;
            const int inLine = std::min(perRow, int(row.size()) - first);
            const double lineWidth = inLine * width + (inLine - 1) * options.columnGap;
            for (int at = 0; at < inLine; ++at) {
                const double x = -lineWidth / 2 + at * (width + options.columnGap);
                result.boxes[row[first + at]] = QRectF(x, top, width, height);
            }
            top += height + (line + 1 < lines ? options.rowGap : 0);
        }
        top += options.layerGap;
    }
    for (const QRectF &box : std::as_const(result.boxes))
        result.bounds = result.bounds.isNull() ? box : result.bounds.united(box);
    return result;
}

int GraphLayout::crossings(const JobGraph &graph, const QList<int> &layers, const QList<int> &positions)
{
    // Edges between adjacent layers, grouped by their upper layer.
    QHash<int, QList<QPair<int, int>>> byLayer;
    for (const GraphEdge &edge : graph.edges()) {
        if (layers[edge.to] == layers[edge.from] + 1)
            byLayer[layers[edge.from]].append({positions[edge.from], positions[edge.to]});
    }
    int crossed = 0;
    for (const QList<QPair<int, int>> &edges : std::as_const(byLayer)) {
        for (int i = 0; i < edges.size(); ++i) {
            for (int j = i + 1; j < edges.size(); ++j) {
                const auto &a = edges[i];
                const auto &b = edges[j];
                if ((a.first - b.first) * (a.second - b.second) < 0)
                    ++crossed;
            }
        }
    }
    return crossed;
}
