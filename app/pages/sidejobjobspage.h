// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

#include <QByteArray>
#include <QList>

class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;
class QUrl;
class SideJobJobModel;
class SideJobPortPager;
class SideJobActions;
class SideJobSession;
class TableExportButton;

// SideJob's jobs on this server (docs/SIDEJOB.md), in either layout: newest first, filtered by
// status, queue, class and creator, paged in as the operator scrolls; the selected job's whole
// record, whose parent, children and creator are links (Back returns), and whose ports open the
// values waiting in them, a page at a time. Listed only while the server holds SideJob
// (isAvailable). Export CSV writes every job that passes the filter (SideJobTableExport). The
// chosen rows' actions (SideJobActions: run, terminate, delete a terminated tree, write an input)
// are in the rows' context menu and the Actions button.
class SideJobJobsPage final : public Page
{
    Q_OBJECT

public:
    explicit SideJobJobsPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("SideJob"); }
    QString navigationText() const override;
    bool isAvailable() const override;
    void refresh(std::function<void(bool ok)> done) override;

    // Shows a job's record (and remembers the one shown before, for Back).
    void showJob(const QByteArray &id);
    void back();
    void setFilter(const QString &status, const QString &queue, const QString &klass, const QString &creator);

    // For tests and screenshots.
    SideJobSession *sideJobSession() const { return m_sidejob; }
    SideJobJobModel *jobModel() const { return m_jobs; }
    SideJobPortPager *portPager() const { return m_ports; }
    QTableView *jobView() const { return m_jobView; }
    QTextBrowser *recordView() const { return m_record; }
    QPlainTextEdit *portView() const { return m_portText; }
    QLabel *statusLabel() const { return m_status; }
    TableExportButton *exportButton() const { return m_export; }
    QByteArray shownJob() const { return m_shownJob; }
    SideJobActions *actions() const { return m_actions; }
    // What the selected rows offer (the context menu and the Actions button show the same).
    bool fillJobMenu(QMenu *menu);

private:
    void applyFilter();
    void fitColumns();
    void followLink(const QUrl &link);
    void readRecord();
    void updateStatus();
    void updatePortButtons();

    SideJobSession *m_sidejob;
    SideJobJobModel *m_jobs;
    SideJobPortPager *m_ports;
    SideJobActions *m_actions;
    QComboBox *m_statusFilter;
    QLineEdit *m_queueFilter;
    QLineEdit *m_classFilter;
    QLineEdit *m_creatorFilter;
    QTableView *m_jobView;
    QPushButton *m_back;
    QTextBrowser *m_record;
    QPlainTextEdit *m_portText;
    QPushButton *m_previousValues;
    QPushButton *m_nextValues;
    QLabel *m_status;
    TableExportButton *m_export;
    QByteArray m_shownJob;
    QByteArray m_childCursor = "0"; // which window of the shown job's children
    QList<QByteArray> m_history;
};
