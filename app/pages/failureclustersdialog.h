// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "actioncenter.h"

#include <QDialog>

class FailureClusterModel;
class FailureClusterScan;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QlessSession;

// "Clusters…" of a failure group: its failures read whole (FailureClusterScan) and gathered by
// what actually went wrong, biggest first, with a progress bar and Cancel while it reads. The
// selected clusters' jobs can be retried, moved or cancelled through the ActionCenter (confirmed,
// audited, refused on a read-only connection), once the read is complete.
class FailureClustersDialog final : public QDialog
{
    Q_OBJECT

public:
    FailureClustersDialog(QlessSession *session, const QString &group, QWidget *parent = nullptr);

    // Reads the group again from the start.
    void rescan();

    FailureClusterScan *scan() const { return m_scan; }
    FailureClusterModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QPushButton *retryButton() const { return m_retry; }
    QPushButton *moveButton() const { return m_move; }
    QPushButton *cancelJobsButton() const { return m_cancelJobs; }
    QLabel *statusLabel() const { return m_status; }
    // The jids of the selected clusters, biggest cluster first.
    QList<QByteArray> selectedJids() const;

signals:
    void openJobRequested(const QByteArray &jid);

private:
    void showProgress();
    void onFinished(bool ok, const QString &error);
    void showExample();
    void updateButtons();
    void act(ActionCenter::FailedChoice choice);

    QlessSession *m_session;
    QString m_group;
    FailureClusterScan *m_scan;
    FailureClusterModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_stop;
    QPlainTextEdit *m_example;
    QLabel *m_exampleJob;
    QPushButton *m_retry;
    QPushButton *m_move;
    QPushButton *m_cancelJobs;
};
