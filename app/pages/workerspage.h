// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "masterdetailpage.h"

class QPushButton;
class WorkerListModel;

// Workers: every worker seen lately with its running and stalled jobs (stalled stands out) and
// when it was last seen (sortable); a chosen worker's jobs beside them. Watching prunes no worker;
// the operator may deregister workers (WorkerActions: a selection, or all idle for long).
class WorkersPage final : public MasterDetailPage
{
    Q_OBJECT

public:
    explicit WorkersPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Workers"); }

    void showWorker(const QString &worker) { choose(worker); }
    QString currentWorker() const { return chosen(); }

    WorkerListModel *workerModel() const { return m_workers; }
    QTableView *workerView() const { return listView(); }
    QLabel *summaryLabel() const { return listHeading(); }
    QPushButton *deregisterIdleButton() const { return m_deregisterIdle; }

private:
    void showJobsOf(const QString &worker) override;
    void updateSummary();

    WorkerListModel *m_workers;
    QPushButton *m_deregisterIdle;
};
