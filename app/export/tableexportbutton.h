// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tableexportview.h"

#include <QPointer>
#include <QProgressDialog>
#include <QToolButton>

#include <functional>
#include <optional>

class BluequeSession;
class QlessSession;
class SideJobSession;
class TableCsvExport;

// "Export CSV…" for one table of a page: asks where to save, then writes every row of the list
// (TableExport reads it page by page from the server, not what the table happens to have loaded)
// with a progress dialog and Cancel. Nothing blocks the GUI thread: the rows arrive as replies.
// The page says what the table is through `viewOf` (nullopt: nothing to export now, e.g. no group
// chosen; the button is then disabled until updateEnabled() finds one). Blueque's views
// (TableExportView::isBlueque) are read through a BluequeSession of the button's own over the
// session's connection (BluequeTableExport), as `export-table` reads them; SideJob's through the
// session's SideJobSession (SideJobTableExport).
class TableExportButton final : public QToolButton
{
    Q_OBJECT

public:
    using ViewOf = std::function<std::optional<TableExportView>()>;

    // `session` (the server the rows are read from) may be null for the Activity view (a local file).
    TableExportButton(QlessSession *session, ViewOf viewOf, QWidget *parent = nullptr);

    // What the button would export now (nullopt: nothing); the same view `export-table` takes.
    std::optional<TableExportView> view() const { return m_viewOf(); }
    // Re-reads whether there is something to export (call when the page's selection changes).
    void updateEnabled();
    // Writes the table to `path` without asking (the file dialog's choice; tests). False when
    // there is nothing to export or the file cannot be opened; else finished() follows.
    bool exportTo(const QString &path);
    bool isExporting() const { return !m_export.isNull(); }
    void cancel();
    QProgressDialog *progressDialog() const { return m_progress; }
    // How the last export ended, for people: "Saved 1,203 rows to …" or why not.
    QString lastResult() const { return m_lastResult; }

signals:
    void finished(bool ok, const QString &message);

private:
    void chooseFile();
    void onProgress(qint64 rows, qint64 total);
    void onFinished(bool ok, const QString &message);

    QlessSession *m_session;
    BluequeSession *m_blueque = nullptr; // made at the first export of a Blueque view
    ViewOf m_viewOf;
    QPointer<TableCsvExport> m_export;
    QPointer<QProgressDialog> m_progress;
    QString m_lastResult;
    bool m_cancelled = false; // the operator's Cancel: no error box for it
};
