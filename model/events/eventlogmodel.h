// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventrate.h"
#include "qlessevent.h"

#include <QAbstractTableModel>

#include <deque>
#include <functional>

// The Events page's table: what qless published, oldest at the top, in the order it arrived.
// Bounded: past `capacity` rows the oldest go (counted in trimmed()), so memory stays flat
// however fast events come. Paused, the table holds still while arrivals are still counted (and
// kept, within the same bound) and appear on resume. Gaps (the stream was lost, or the console
// fell behind and skipped events) are rows of their own, never left out. Events come in
// batches (append), one insert per batch, never one signal per event.
class EventLogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogModel)

public:
    enum Column {
        TimeColumn,
        EventColumn,
        QueueColumn,
        JidColumn,
        KlassColumn,
        WorkerColumn,
        DetailColumn,
        ColumnCount
    };
    static constexpr int DefaultCapacity = 50000;
    // The newest rows told of new classes (classesChanged).
    static constexpr int ClassChangeRows = 2000;
    // The raw value behind a cell (the time in ms, the text as published).
    static constexpr int SortRole = Qt::UserRole;

    explicit EventLogModel(QObject *parent = nullptr, int capacity = DefaultCapacity);
    // The rows go on a pool thread (PoolRelease): 50,000 of them are half a million frees.
    ~EventLogModel() override;

    int capacity() const { return m_capacity; }
    // A job's class, which qless does not publish: asked of whoever knows it when a row is shown
    // or filtered (JobClassCache). Empty: not known (yet).
    void setClassLookup(std::function<QString(const QString &jid)> lookup) { m_classOf = std::move(lookup); }
    QString classOf(const QlessEvent &event) const;
    // The class column may read differently now (more classes became known).
    void classesChanged();

    // A batch, oldest first. `skipped` events were lost before it because the console fell
    // behind: a gap row says so.
    void append(const QList<QlessEvent> &events, quint64 skipped = 0, qint64 nowMs = 0);

    void setPaused(bool paused);
    bool isPaused() const { return m_paused; }
    // Arrived while paused, not shown yet.
    int heldCount() const { return int(m_held.size()); }
    // Events (not gaps) received since the start, shown or not.
    quint64 receivedCount() const { return m_received; }
    // Rows let go to stay within capacity (held ones included).
    quint64 trimmed() const { return m_trimmed; }
    // Events lost upstream (the console fell behind), as the gap rows said.
    quint64 skipped() const { return m_skipped; }
    int gapCount() const { return m_gaps; }
    const EventRate &rate() const { return m_rate; }
    const QlessEvent &eventAt(int row) const { return m_rows[size_t(row)]; }
    // Forgets every row (the counts stay); they too go on a pool thread.
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // qless's name of an event as the console shows it (German "abgerufen" for "popped"), as
    // JobRowText::stateName does for states; an event qless may add later is shown as published.
    // Filters match qless's names; the tooltip's payload shows them too.
    static QString eventName(const QString &event);

signals:
    // After each batch shown or held: counts and the rate changed.
    void countsChanged();

private:
    void show(std::deque<QlessEvent> &incoming);
    QString cellText(const QlessEvent &event, int column) const;
    QString toolTip(const QlessEvent &event) const;

    const int m_capacity;
    std::deque<QlessEvent> m_rows;
    std::deque<QlessEvent> m_held;
    std::function<QString(const QString &)> m_classOf;
    EventRate m_rate;
    quint64 m_sequence = 0;
    quint64 m_received = 0;
    quint64 m_trimmed = 0;
    quint64 m_skipped = 0;
    int m_gaps = 0;
    bool m_paused = false;
};
