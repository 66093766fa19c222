// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessdependencyreader.h"

#include "jobrowtext.h"
#include "qlessclient.h"

#include <QPointer>

#include <cstdlib>

QlessDependencyReader::QlessDependencyReader(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

QlessDependencyReader::~QlessDependencyReader() = default;

double QlessDependencyReader::serverNow() const
{
    return m_client->now();
}

void QlessDependencyReader::read(const QByteArray &jid, Limits limits)
{
    ++m_generation;
    m_limits = limits;
    m_graph = JobGraph();
    m_graph.cut().maxNodes = limits.maxNodes;
    m_graph.cut().maxDepth = limits.maxDepth;
    m_walked.clear();
    m_jobs.clear();
    m_nextToRead = 0;
    m_reading = true;
    GraphNode start;
    start.id = QString::fromUtf8(jid);
    start.label = start.id;
    start.kind = QStringLiteral("job");
    m_graph.setStart(m_graph.addNode(start));
    m_walked.append({Both, {}, {}});
    readNextBatch(m_generation);
}

void QlessDependencyReader::cancel()
{
    if (!m_reading)
        return;
    ++m_generation;
    m_reading = false;
}

std::optional<Job> QlessDependencyReader::job(const QString &id) const
{
    const auto found = m_jobs.constFind(id);
    if (found == m_jobs.constEnd())
        return std::nullopt;
    return *found;
}

void QlessDependencyReader::readNextBatch(quint64 generation)
{
    const int known = int(m_graph.nodes().size());
    if (m_nextToRead >= known) {
        finish();
        return;
    }
    QList<int> batch;
    QList<QByteArray> jids;
    for (; m_nextToRead < known && batch.size() < JobsPerBatch; ++m_nextToRead) {
        batch.append(m_nextToRead);
        jids.append(m_graph.nodes()[m_nextToRead].id.toUtf8());
    }
    m_client->jobReads().multiGet(jids, this,
                                  [this, generation, batch](const QlessReply<QList<std::optional<Job>>> &reply) {
                                      if (generation != m_generation)
                                          return; // cancelled, or a newer read began
                                      if (!reply.ok()) {
                                          m_graph.cut().failed = true;
                                          m_graph.cut().error = reply.error.message;
                                          finish();
                                          return;
                                      }
                                      apply(batch, reply.value);
                                      emit progressed(m_nextToRead, int(m_graph.nodes().size()));
                                      readNextBatch(generation);
                                  });
}

void QlessDependencyReader::apply(const QList<int> &batch, const QList<std::optional<Job>> &jobs)
{
    for (int at = 0; at < batch.size(); ++at) {
        const int index = batch[at];
        const std::optional<Job> &job = at < jobs.size() ? jobs[at] : std::nullopt;
        GraphNode &node = m_graph.node(index);
        if (!job) {
            node.kind = QStringLiteral("missing");
            node.state = QStringLiteral("missing");
            node.stateText = tr("gone");
            node.tone = ThemeColors::Tone::Muted;
            node.details = {tr("No job with this jid in Redis: it is listed, but its record is gone.")};
            continue;
        }
        fill(node, *job);
        Job kept = *job;
        // What acting on it needs; the data and history can be megabytes a job.
        kept.data.clear();
        kept.history.clear();
        m_jobs.insert(node.id, kept);
        // expand() appends to m_walked and the graph: no reference into either is held across it.
        const Direction direction = m_walked[index].direction;
        m_walked[index].dependencies = job->dependencies;
        m_walked[index].dependents = job->dependents;
        if (direction & Up)
            expand(index, job->dependencies, -1);
        if (direction & Down)
            expand(index, job->dependents, +1);
    }
}

void QlessDependencyReader::fill(GraphNode &node, const Job &job) const
{
    const bool stalled = job.lockExpired(m_client->now()) || job.timedOut;
    node.state = stalled ? QStringLiteral("stalled") : job.state;
    node.stateText = JobRowText::stateName(node.state);
    node.tone = ThemeColors::stateTone(node.state);
    node.label = job.klass.isEmpty() ? node.id : job.klass;
    node.details.clear();
    node.details << tr("Job %1").arg(node.id) << tr("Class: %1").arg(job.klass) << tr("State: %1").arg(node.stateText)
                 << tr("Queue: %1").arg(job.queue);
    if (!job.worker.isEmpty())
        node.details << tr("Worker: %1").arg(job.worker);
    node.details << tr("Priority: %1").arg(job.priority);
    if (!job.tags.isEmpty())
        node.details << tr("Tags: %1").arg(job.tags.join(QStringLiteral(", ")));
    if (job.failure)
        node.details << tr("Failure group: %1").arg(job.failure->group);
    node.details << tr("Waits on %n job(s)", nullptr, int(job.dependencies.size()))
                 << tr("%n job(s) wait on it", nullptr, int(job.dependents.size()));
}

void QlessDependencyReader::expand(int index, const QStringList &neighbours, int step)
{
    const int level = m_graph.nodes()[index].level;
    const int depth = std::abs(level + step);
    for (const QString &id : neighbours) {
        if (m_graph.contains(id))
            continue;
        GraphCut &cut = m_graph.cut();
        if (depth > m_limits.maxDepth) {
            cut.byDepth = true;
        } else if (m_graph.nodes().size() >= m_limits.maxNodes) {
            cut.byNodes = true;
        } else {
            GraphNode node;
            node.id = id;
            node.label = id;
            node.kind = QStringLiteral("job");
            node.level = level + step;
            m_graph.addNode(node);
            m_walked.append({step < 0 ? Up : Down, {}, {}});
            continue;
        }
        ++cut.unreadNeighbours;
        ++m_graph.node(index).unread;
    }
}

void QlessDependencyReader::linkEdges()
{
    // Each link is in both jobs' sets; taken from either, once, between jobs of the graph only
    // (an upstream job's other dependents are no part of this job's graph).
    for (int index = 0; index < m_walked.size(); ++index) {
        for (const QString &dependency : std::as_const(m_walked[index].dependencies))
            m_graph.addEdge(m_graph.indexOf(dependency), index);
        for (const QString &dependent : std::as_const(m_walked[index].dependents))
            m_graph.addEdge(index, m_graph.indexOf(dependent));
    }
}

void QlessDependencyReader::finish()
{
    linkEdges();
    m_reading = false;
    emit finished();
}
