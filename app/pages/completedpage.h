#pragma once

#include "page.h"

class JobListPane;
class QLabel;
class QLineEdit;

// Completed jobs, newest first (ql:completed: one list for every queue, as qless keeps it), paged
// in as the view scrolls, filtered by the queue each job completed in or its class, with a line
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

    void setFilterText(const QString &text);

    JobListPane *jobPane() const { return m_jobs; }
    QLineEdit *filterField() const { return m_filter; }
    QLabel *retentionLabel() const { return m_retention; }
    QLabel *statusLabel() const { return m_status; }

private:
    void readRetention(std::function<void(bool ok)> done);
    void updateStatus();

    JobListPane *m_jobs;
    QLineEdit *m_filter;
    QLabel *m_retention;
    QLabel *m_status;
};
