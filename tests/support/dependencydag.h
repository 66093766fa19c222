// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QPair>
#include <QSet>

// Jobs linked through qless's own `depends` (put's option), as a pipeline puts them, and what
// Redis then holds of a job's graph, walked with plain SMEMBERS: what the dependency graph's
// reader and window are checked against.
namespace DependencyDag {
inline void put(QlessFixture &fixture, const QByteArray &jid, const QList<QByteArray> &dependencies, double now,
                const QByteArray &klass = "Pipeline::Step", const QByteArray &queue = "pipeline")
{
    QJsonArray depends;
    for (const QByteArray &dependency : dependencies)
        depends.append(QString::fromUtf8(dependency));
    QList<QByteArray> options;
    if (!dependencies.isEmpty())
        options << "depends" << QJsonDocument(depends).toJson(QJsonDocument::Compact);
    fixture.put(queue, jid, now, options, 0, "{}", klass);
}

// `count` jobs dag-0 ... : dag-0 first, then layers of `width` jobs, each job depending on two
// of the layer above (one where it is a single job), so every job lies below dag-0.
inline QList<QByteArray> layered(QlessFixture &fixture, int count, int width, double now)
{
    QList<QByteArray> jids{"dag-0"};
    put(fixture, "dag-0", {}, now, "Pipeline::Fetch");
    QList<QByteArray> above{"dag-0"};
    QList<QByteArray> layer;
    for (int n = 1; n < count; ++n) {
        const QByteArray jid = "dag-" + QByteArray::number(n);
        const int at = int(layer.size());
        QList<QByteArray> dependencies{above[at % above.size()]};
        if (above.size() > 1)
            dependencies << above[(at * 7 + 3) % above.size()];
        if (dependencies.size() == 2 && dependencies[0] == dependencies[1])
            dependencies.removeLast();
        put(fixture, jid, dependencies, now, n % 3 ? "Pipeline::Parse" : "Pipeline::Index");
        jids << jid;
        layer << jid;
        if (layer.size() == width) {
            above = layer;
            layer.clear();
        }
    }
    return jids;
}

struct Held
{
    QSet<QByteArray> nodes;
    QSet<QPair<QByteArray, QByteArray>> edges; // dependency -> dependent
};

// The jobs `jid` waits on, transitively, and those waiting on it, with every link between them.
inline Held held(QlessFixture &fixture, const QByteArray &jid)
{
    Held held;
    auto members = [&](const QByteArray &of, const char *set) {
        return fixture.command({"SMEMBERS", "ql:j:" + of + set}).strings();
    };
    for (const char *set : {"-dependencies", "-dependents"}) {
        QList<QByteArray> queue{jid};
        held.nodes.insert(jid);
        for (int at = 0; at < queue.size(); ++at) {
            for (const QByteArray &next : members(queue[at], set)) {
                if (!held.nodes.contains(next)) {
                    held.nodes.insert(next);
                    queue << next;
                }
            }
        }
    }
    for (const QByteArray &node : std::as_const(held.nodes)) {
        for (const QByteArray &dependent : members(node, "-dependents")) {
            if (held.nodes.contains(dependent))
                held.edges.insert({node, dependent});
        }
    }
    return held;
}
} // namespace DependencyDag
