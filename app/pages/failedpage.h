// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "actioncenter.h"
#include "job.h"
#include "masterdetailpage.h"

class FailureClustersDialog;
class FailureGroupModel;
class FailureTimingView;
class QPushButton;
class QPlainTextEdit;
class TableExportButton;

// Failed jobs: every failure group with its count and newest failure, biggest first; a chosen
// group's jobs paged in (jid, first line of the message, queue, worker, when), and the full
// message with its traceback of the job under the cursor, read with that job. With more groups
// than one call lists, the heading says how many are listed of how many.
class FailedPage final : public MasterDetailPage
{
    Q_OBJECT

public:
    explicit FailedPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Failed"); }

    // Selects the group and lists its jobs (also when the group is not listed yet).
    void showGroup(const QString &group) { choose(group); }
    QString currentGroup() const { return chosen(); }

    FailureGroupModel *groupModel() const { return m_groups; }
    QTableView *groupView() const { return listView(); }
    QPushButton *retryAllButton() const { return m_retryAll; }
    QPushButton *moveAllButton() const { return m_moveAll; }
    QPushButton *cancelAllButton() const { return m_cancelAll; }
    QPushButton *clustersButton() const { return m_clusters; }
    FailureTimingView *timingView() const { return m_timing; }
    // Opens the chosen group's failure clusters (a window of their own); null without a group.
    FailureClustersDialog *showClusters();
    TableExportButton *groupsExportButton() const { return m_exportGroups; }
    QPlainTextEdit *messageView() const { return m_message; }

private:
    void showJobsOf(const QString &group) override;
    void updateSummary();
    void openBiggestGroupUnlessChosen();
    void showMessage();
    static QString messageText(const Job &job);
    void updateGroupButtons();
    void actOnGroup(ActionCenter::FailedChoice choice);

    FailureGroupModel *m_groups;
    QPushButton *m_retryAll;
    QPushButton *m_moveAll;
    QPushButton *m_cancelAll;
    QPushButton *m_clusters;
    FailureTimingView *m_timing;
    TableExportButton *m_exportGroups;
    QPlainTextEdit *m_message;
    QString m_messageOf; // the job (and failure) the message pane shows or is reading
};
