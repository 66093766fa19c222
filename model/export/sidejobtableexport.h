// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "sidejobtypes.h"
#include "sidekiqtypes.h"
#include "tablerowreader.h"

#include <QHash>

#include <functional>
#include <memory>

class SideJobClient;
class SideJobSession;

// Reads one of SideJob's tables whole (export-table's sidejob-jobs, sidejob-queues,
// sidejob-processes) and hands its rows out as BluequeTableExport does for Blueque's: through
// SideJobClient's bounded calls only (jobpage's window of 300 ids, one record, the sidekiq
// overview), one call at a time. It first checks that the server holds SideJob (detect), and for
// a queue named with sidejob-jobs that Sidekiq lists it, so a typo is said, not written as an
// empty file. A job's args come whole: a row whose args the page cut (jobpage.lua keeps 200 bytes)
// is read again whole (jobrecord). Jobs are walked down by id, newest first, so each is written
// once; a job made during the export (an id above where the walk started) is not in the file.
// The overview reads at most 100 queues and 100 processes: a server with more is refused, not
// exported in part.
class SideJobTableExport final : public TableRowReader
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideJobTableExport)

public:
    static constexpr int OverviewCap = 100; // sidekiq.lua's cap on queues and on processes

    // `session` must outlive this.
    SideJobTableExport(SideJobSession *session, const TableExportView &view, QObject *parent = nullptr);

    QStringList header() const override;

private:
    void read() override;
    using Rows = QList<SideJobRow>;

    void readOverview();
    void withOverview(const SidekiqOverview &overview);
    void readJobs(qint64 cursor);
    // Reads the whole args of the rows whose args the page cut, one jobrecord call each, then `then`.
    void completeArgs(const std::shared_ptr<Rows> &rows, int index, std::function<void()> then);

    SideJobSession *m_session;
    SideJobClient *m_client;
    QHash<qint64, QByteArray> m_fullArgs; // id -> whole args, read for cut rows
};
