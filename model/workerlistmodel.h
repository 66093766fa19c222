#pragma once

#include "keyedtablemodel.h"
#include "workerinfo.h"

#include <functional>

class QlessClient;

// Every worker seen within max-worker-age, most recently seen first: running and stalled job
// counts (stalled stands out: the worker died or hangs holding jobs) and when it was last seen.
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
