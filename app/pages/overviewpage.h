// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"
#include "trackedjobs.h"

class FailureGroupModel;
class QLabel;
class QPushButton;
class TableExportButton;
class QSortFilterProxyModel;
class QTableView;
class QueueListModel;
class WorkerListModel;

// The first page: every queue with its counts per state, the totals, and what needs attention
// (stalled jobs and failures stand out): failure groups with their counts, tracked jobs by state,
// the workers. Double-clicking a queue opens it on the Queues page, a failure group on Failed.
// A queue's context menu pauses or unpauses it (or a selection, or all), sets its max
// concurrency and forgets it when it holds nothing (QueueActions). Under the workers summary,
// "Deregister idle…" and "Export CSV…" as on the Workers page (WorkerActions, TableExportButton).
class OverviewPage final : public Page
{
    Q_OBJECT

public:
    explicit OverviewPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Overview"); }
    void refresh(std::function<void(bool ok)> done) override;

    QueueListModel *queueModel() const { return m_queues; }
    QTableView *queueView() const { return m_queueView; }
    QLabel *summaryLabel() const { return m_summary; }
    FailureGroupModel *failureModel() const { return m_failures; }
    QTableView *failureView() const { return m_failureView; }
    WorkerListModel *workerModel() const { return m_workers; }
    QLabel *trackedLabel() const { return m_tracked; }
    QLabel *workersLabel() const { return m_workersLabel; }
    QPushButton *deregisterIdleButton() const { return m_deregisterIdle; }
    TableExportButton *workersExportButton() const { return m_exportWorkers; }

private:
    void updateSummary();
    void updateWorkers();
    void showTracked(const TrackedStates &tracked);

    QueueListModel *m_queues;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_queueView;
    QLabel *m_summary;
    FailureGroupModel *m_failures;
    QSortFilterProxyModel *m_sortedFailures;
    QTableView *m_failureView;
    WorkerListModel *m_workers;
    QLabel *m_tracked;
    // The last counts shown, drawn again in the new colours when the palette changes.
    TrackedStates m_trackedStates;
    QLabel *m_workersLabel;
    QPushButton *m_deregisterIdle;
    TableExportButton *m_exportWorkers;
};
