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

    QStringList header() const override;

private:
    void read() override;
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

    QlessClient *m_client;
    QSet<QByteArray> m_seen; // jids written, so a job moving between pages is not written twice
};
