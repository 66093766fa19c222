// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobgraph.h"

#include <QByteArray>
#include <QHash>
#include <QObject>

#include <optional>

class QlessClient;

// Reads a qless job's dependency graph into a JobGraph: the jobs it waits on (its `dependencies`,
// their dependencies, ...) and those waiting on it (its `dependents`, theirs, ...), breadth first,
// a level at a time. qless keeps both as sets (ql:j:<jid>-dependencies, -dependents) and drops a
// link when its dependency completes, so the graph shows what is still waiting, not what was.
// Bounded: jobs are read whole (multiGet, the call that returns both sets) in batches of
// JobsPerBatch, one batch after another; the walk stops adding jobs at maxNodes and does not go
// further than maxDepth steps from the start either way; what it left out is counted in the
// graph's cut() and on each node (unread). Cancel, or destroy the reader, and no further batch is
// asked for (a batch on its way is dropped when it arrives).
class QlessDependencyReader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QlessDependencyReader)

public:
    struct Limits
    {
        int maxNodes = 1000;
        int maxDepth = 30; // steps from the start, upward and downward alike
    };
    // Two calls of multiGet: a cancel leaves at most this many jobs read for nothing.
    static constexpr int JobsPerBatch = 32;

    // `client` must outlive the reader.
    explicit QlessDependencyReader(QlessClient *client, QObject *parent = nullptr);
    ~QlessDependencyReader() override;

    // Starts reading `jid`'s graph (a read under way is dropped); finished() when done.
    void read(const QByteArray &jid, Limits limits);
    void read(const QByteArray &jid) { read(jid, Limits()); }
    void cancel();
    bool isReading() const { return m_reading; }

    const JobGraph &graph() const { return m_graph; }
    // The job of a node as read (its data and history left out), for acting on it; nullopt for
    // a jid that was not read or whose job was gone.
    std::optional<Job> job(const QString &id) const;
    // Seconds since the epoch on the server's clock, what stalled locks are judged by.
    double serverNow() const;

signals:
    void progressed(int nodesRead, int nodesKnown);
    void finished();

private:
    enum Direction : quint8 { Up = 1, Down = 2, Both = Up | Down };
    struct Walked
    {
        Direction direction = Both;
        QStringList dependencies; // as read
        QStringList dependents;
    };

    void readNextBatch(quint64 generation);
    void apply(const QList<int> &batch, const QList<std::optional<Job>> &jobs);
    void fill(GraphNode &node, const Job &job) const;
    // Adds the neighbours of `index` in `direction` that the limits let in; counts the rest.
    void expand(int index, const QStringList &neighbours, int step);
    void linkEdges();
    void finish();

    QlessClient *m_client;
    Limits m_limits;
    JobGraph m_graph;
    QList<Walked> m_walked; // by node index
    QHash<QString, Job> m_jobs;
    int m_nextToRead = 0; // nodes below this index have been asked for
    quint64 m_generation = 0;
    bool m_reading = false;
};
