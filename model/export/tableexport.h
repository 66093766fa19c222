// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuregroup.h"
#include "jobsource.h"
#include "tablerowreader.h"

#include <QList>
#include <QSet>
#include <QStringList>

#include <memory>

class AuditLogForwardReader;
class QlessClient;

// Reads a whole table of the console, page by page, and hands its rows out as text cells (see
// TableExportRows): the one piece behind `qlessdesk export-table` and the window's "Export CSV…".
// It reads through QlessClient and returns at once; rows, progress and the end arrive as
// signals on this object's thread, so the GUI thread never waits. Lists are paged (PageSize jids
// per call, jobs read by multiGet), never read in one unbounded call; what qless only answers in
// one reply (queues, workers, failure groups, tracked jobs, config) is one call. A job that moves
// between pages is written once (rows are keyed by jid); one that moved ahead of the pages read may
// be missed, as in any list read while it changes.
class TableExport final : public TableRowReader
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TableExport)

public:
    static constexpr int PageSize = 500;

    // `client` (may be null for the Activity view, which reads a local file) must outlive this.
    TableExport(QlessClient *client, const TableExportView &view, QObject *parent = nullptr);

    const TableExportView &view() const override { return m_view; }
    QStringList header() const override;
    // Starts reading; finished() follows, once. A view with a problem() finishes with it at once.
    void start() override;
    // Stops reading: no more rows; finished(false, ...) is emitted now.
    void cancel() override;
    bool isRunning() const override { return m_running; }
    qint64 rowCount() const { return m_rows; }

private:
    void readQueues();
    void readJobs(const JobSource &source, int offset);
    void readRecurring(int offset);
    void readFailureGroups();
    void writeFailureGroups(const QList<FailureGroup> &groups);
    void readWorkers();
    void readTags(int offset);
    void readConfig();
    void readActivity();
    void readActivityPiece(const std::shared_ptr<AuditLogForwardReader> &reader);

    // Hands out rows and progress; false when the export has ended meanwhile.
    bool deliver(const QList<QStringList> &rows, qint64 total);
    void finish(bool ok, const QString &error = QString());
    // A failed reply ends the export with what went wrong.
    void fail(const QString &what, const QString &message);

    QlessClient *m_client;
    TableExportView m_view;
    bool m_running = false;
    qint64 m_rows = 0;
    QSet<QByteArray> m_seen; // jids written, so a job moving between pages is not written twice
};
