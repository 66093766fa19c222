// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequelistenerrow.h"
#include "keyedtablemodel.h"

#include <functional>

class BluequeClient;

// A Blueque queue's listeners (blueque_listeners_{q}) with what each holds, refreshed as a keyed
// diff. Bounded: one SSCAN step of the set, at most MaxListeners listeners, then the first
// TasksRead ids of each one's reserved list (lua/blueque/taskpage.lua), one call a listener in turn.
class BluequeListenerModel final : public KeyedTableModel<BluequeListenerRow>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BluequeListenerModel)

public:
    // BluequeListenerRow::columns() shown in the window, in its order.
    enum Column { NameColumn, HeldColumn, StartedColumn, LastChangeColumn, TasksColumn, ColumnCount };
    static constexpr int MaxListeners = 200; // as overview.lua reads a queue's reserved lists
    static constexpr int TasksRead = 10;     // a listener holds one or two

    explicit BluequeListenerModel(BluequeClient *client, QObject *parent = nullptr);

    void refresh(const QString &queue, double now, std::function<void(bool ok)> done = {});
    QString queue() const { return m_queue; }
    QString lastError() const { return m_lastError; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QString keyOf(const BluequeListenerRow &row) const override { return row.name; }
    bool sameRow(const BluequeListenerRow &a, const BluequeListenerRow &b) const override;

private:
    void finish(quint64 generation, const QList<BluequeListenerRow> &rows, const QString &error,
                std::function<void(bool ok)> done);

    BluequeClient *m_client;
    QString m_queue;
    double m_now = 0;
    quint64 m_generation = 0;
    QString m_lastError;
};
