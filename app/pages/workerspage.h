#pragma once

#include "page.h"

class JobListPane;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class WorkerListModel;

// Workers: every worker seen lately with its running and stalled jobs (stalled stands out) and
// when it was last seen (sortable); a chosen worker's jobs beside them. Watching prunes no worker;
// the operator may deregister workers (WorkerActions: a selection, or all idle for long).
class WorkersPage final : public Page
{
    Q_OBJECT

public:
    explicit WorkersPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Workers"); }
    void refresh(std::function<void(bool ok)> done) override;

    void showWorker(const QString &worker);
    QString currentWorker() const { return m_worker; }

    WorkerListModel *workerModel() const { return m_workers; }
    QTableView *workerView() const { return m_workerView; }
    JobListPane *jobPane() const { return m_jobs; }
    QLabel *summaryLabel() const { return m_summary; }
    QPushButton *deregisterIdleButton() const { return m_deregisterIdle; }

private:
    void selectWorkerRow();
    // The chosen worker left the list: the job pane says so and lists nothing.
    void leaveWorker();
    void updateSummary();

    WorkerListModel *m_workers;
    QSortFilterProxyModel *m_sortedWorkers;
    QTableView *m_workerView;
    QLabel *m_summary;
    JobListPane *m_jobs;
    QPushButton *m_deregisterIdle;
    QString m_worker;
    bool m_workersRemoving = false;
};
