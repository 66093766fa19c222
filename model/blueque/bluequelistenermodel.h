// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequelistenerrow.h"
#include "keyedtablemodel.h"

#include <QElapsedTimer>

#include <functional>
#include <memory>

class BluequeClient;

// A Blueque queue's listeners (blueque_listeners_{q}) with what each holds, refreshed as a keyed
// diff. Bounded: a page of at most MaxListeners listeners (SSCAN steps from the page's start,
// at most MaxStepsAPage), then the first TasksRead ids of each one's reserved list
// (lua/blueque/taskpage.lua), one call a listener in turn. After them, marked as an anomaly, the
// reserved lists of listeners gone from the set (at most MaxListeners), found by
// BluequeReservedLists's SCAN walk, one step a call, walked again at most every WalkInterval.
class BluequeListenerModel final : public KeyedTableModel<BluequeListenerRow>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BluequeListenerModel)

public:
    // BluequeListenerRow::columns() shown in the window, in its order.
    enum Column { NameColumn, HeldColumn, StartedColumn, LastChangeColumn, NoteColumn, TasksColumn, ColumnCount };
    static constexpr int MaxListeners = 200; // as overview.lua reads a queue's reserved lists
    static constexpr int TasksRead = 10;     // a listener holds one or two
    static constexpr int MaxStepsAPage = 100;
    static constexpr int WalkIntervalMs = 30000; // a walk reads the whole keyspace, a step a call

    explicit BluequeListenerModel(BluequeClient *client, QObject *parent = nullptr);

    void refresh(const QString &queue, double now, std::function<void(bool ok)> done = {});
    QString queue() const { return m_queue; }
    QString lastError() const { return m_lastError; }
    // Every queue of blueque_queues: a reserved key is matched to its queue by them (names may
    // hold "_"). Without them only the shown queue is known.
    void setKnownQueues(const QStringList &queues) { m_knownQueues = queues; }
    // Pages of the listener set, SSCAN order. A page turned takes effect at the next refresh.
    int page() const { return m_page; }
    bool hasNextPage() const { return m_hasNext; }
    bool turnPage(int delta);
    int goneCount() const { return m_goneCount; }
    // Tests: how long the last walk's lists stand before a refresh walks again.
    void setWalkIntervalMs(int ms) { m_walkIntervalMs = ms; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    QString keyOf(const BluequeListenerRow &row) const override { return row.name; }
    bool sameRow(const BluequeListenerRow &a, const BluequeListenerRow &b) const override;
    static QString note(const BluequeListenerRow &row);      // the whole explanation (tooltip)
    static QString briefNote(const BluequeListenerRow &row); // what fits a cell

private:
    struct PageStart
    {
        QByteArray cursor = "0";
        int skip = 0; // names of the step at `cursor` that belong to the page before
    };
    using Rows = std::shared_ptr<QList<BluequeListenerRow>>;
    void readPage(quint64 generation, PageStart start, int steps, std::shared_ptr<QList<QByteArray>> names,
                  std::function<void(bool ok)> done);
    void readHeld(quint64 generation, std::shared_ptr<QList<QByteArray>> names, bool gone, Rows rows,
                  std::function<void()> then, std::function<void(bool ok)> done);
    void readGone(quint64 generation, Rows rows, std::function<void(bool ok)> done);
    void finish(quint64 generation, const QList<BluequeListenerRow> &rows, const QString &error,
                std::function<void(bool ok)> done);

    BluequeClient *m_client;
    QString m_queue;
    double m_now = 0;
    quint64 m_generation = 0;
    QString m_lastError;
    QStringList m_knownQueues;
    QList<PageStart> m_pageStarts{PageStart{}};
    int m_page = 0;
    bool m_hasNext = false;
    QList<QByteArray> m_goneNames; // of the last walk
    QElapsedTimer m_sinceWalk;     // invalid: never walked for this queue
    int m_goneCount = 0;
    int m_walkIntervalMs = WalkIntervalMs;
};
