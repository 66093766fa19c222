#pragma once

#include "failuregroupsummary.h"
#include "keyedtablemodel.h"

#include <QHash>

#include <functional>

class QlessClient;

// Every failure group with its job count (the failed script's counts, never a list loaded), and,
// when asked for, each group's newest failure (one failed-jobs read of one job per group, sent
// together). Keyed by group name, refreshed as a keyed diff.
class FailureGroupModel final : public KeyedTableModel<FailureGroupSummary>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailureGroupModel)

public:
    enum Column { NameColumn, CountColumn, LatestColumn, MessageColumn, ColumnCount };

    // At most this many newest-failure lookups (one failed job read in full each) per refresh,
    // however many groups there are. Groups whose count changed (or that have none yet) go first,
    // biggest first; the rest take turns, longest unread first; a group not looked up keeps what
    // it showed. So a refresh reads at most this many jobs, and every group is read again within
    // (groups / this) refreshes.
    static constexpr int MaxLatestLookups = 20;

    explicit FailureGroupModel(QlessClient *client, QObject *parent = nullptr);

    // Off, the model reads only the counts (the Overview needs no more).
    void setLatestLookups(bool on) { m_latestLookups = on; }
    // `done` runs once when every reply is in (applied or failed).
    void refresh(std::function<void()> done = {});
    QString lastError() const { return m_lastError; }
    qint64 totalJobs() const;

    // For tests: where "now" comes from (seconds since the epoch).
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void refreshed();
    void loadFailed(const QString &message);

protected:
    QString keyOf(const FailureGroupSummary &row) const override { return row.name; }
    bool sameRow(const FailureGroupSummary &a, const FailureGroupSummary &b) const override;

private:
    void finish(const QList<FailureGroupSummary> &rows, std::function<void()> done);
    // Which of `rows` (indices) to look up this refresh; fills the others from what is shown.
    QList<int> chooseLookups(QList<FailureGroupSummary> &rows);

    QlessClient *m_client;
    bool m_latestLookups = true;
    quint64 m_generation = 0;
    QHash<QString, quint64> m_lookedUpAt; // group -> the m_generation of its last lookup
    QString m_lastError;
    std::function<double()> m_clock;
};
