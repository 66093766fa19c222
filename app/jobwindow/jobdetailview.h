// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QByteArray>
#include <QWidget>

#include <functional>
#include <optional>

class HistoryModel;
class JobDetailReader;
class JobFieldsGrid;
class JobHistoryPage;
class JsonDataView;
class QLabel;
class QPlainTextEdit;
class QTabWidget;

// Everything about one job (the get script, a read): its fields, `data` as a JSON tree (raw and
// flagged when not JSON), its history as a timeline in either stored form, the failure with its
// full message, dependencies and dependents as links to their jobs, tags, tracked state, and the
// problems the decoder found in its hash. A jid with no job says so. Links do not navigate by
// themselves: they are reported (openJobRequested, ...) for the window or dialog to follow.
// The job is read and made ready off the GUI thread (JobDetailReader): "Reading…" shows until
// it is, and a job switched away from meanwhile is never shown.
class JobDetailView final : public QWidget
{
    Q_OBJECT

public:
    // Shows what `reader` reads; the view takes it over (a new one, or one without a parent).
    explicit JobDetailView(JobDetailReader *reader, QWidget *parent = nullptr);
    ~JobDetailView() override;

    // Shows `jid` (emptied until its reply is in) and reads it.
    void showJob(const QByteArray &jid);
    QByteArray jid() const { return m_jid; }
    // Reads the shown job again; `done` runs once with ok = false when the read failed.
    void refresh(std::function<void(bool ok)> done = {});
    bool isLoading() const { return m_loading; }
    // The job as last read; nullopt while loading, when there is no such job, or after an error.
    const std::optional<Job> &job() const { return m_job; }

    // Follows a link of this view: job:<jid>, queue:<name>, tag:<tag>, worker:<name>, each name
    // percent-encoded.
    void activateLink(const QString &href);

    // For tests and screenshots.
    QLabel *messageLabel() const { return m_message; }
    QLabel *problemsLabel() const { return m_problems; }
    // Says when and from which worker qless timed the job out; hidden for other jobs.
    QLabel *timedOutLabel() const { return m_timedOut; }
    QLabel *stateLabel() const { return m_state; }
    QLabel *fieldLabel(const QString &field) const;
    JsonDataView *dataView() const { return m_data; }
    HistoryModel *historyModel() const;
    JobHistoryPage *historyPage() const { return m_history; }
    QPlainTextEdit *failureText() const { return m_failureText; }
    QTabWidget *tabs() const { return m_tabs; }

signals:
    void openJobRequested(const QByteArray &jid);
    void openQueueRequested(const QString &queue);
    void openTagRequested(const QString &tag);
    void openWorkerRequested(const QString &worker);
    // A read finished and what it read is on screen: ok = false on a failed read (the message
    // says why).
    void loaded(bool ok);
    // The job shown until now is no longer in Redis (a read found no job where the last found one).
    void vanished(const QByteArray &jid);

private:
    void read(std::function<void(bool ok)> done);
    void showMessage(const QString &html);
    void showNoJob();
    void fill(const Job &job);
    void showProblems(const Job &job);
    void showFailure(const Job &job, double now);

    JobDetailReader *m_reader;
    QByteArray m_jid;
    std::optional<Job> m_job;
    bool m_loading = false;

    QLabel *m_title;
    QLabel *m_state;
    QLabel *m_message;
    QLabel *m_problems;
    QLabel *m_timedOut;
    QWidget *m_body;
    JobFieldsGrid *m_fields;
    QTabWidget *m_tabs;
    JsonDataView *m_data;
    JobHistoryPage *m_history;
    QWidget *m_failurePage;
    QLabel *m_failureHeader;
    QPlainTextEdit *m_failureText;
};
