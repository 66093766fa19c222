// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"
#include "keyedtablemodel.h"

#include <functional>

class BluequeClient;

// Every Blueque queue with its counts per state, its listeners and what looks wrong in it,
// refreshed as a keyed diff (queue name as key). Counts come from lua/blueque/overview.lua in
// windows of 100 queues, never from loading lists.
class BluequeQueueModel final : public KeyedTableModel<BluequeQueue>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BluequeQueueModel)

public:
    enum Column {
        NameColumn,
        PendingColumn,
        ScheduledColumn,
        ReservedColumn,
        StartedColumn,
        CompleteColumn,
        FailedColumn,
        ListenersColumn,
        AnomaliesColumn,
        ColumnCount
    };

    explicit BluequeQueueModel(BluequeClient *client, QObject *parent = nullptr);

    // `now` (seconds since the epoch) decides which scheduled tasks are overdue.
    void refresh(double now, std::function<void(bool ok)> done = {});
    QString lastError() const { return m_lastError; }
    // What looks wrong in a queue, one sentence each (docs/BLUEQUE.md, "Anomalies").
    static QStringList anomalies(const BluequeQueue &queue);
    // The Anomalies cell: a word or two for each ("overdue schedule, stuck reservation"), "none".
    static QString anomalyLabels(const BluequeQueue &queue);
    int anomalyCount() const;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void refreshed();

protected:
    QString keyOf(const BluequeQueue &row) const override { return row.name; }
    bool sameRow(const BluequeQueue &a, const BluequeQueue &b) const override;

private:
    static qint64 count(const BluequeQueue &row, int column);

    BluequeClient *m_client;
    QString m_lastError;
};
