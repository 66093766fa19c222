// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class JobListPane;
class JobSearch;
class JobSearchForm;
class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;
class QToolButton;

// Search across every job of the server (issue #16): by jid prefix, tag, class, queue, worker,
// state, failure group, failure message and text inside the data (plain text, or a regular
// expression applied by the console). The search runs on the server in short bounded calls
// (JobSearch, desk.search); matches stream into the list as they are found, with progress and
// Cancel. "All N matches" acts on exactly the jobs found (retry, move, priority, tags, cancel)
// through ActionCenter and a bulk run, with its confirmation, audit and exact summary; the list's
// context menu acts on the selected rows, Enter opens a job.
class SearchPage final : public Page
{
    Q_OBJECT

public:
    explicit SearchPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Search"); }
    void refresh(std::function<void(bool ok)> done) override;

    JobSearchForm *form() const { return m_form; }
    JobSearch *search() const { return m_search; }
    JobListPane *jobPane() const { return m_jobs; }
    QPushButton *searchButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *continueButton() const { return m_resume; }
    QToolButton *allMatchesButton() const { return m_all; }
    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }

    // Starts a search with what the form says, or says what is wrong with it.
    void startSearch();

private:
    void searchEnded(bool ok, const QString &error);
    void updateStatus();
    void showAllMatchesMenu();
    // Streams matches into the list: the model reads the rows it shows again, with the new total.
    void refreshSoon();

    JobSearchForm *m_form;
    JobSearch *m_search;
    JobListPane *m_jobs;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QPushButton *m_resume;
    QToolButton *m_all;
    QProgressBar *m_progress;
    QLabel *m_status;
    QTimer *m_streamTimer;
};
