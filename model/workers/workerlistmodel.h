// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "workerinfo.h"

#include <functional>

class QlessClient;

// Every worker seen within max-worker-age, most recently seen first: its job and stalled job
// counts as qless's `workers` reply has them (stalled stands out: the worker died or hangs
// holding jobs) and when it was last seen. "Jobs", not "running": a job qless timed out stays in
// its worker's list with the lock time it had, so qless counts it here until another worker
// pops it, while the queues count it as waiting. The reply does not tell the two apart, and
// reading each worker's jobs to do so would cost a call per worker per refresh.
// The workers script is read-only here: nothing is pruned by watching. Keyed by worker name.
class WorkerListModel final : public KeyedTableModel<WorkerSummary>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkerListModel)

public:
    enum Column { NameColumn, JobsColumn, StalledColumn, LastSeenColumn, ColumnCount };

    explicit WorkerListModel(QlessClient *client, QObject *parent = nullptr);

    // `done` runs when the reply is in (applied or failed).
    void refresh(std::function<void()> done = {});
    QString lastError() const { return m_lastError; }
    // Workers holding at least one stalled job.
    int stalledWorkers() const;

    // For tests: where "now" comes from (seconds since the epoch).
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // What the Jobs count is, for its header and the pages' summaries.
    static QString jobsExplained();

signals:
    void refreshed();
    void loadFailed(const QString &message);

protected:
    QString keyOf(const WorkerSummary &row) const override { return row.name; }
    bool sameRow(const WorkerSummary &a, const WorkerSummary &b) const override
    {
        return a.name == b.name && a.jobs == b.jobs && a.stalled == b.stalled && a.lastSeen == b.lastSeen;
    }

private:
    QlessClient *m_client;
    QString m_lastError;
    std::function<double()> m_clock;
};
