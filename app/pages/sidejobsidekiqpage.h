// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class QLabel;
class QSortFilterProxyModel;
class QTabBar;
class QTableView;
class SideJobSession;
class SidekiqMonitor;
class TableExportButton;

// The Sidekiq side SideJob runs on (docs/SIDEJOB.md, "Sidekiq's keys"): totals, queues with their
// lengths and how long the next item waited, processes with their last beat and busy threads (a
// killed one shown as gone), and the schedule, with retry and dead as tabs when they hold
// anything. Listed only while the server holds SideJob.
class SideJobSidekiqPage final : public Page
{
    Q_OBJECT

public:
    explicit SideJobSidekiqPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Sidekiq"); }
    bool isAvailable() const override;
    void refresh(std::function<void(bool ok)> done) override;
    // "schedule", "retry" or "dead".
    void showSortedSet(const QString &set);

    // For tests and screenshots.
    SidekiqMonitor *monitor() const { return m_monitor; }
    QTableView *queueView() const { return m_queueView; }
    QTableView *processView() const { return m_processView; }
    QTableView *itemView() const { return m_itemView; }
    QTabBar *setTabs() const { return m_setTabs; }
    QLabel *statusLabel() const { return m_status; }
    TableExportButton *queueExportButton() const { return m_exportQueues; }
    TableExportButton *processExportButton() const { return m_exportProcesses; }

private:
    void updateTabs();

    SideJobSession *m_sidejob;
    SidekiqMonitor *m_monitor;
    QTableView *m_queueView;
    QTableView *m_processView;
    QTabBar *m_setTabs;
    QTableView *m_itemView;
    QLabel *m_status;
    TableExportButton *m_exportQueues;
    TableExportButton *m_exportProcesses;
};
