// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "sidekiqtypes.h"

// Sidekiq's processes (the first 100 of `processes`): host, pid, queues, busy threads of its
// concurrency, and its last beat. A member whose hash is gone is shown as gone (Sidekiq prunes it
// only from a live process; the console never removes it). Keyed by identity; filled by
// SidekiqMonitor.
class SidekiqProcessModel final : public KeyedTableModel<SidekiqProcess>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SidekiqProcessModel)

public:
    enum Column { IdentityColumn, QueuesColumn, BusyColumn, BeatColumn, StartedColumn, StateColumn, ColumnCount };
    // Sidekiq beats every 5 s; a process silent for longer than this is shown as such.
    static constexpr double StaleBeatSeconds = 30;

    explicit SidekiqProcessModel(QObject *parent = nullptr);

    void apply(const QList<SidekiqProcess> &processes, double now);
    static QString state(const SidekiqProcess &process, double now);
    int busyTotal() const;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QString keyOf(const SidekiqProcess &row) const override { return row.identity; }
    bool sameRow(const SidekiqProcess &a, const SidekiqProcess &b) const override;

private:
    double m_now = 0;
};
