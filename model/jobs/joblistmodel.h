// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobrow.h"
#include "jobrowtext.h"
#include "jobsource.h"
#include "listpaging.h"
#include "pagedlistmodel.h"

#include <QPair>

#include <functional>

class QlessClient;

// A list of jobs from one JobSource (a queue's state, a failure group, a tag, a worker), paged in
// from Redis as the view scrolls (canFetchMore/fetchMore: a request in flight, rows inserted on
// its reply) and refreshed as a keyed diff over the rows around the view (ListPaging). Rows are
// summaries (JobPageReader: no data, no history), packed (JobRow); the job window reads the
// whole job. One model
// serves every job list; views hide the columns that do not apply. Replies for an older source
// are dropped.
class JobListModel final : public PagedListModel<JobRow, QByteArray>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobListModel)

public:
    // JobColumns::columns() shown in the window, in their order.
    enum Column {
        JidColumn,
        KlassColumn,
        StateColumn,
        QueueColumn,
        PriorityColumn,
        TagsColumn,
        WorkerColumn,
        TimeColumn,    // what time means in the job's state: lock expiry, due, failed at, waiting since,
                       // timed out (at the head of a waiting list)
        RetriesColumn, // remaining / allowed
        FailureColumn, // group: first line of the message
        PutColumn,     // when it was last put into a queue (from its history)
        ChangedColumn, // its last change (the hash's `time`, rewritten by current qless at each step)
        ColumnCount
    };
    // The row's Job, for actions and selections: a summary (JobPageReader::summary: no data, no
    // history); whoever needs the whole job reads it (QlessJobReads::job), as the job window does.
    static constexpr int JobRole = Qt::UserRole + 2;
    // Whether the row was read by the last refresh (or paged in since): false for rows that were
    // out of view when it ran and keep what they had.
    static constexpr int FreshRole = Qt::UserRole + 3;

    static constexpr int RefreshMargin = ListPaging::RefreshMargin;
    static constexpr int MaxRefreshRows = ListPaging::MaxRefreshRows;

    explicit JobListModel(QlessClient *client, QObject *parent = nullptr);

    // Clears the rows and loads the first page of `source`.
    void setSource(const JobSource &source);
    const JobSource &source() const { return m_source; }
    // Paging (page size, total, the view's range, refreshWindow, isFresh): KeyedTableModel's;
    // loading, refresh() (every loaded row while they are at most MaxRefreshRows, else the rows
    // around the visible range, RefreshMargin either side; FreshRole false beyond): PagedListModel's.
    // The row as a Job (what JobRole holds).
    Job jobAt(int row) const { return rowAt(row).toJob(); }

    // For tests: where "now" comes from (seconds since the epoch).
    void setClock(std::function<double()> clock) { m_text.setClock(std::move(clock)); }
    // "Now" as the rows' ages are measured (the server's clock), for views that word a time
    // their own way.
    double now() const { return m_text.now(); }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void totalChanged(qint64 total);
    void loadingChanged(bool loading);
    // A page or a refresh failed; the rows on screen stay as they were.
    void loadFailed(const QString &message);
    void refreshed();

protected:
    // The jid's bytes as they are: two jids never fold into one row, whatever bytes they hold,
    // and the key shares the row's buffer.
    QByteArray keyOf(const JobRow &row) const override { return row.jid; }
    bool sameRow(const JobRow &a, const JobRow &b) const override { return a.sameAs(b); }
    bool hasSource() const override { return m_source.isValid(); }
    void readPage(int offset, int count, PageRows rows, PageFailed failed) override;
    void announceTotal(qint64 total) override { emit totalChanged(total); }
    void announceLoading(bool loading) override { emit loadingChanged(loading); }
    void announceLoadFailed(const QString &message) override { emit loadFailed(message); }
    void announceRefreshed() override { emit refreshed(); }

private:
    QlessClient *m_client;
    JobSource m_source;
    JobRowText m_text;
};
