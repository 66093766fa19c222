// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobgraph.h"

int JobGraph::addNode(const GraphNode &node)
{
    const auto found = m_index.constFind(node.id);
    if (found != m_index.constEnd())
        return *found;
    m_nodes.append(node);
    const int index = int(m_nodes.size()) - 1;
    m_index.insert(node.id, index);
    return index;
}

bool JobGraph::addEdge(int from, int to)
{
    if (from < 0 || to < 0 || from >= m_nodes.size() || to >= m_nodes.size())
        return false;
    const quint64 key = (quint64(quint32(from)) << 32) | quint32(to);
    if (m_edgeSet.contains(key))
        return false;
    m_edgeSet.insert(key, true);
    m_edges.append({from, to});
    return true;
}

QList<QPair<QString, int>> JobGraph::stateCounts() const
{
    QList<QPair<QString, int>> counts;
    QHash<QString, int> at;
    for (const GraphNode &node : m_nodes) {
        const auto found = at.constFind(node.stateText);
        if (found == at.constEnd()) {
            at.insert(node.stateText, int(counts.size()));
            counts.append({node.stateText, 1});
        } else {
            ++counts[*found].second;
        }
    }
    return counts;
}
