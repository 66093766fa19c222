// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pagedlistmodel.h"
#include "recurringjob.h"

#include <functional>

class QlessClient;

// A queue's recurring job templates (ql:r:<jid>): the jids from the jobs script's `recurring`
// state, then each template read by `recur get`. Paged in like a job list (canFetchMore/fetchMore)
// and refreshed like one (ListPaging): the rows around the view and the total, as a keyed diff;
// rows out of view keep what they had (FreshRole false). A template that cannot be read is a
// marked row (problem "template"), not a failed page. Templates are not jobs: no job detail opens
// for them; what they spawn is `<jid>-<count>`. Replies for an older queue are dropped.
class RecurringListModel final : public PagedListModel<RecurringJob>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecurringListModel)

public:
    // Jid, klass and tags first, in the same places as in JobListModel, so one filter serves both.
    enum Column {
        JidColumn,
        KlassColumn,
        PriorityColumn,
        TagsColumn,
        IntervalColumn,
        NextRunColumn,
        CountColumn,   // jobs spawned so far
        BacklogColumn, // current qless: at most this many missed runs spawned at once
        RetriesColumn,
        ColumnCount
    };
    static constexpr int RecurringJobRole = Qt::UserRole + 2;
    // Whether the row was read by the last refresh (or paged in since), as JobListModel's.
    static constexpr int FreshRole = Qt::UserRole + 3;

    explicit RecurringListModel(QlessClient *client, QObject *parent = nullptr);

    // Clears the rows and loads the first page of `queue`'s templates (none for an empty name).
    void setQueue(const QString &queue);
    QString queue() const { return m_queue; }
    // Paging (page size, total: the queue's recurring count, the view's range, refreshWindow,
    // isFresh): KeyedTableModel's; loading and refresh() (the rows ListPaging picks, with the
    // total, as a keyed diff): PagedListModel's.

    // Whether the queue the templates feed is paused: qless spawns when the queue is popped, so
    // nothing is spawned while it is; the next run says so.
    void setQueuePaused(bool paused);
    bool isQueuePaused() const { return m_queuePaused; }

    // For tests: where "now" comes from (seconds since the epoch).
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void totalChanged(qint64 total);
    void loadFailed(const QString &message);
    void refreshed();

protected:
    QString keyOf(const RecurringJob &row) const override { return QString::fromUtf8(row.jid); }
    bool sameRow(const RecurringJob &a, const RecurringJob &b) const override;
    bool hasSource() const override { return !m_queue.isEmpty(); }
    // The jids and the count together, then one template each; a template gone meanwhile is
    // simply no longer listed.
    void readPage(int offset, int count, PageRows rows, PageFailed failed) override;
    void announceTotal(qint64 total) override { emit totalChanged(total); }
    void announceLoadFailed(const QString &message) override { emit loadFailed(message); }
    void announceRefreshed() override { emit refreshed(); }

private:
    QVariant display(const RecurringJob &row, int column) const;
    QVariant sortValue(const RecurringJob &row, int column) const;
    QString toolTip(const RecurringJob &row) const;

    QlessClient *m_client;
    QString m_queue;
    std::function<double()> m_clock;
    bool m_queuePaused = false;
};
