#pragma once

#include "job.h"
#include "jobsource.h"
#include "keyedtablemodel.h"

#include <functional>

class QlessClient;

// A list of jobs from one JobSource (a queue's state, a failure group, a tag, a worker), paged in
// from Redis as the view scrolls (canFetchMore/fetchMore: a request in flight, rows inserted on
// its reply) and refreshed as a keyed diff over what is loaded. One model serves every job list;
// views hide the columns that do not apply. Replies for an older source are dropped.
class JobListModel final : public KeyedTableModel<Job>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobListModel)

public:
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
    // The Job value of a row, for detail views and actions.
    static constexpr int JobRole = Qt::UserRole + 2;

    explicit JobListModel(QlessClient *client, QObject *parent = nullptr);

    // Clears the rows and loads the first page of `source`.
    void setSource(const JobSource &source);
    const JobSource &source() const { return m_source; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }
    // The source's total (-1: unknown); rows loaded are rowCount().
    qint64 total() const { return m_total; }
    bool isLoading() const { return m_inFlight; }
    QString lastError() const { return m_lastError; }

    // Reads again what is loaded (at least one page) and applies it as a keyed diff. `done` runs
    // when the reply is in, or at once when a load is already under way.
    void refresh(std::function<void()> done = {});

    // For tests: where "now" comes from (seconds since the epoch).
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

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
    QString keyOf(const Job &job) const override { return QString::fromUtf8(job.jid); }
    bool sameRow(const Job &a, const Job &b) const override;

private:
    using Rows = std::function<void(const QList<Job> &jobs, qint64 total)>;
    // Reads rows [offset, offset + count) of the current source; `rows` runs unless the source
    // changed meanwhile or the read failed (then loadFailed is emitted and `failed` runs).
    void load(int offset, int count, Rows rows, std::function<void()> failed);
    void setInFlight(bool inFlight);
    void setTotal(qint64 total);
    QVariant display(const Job &job, int column) const;
    QVariant sortValue(const Job &job, int column) const;
    QVariant toolTip(const Job &job, int column) const;
    QString ago(double when) const;
    QString timeText(const Job &job) const;
    double timeValue(const Job &job) const;
    double now() const;

    QlessClient *m_client;
    JobSource m_source;
    int m_pageSize = 200;
    qint64 m_total = -1;
    bool m_inFlight = false;
    bool m_exhausted = false;
    quint64 m_generation = 0;
    QString m_lastError;
    std::function<double()> m_clock;
};
