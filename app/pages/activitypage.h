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

    AuditLogModel *auditModel() const { return m_model; }
    QTableView *view() const { return m_view; }
    TableExportButton *exportButton() const { return m_export; }
    // Damaged lines marked, an unreadable file, or an empty log.
    QLabel *noteLabel() const { return m_note; }
    QLabel *pathLabel() const { return m_path; }
    // The last export's result, or a write the log could not record.
    QLabel *statusLabel() const { return m_status; }

private:
    void showStatus(bool ok, const QString &message);
    void updateNote();

    const AuditLog *m_log = nullptr;
    AuditLogModel *m_model = nullptr;
    QIdentityProxyModel *m_marks;
    QTableView *m_view;
    TableExportButton *m_export;
    QLabel *m_note;
    QLabel *m_path;
    QLabel *m_status;
};
