// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"
#include "queuecounts.h"

#include <functional>

class PauseTimes;
class QlessClient;

// Every queue with its counts per state, refreshed as a keyed diff (queue name as key). Counts
// come from the queues script, never from loading lists, so a queue of a million jobs costs the
// same as an empty one.
class QueueListModel final : public KeyedTableModel<QueueCounts>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueListModel)

public:
    enum Column {
        NameColumn,
        WaitingColumn,
        RunningColumn,
        StalledColumn,
        ScheduledColumn,
        DependsColumn,
        RecurringColumn,
        LengthColumn, // qless's length: waiting + running + stalled + scheduled
        ColumnCount
    };

    explicit QueueListModel(QlessClient *client, QObject *parent = nullptr);

    // `done` runs when the reply is in (applied or failed).
    void refresh(std::function<void()> done = {});
    QString lastError() const { return m_lastError; }
    QueueCounts totals() const;
    // Queues qless pops nothing from (ql:paused_queues).
    int pausedCount() const;
    // Where a paused queue's tooltip finds since when it is paused; refreshes tell it which
    // queues they saw not paused. None: the tooltip says qless does not record it.
    void setPauseTimes(PauseTimes *times) { m_pauseTimes = times; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void refreshed();
    void loadFailed(const QString &message);

protected:
    QString keyOf(const QueueCounts &row) const override { return row.name; }
    bool sameRow(const QueueCounts &a, const QueueCounts &b) const override;

private:
    static QStringList damageOf(const QueueCounts &row, int column);
    static qint64 count(const QueueCounts &row, int column);
    static QString lengthText();

    QlessClient *m_client;
    PauseTimes *m_pauseTimes = nullptr;
    QString m_lastError;
};
