// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "sidekiqtypes.h"

// The first page (100) of one of Sidekiq's sorted sets: schedule, retry or dead, soonest first,
// each item's time, jid, class and queue, and whether the jid is a SideJob job (a SideJob item
// must never be removed from the schedule by itself: its job would stay queued for ever). Keyed by
// the item's text; filled by SidekiqMonitor.
class SidekiqItemModel final : public KeyedTableModel<SidekiqItem, QByteArray>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SidekiqItemModel)

public:
    enum Column { WhenColumn, JidColumn, ClassColumn, QueueColumn, JobColumn, ErrorColumn, ColumnCount };

    explicit SidekiqItemModel(QObject *parent = nullptr);

    void apply(const SidekiqItemPage &page, double now);
    qint64 total() const { return m_total; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QByteArray keyOf(const SidekiqItem &row) const override { return row.item; }
    bool sameRow(const SidekiqItem &a, const SidekiqItem &b) const override;

private:
    double m_now = 0;
    qint64 m_total = 0;
};
