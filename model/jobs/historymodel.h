// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QAbstractTableModel>

// A job's history as a timeline, one row per event, whichever form Redis keeps it in (the
// decoder turns the spec's stages and the event list of current deployments into JobEvents).
// A refresh that only added events appends them (the operator's place in the list stays); any
// other change replaces the list. Comparing 100,000 events takes longer than a frame: extends()
// runs on any thread, and setEvents(events, extendsShown) takes its answer.
class HistoryModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryModel)

public:
    enum Column {
        WhenColumn,
        EventColumn,
        AfterColumn, // time since the event before: how long it waited, ran, ...
        QueueColumn,
        WorkerColumn,
        DetailsColumn, // failure group, other fields the entry carried, or its unreadable text
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit HistoryModel(QObject *parent = nullptr);

    void setEvents(const QList<JobEvent> &events);
    // `extendsShown`: extends(events(), events), worked out elsewhere.
    void setEvents(const QList<JobEvent> &events, bool extendsShown);
    // Whether `events` are `shown` with only events added after them. Any thread.
    static bool extends(const QList<JobEvent> &shown, const QList<JobEvent> &events);
    const QList<JobEvent> &events() const { return m_events; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(int row, int column) const;

    QList<JobEvent> m_events;
};
