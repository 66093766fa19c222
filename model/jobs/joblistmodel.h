// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobrow.h"
#include "jobrowtext.h"
#include "jobsource.h"
#include "keyedtablemodel.h"
#include "listpaging.h"

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
class JobListModel final : public KeyedTableModel<JobRow, QByteArray>
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
    // Paging (page size, total, the view's range, refreshWindow, isFresh): KeyedTableModel's.
    bool isLoading() const { return m_inFlight; }
    QString lastError() const { return m_lastError; }

    // Reads again every loaded row while they are at most MaxRefreshRows; beyond that, the rows
    // around the visible range (RefreshMargin either side, at most MaxRefreshRows; the first
    // MaxRefreshRows when no range is known). With the total, and applies them as
    // a keyed diff over that window: rows beyond it keep what they had (FreshRole false), so
    // the cost of a refresh does not grow with how far the operator scrolled. `done` runs once
    // the reply is in (applied, failed or superseded by a new source), or at once when a load
    // is already under way.
    void refresh(std::function<void()> done = {});
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
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

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

private:
    // `listed`: how many the source listed (jobs gone before their read are not in `jobs`).
    using Rows = std::function<void(const QList<JobRow> &jobs, qint64 total, int listed)>;
    // Reads rows [offset, offset + count) of the current source. Exactly one of `rows` and
    // `failed` runs: `rows` with the page, `failed` when the read failed (loadFailed is emitted)
    // or the source changed meanwhile (nothing applied, nothing emitted).
    void load(int offset, int count, Rows rows, std::function<void()> failed);
    void setInFlight(bool inFlight);
    void setTotal(qint64 total);

    QlessClient *m_client;
    JobSource m_source;
    bool m_inFlight = false;
    quint64 m_generation = 0;
    QString m_lastError;
    JobRowText m_text;
};
