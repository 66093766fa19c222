// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "themecolors.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

// A graph of jobs as any job system gives it, for the graph view: qless's dependencies, SideJob's
// parent/children trees. Nodes carry what the view draws (a label, a state in the system's words
// and the tone it is shown in), never a system's job type; edges point from the job that comes
// first (a dependency, a parent) to the one that follows it (its dependent, a child).
struct GraphNode
{
    QString id;        // what the system acts on (a jid)
    QString label;     // the first line drawn (a class, a task's name)
    QString state;     // as the system stores it ("waiting"), for counts and tests
    QString stateText; // as the console shows it (translated)
    ThemeColors::Tone tone = ThemeColors::Tone::Plain;
    QString kind;        // "job", or "missing" for an id listed whose record is gone
    QStringList details; // lines a hover shows (queue, worker, priority...)
    // Steps from the start node: negative upstream (what it waits on), positive downstream.
    int level = 0;
    // Neighbours in the walk's direction the reader left out (a limit): drawn as "+N".
    int unread = 0;
};

struct GraphEdge
{
    int from = 0; // index in nodes(): the one that comes first
    int to = 0;
    bool operator==(const GraphEdge &other) const { return from == other.from && to == other.to; }
};

// What a bounded walk left out, for the view to say.
struct GraphCut
{
    int maxNodes = 0;
    int maxDepth = 0;
    bool byNodes = false;     // stopped at maxNodes
    bool byDepth = false;     // some node at maxDepth had more beyond it
    int unreadNeighbours = 0; // ids seen in a read node's lists that were not read (summed over nodes)
    bool failed = false;      // a read failed: the graph is what was read before
    QString error;
    bool cut() const { return byNodes || byDepth || failed; }
};

class JobGraph final
{
public:
    // The index of the node with `id` (added when new; its fields then as given).
    int addNode(const GraphNode &node);
    // Adds from -> to once; false when it was there already or an end is unknown.
    bool addEdge(int from, int to);
    int indexOf(const QString &id) const { return m_index.value(id, -1); }
    bool contains(const QString &id) const { return m_index.contains(id); }

    const QList<GraphNode> &nodes() const { return m_nodes; }
    GraphNode &node(int index) { return m_nodes[index]; }
    const QList<GraphEdge> &edges() const { return m_edges; }
    int start() const { return m_start; }
    void setStart(int index) { m_start = index; }
    GraphCut &cut() { return m_cut; }
    const GraphCut &cut() const { return m_cut; }

    // How many nodes are in each state, in the order states were first seen.
    QList<QPair<QString, int>> stateCounts() const;

private:
    QList<GraphNode> m_nodes;
    QList<GraphEdge> m_edges;
    QHash<QString, int> m_index;
    QHash<quint64, bool> m_edgeSet; // from << 32 | to
    int m_start = -1;
    GraphCut m_cut;
};
