// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class AuditLog;
class AuditLogModel;
class QIdentityProxyModel;
class QLabel;
class QTableView;
class TableExportButton;

// Every write made from this console, newest first, from the audit log file: when (local time),
// which server, what, with which arguments, how many jobs, and how it ended (failed, partial and
// cancelled stand out). Reads what was appended when the session records a write and on refresh,
// off the GUI thread (AuditLogModel); marks damaged lines and says when the file cannot be read;
// exports the whole log as CSV; shows where the file is. Reads only the local file: nothing of it
// comes from Redis.
class ActivityPage final : public Page
{
    Q_OBJECT

public:
    explicit ActivityPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Activity"); }
    // Reads the file again. `done` gets ok = false: nothing was read from the server, so the window
    // must not take this as fresh server data (that would clear a stale-connection warning).
    void refresh(std::function<void(bool ok)> done) override;

    // Reads what was appended to the session's log (after a write), or the log the session was
    // given instead. Returns at once: the rows follow.
    void reload();
    // Writes the whole log to `path` as CSV (TableExportButton: with progress and Cancel, the
    // rows as `export-table --view activity` writes them) and says on the page how that went.
    // False when it could not start; else the status follows when it is done.
    bool exportCsv(const QString &path);
    // Selects the row bulk run `run` wrote at timeMs (its start or its end: a History mark's time),
    // or else the newest row of that run, and scrolls to it. Rows are decoded as the walk reaches
    // them (a block at a time, off this thread), from the newest down to the first row older than
    // timeMs: the log is newest first. runLookupFinished says how it ended.
    void selectRun(const QString &run, qint64 timeMs);

    AuditLogModel *auditModel() const { return m_model; }
    QTableView *view() const { return m_view; }
    TableExportButton *exportButton() const { return m_export; }
    // Damaged lines marked, an unreadable file, or an empty log.
    QLabel *noteLabel() const { return m_note; }
    QLabel *pathLabel() const { return m_path; }
    // The last export's result, or a write the log could not record.
    QLabel *statusLabel() const { return m_status; }

signals:
    void runLookupFinished(bool found);

private:
    void showStatus(bool ok, const QString &message);
    void updateNote();
    // One step of selectRun's walk: as far as the rows decoded go.
    void findWantedRun();
    void endRunLookup(int row);

    const AuditLog *m_log = nullptr;
    AuditLogModel *m_model = nullptr;
    QIdentityProxyModel *m_marks;
    QTableView *m_view;
    TableExportButton *m_export;
    QLabel *m_note;
    QLabel *m_path;
    QLabel *m_status;
    QString m_wantedRun; // selectRun's, while its walk goes on
    qint64 m_wantedRunMs = 0;
    int m_runRow = 0;        // the next row the walk looks at
    int m_runCandidate = -1; // a row of the run at another time
};
