// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuregroupsummary.h"
#include "keyedtablemodel.h"

#include <functional>

class QlessClient;

// The failure groups with their job counts and each one's newest failure (when, queue, the
// message's first line), from one step of desk.failed's list per refresh: the script lists a
// bounded number of groups (with how many there are in all) and each call stops on its clock,
// so a refresh costs a few short calls of Redis however many groups there are and however large
// their failures. Keyed by group name, refreshed as a keyed diff.
class FailureGroupModel final : public KeyedTableModel<FailureGroupSummary>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailureGroupModel)

public:
    enum Column { NameColumn, CountColumn, LatestColumn, MessageColumn, ColumnCount };

    explicit FailureGroupModel(QlessClient *client, QObject *parent = nullptr);

    // Off, the rows carry only the counts (the Overview needs no more).
    void setLatestLookups(bool on) { m_latestLookups = on; }
    // How many failure groups there are; more than rowCount() when there are too many to list.
    qint64 totalGroups() const { return m_totalGroups; }
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

    QlessClient *m_client;
    bool m_latestLookups = true;
    quint64 m_generation = 0;
    qint64 m_totalGroups = 0;
    QString m_lastError;
    std::function<double()> m_clock;
};
