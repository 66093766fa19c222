// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QSet>

#include <functional>

struct BulkRun;
class BulkRunControl;

// The jobs of a per-job run, each once: a selection's jids, or a list's read to its end (a
// scan's chunks, or pages that follow a live list as its head moves). When they are all known
// they are handed over, once, to whoever steps through them (PerJobSteps).
class BulkJidCollector final
{
public:
    using Collected = std::function<void(QList<QByteArray> jids)>;

    BulkJidCollector(BulkRun &run, BulkRunControl &control, Collected collected);

    // A selection: its jids (each once) are the run's jobs.
    void takeSelection();
    // A list: its jobs are read first (the runner is collecting).
    void startCollecting();
    // While collecting: jids found so far.
    qint64 collected() const { return m_jids.size(); }

private:
    void add(const QByteArray &jid);
    void collectChunk();
    void collectPage();
    // Collecting ends: the found jids are the run's jobs (at most `cap` of them, -1: all).
    void finishCollecting(qint64 expected, qint64 cap);
    void handOver();

    BulkRun &m_run;
    BulkRunControl &m_control;
    Collected m_collected;
    QList<QByteArray> m_jids;
    QSet<QByteArray> m_seen;
    int m_collectOffset = 0;
    QList<QByteArray> m_scanCursor; // where the list's scan goes on from (empty: its start)
    qint64 m_scanTotal = -1;        // the list's count at the first chunk
    qint64 m_listedTotal = -1;      // the list's total as the last page gave it (-1: not known)
};
