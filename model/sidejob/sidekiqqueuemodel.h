// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "sidekiqtypes.h"

// Sidekiq's queues under SideJob (the first 100 of `queues`): each one's length, how long its next
// item has waited, and how many SideJob worker classes its registry names. Keyed by name; filled
// by SidekiqMonitor.
class SidekiqQueueModel final : public KeyedTableModel<SidekiqQueue>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SidekiqQueueModel)

public:
    enum Column { NameColumn, LengthColumn, WaitedColumn, RegisteredColumn, AnomalyColumn, ColumnCount };

    explicit SidekiqQueueModel(QObject *parent = nullptr);

    void apply(const QList<SidekiqQueue> &queues, double now);
    static QString anomaly(const SidekiqQueue &queue);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QString keyOf(const SidekiqQueue &row) const override { return row.name; }
    bool sameRow(const SidekiqQueue &a, const SidekiqQueue &b) const override;

private:
    double m_now = 0;
};
