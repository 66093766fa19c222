// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class JobListPane;
class QLabel;
class QLineEdit;

// Completed jobs, newest first (ql:completed: one list for every queue, as qless keeps it), paged
// in as the view scrolls, "N of M" with ql:completed's count; filtered on the server by the queue
// each job completed in and a part of its class (desk.completed: millions of jobs are looked at
// in bounded calls, not only the rows loaded), with a line
// saying how long qless keeps them (jobs-history, jobs-history-count). Enter or a double-click
// opens the job; the context menu offers what qless does to a complete job (run again in a
// queue, track, tags, a note); "Export CSV…" writes the whole list.
class CompletedPage final : public Page
{
    Q_OBJECT

public:
    explicit CompletedPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Completed"); }
    void refresh(std::function<void(bool ok)> done) override;

    // The queue a job completed in (its whole name) and a part of its class; empty: any.
    void setFilter(const QString &queue, const QString &klass);

    JobListPane *jobPane() const { return m_jobs; }
    QLineEdit *queueField() const { return m_queue; }
    QLineEdit *classField() const { return m_klass; }
    QLabel *retentionLabel() const { return m_retention; }
    QLabel *statusLabel() const { return m_status; }

private:
    void readRetention(std::function<void(bool ok)> done);
    void applyFilter();
    void updateStatus();
    bool isFiltering() const { return !m_filterQueue.isEmpty() || !m_filterKlass.isEmpty(); }

    JobListPane *m_jobs;
    QLineEdit *m_queue;
    QLineEdit *m_klass;
    QString m_filterQueue; // what the list shows now (the fields may be mid-edit)
    QString m_filterKlass;
    QLabel *m_retention;
    QLabel *m_status;
};
