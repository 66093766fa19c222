// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"
#include "queuepicker.h"

#include <QList>

class JobFilterProxyModel;
class QAbstractItemModel;
class JobListModel;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableView;
class QueueListModel;
class RecurringListModel;
class RecurringPane;
class TableExportButton;
class TimedOutFilter;

// One queue at a time: a picker of every queue with its counts, and a tab per state (waiting in
// pop order, running, stalled, scheduled with due times, depends with what each waits on,
// recurring templates), each titled with its count. Lists page in as the operator scrolls, sort
// by any column and filter by jid, class and tags. A refresh reads the counts and the tab on
// screen only. Double-click or Enter on a job opens it (openJobRequested).
class QueuesPage final : public Page
{
    Q_OBJECT

public:
    enum Tab { WaitingTab, RunningTab, StalledTab, ScheduledTab, DependsTab, RecurringTab, TabCount };

    explicit QueuesPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Queues"); }
    void refresh(std::function<void(bool ok)> done) override;

    // Shows `name` (the window calls this when the Overview opens a queue), even before the
    // queue list has arrived or when the queue is empty and so not listed.
    void showQueue(const QString &name);
    QString currentQueue() const { return m_queue; }
    void showTab(Tab tab);
    Tab currentTab() const;

    // For tests and screenshots.
    QueueListModel *queueModel() const { return m_queues; }
    QTableView *queueView() const { return m_queueView; }
    JobListModel *jobModel(Tab tab) const { return m_tabs.at(tab).jobs; }
    RecurringListModel *recurringModel() const { return m_recurring; }
    JobFilterProxyModel *proxy(Tab tab) const { return m_tabs.at(tab).proxy; }
    QTableView *tableView(Tab tab) const { return m_tabs.at(tab).view; }
    QTabWidget *tabWidget() const { return m_tabWidget; }
    QLineEdit *filterField() const { return m_filter; }
    // Waiting tab only: the jobs qless timed out, nothing else.
    QCheckBox *timedOutOnlyBox() const { return m_timedOutOnly; }
    QLabel *statusLabel() const { return m_status; }
    // The queue's name, "paused", and qless's length of it.
    QLabel *headingLabel() const { return m_heading; }
    // "Export CSV…" of the queue list, and of the tab on screen (the whole list, not the filter's rows).
    TableExportButton *queuesExportButton() const { return m_exportQueues; }
    TableExportButton *jobsExportButton() const { return m_exportJobs; }

private:
    struct TabParts
    {
        QString state;
        JobListModel *jobs = nullptr; // null on the recurring tab
        JobFilterProxyModel *proxy = nullptr;
        QTableView *view = nullptr;
        QString loadedQueue; // the queue its rows belong to ("" before its first load)
    };

    void addJobTab(Tab tab, const QString &state);
    void addRecurringTab();
    // The view shows `shown`: parts.proxy, or a proxy over it.
    void setUpView(TabParts &parts, QAbstractItemModel *shown);
    void loadCurrentTab();
    void updateHeading();
    void updateTabTitles();
    void updateStatus();
    qint64 countOf(Tab tab) const;

    QueueListModel *m_queues;
    QueuePicker *m_queueView;
    RecurringPane *m_recurringPane;
    RecurringListModel *m_recurring; // m_recurringPane's
    QLabel *m_heading;
    QLineEdit *m_filter;
    QCheckBox *m_timedOutOnly;
    TimedOutFilter *m_timedOutFilter;
    TableExportButton *m_exportQueues;
    TableExportButton *m_exportJobs;
    QTabWidget *m_tabWidget;
    QLabel *m_status;
    QList<TabParts> m_tabs;
    QString m_queue;
};
