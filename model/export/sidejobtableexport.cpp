// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobtableexport.h"

#include "sidejobclient.h"
#include "sidejobexportrows.h"
#include "sidejobsession.h"

namespace {
// jobpage.lua cuts args to this many bytes; args this long may have been cut.
constexpr int CutBytes = 200;
} // namespace

SideJobTableExport::SideJobTableExport(SideJobSession *session, const TableExportView &view, QObject *parent)
    : TableRowReader(view, parent)
    , m_session(session)
    , m_client(session ? session->client() : nullptr)
{}

QStringList SideJobTableExport::header() const
{
    return SideJobExportRows::header(view());
}

void SideJobTableExport::read()
{
    m_fullArgs.clear();
    if (!view().isSideJob())
        return finish(false, tr("Not a SideJob view: %1.").arg(TableExportView::nameOf(view().kind)));
    if (!m_client)
        return finish(false, tr("Not connected to a server."));
    // A server without SideJob is said, not exported as an empty table.
    m_client->detect(this, [this](const QlessReply<SideJobPresence> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        if (!reply.value.holdsSideJob())
            return finish(false, tr("The server holds no SideJob deployment (no set jobs and string jobs:last_id)."));
        if (view().kind == TableExportView::Kind::SideJobJobs && view().queue.isEmpty())
            return readJobs(0);
        readOverview();
    });
}

void SideJobTableExport::readOverview()
{
    m_client->sidekiq(this, [this](const QlessReply<SidekiqOverview> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        withOverview(reply.value);
    });
}

void SideJobTableExport::withOverview(const SidekiqOverview &overview)
{
    using Kind = TableExportView::Kind;
    const bool processes = view().kind == Kind::SideJobProcesses;
    const qint64 total = processes ? overview.processTotal : overview.queueTotal;
    const bool whole = total <= OverviewCap;
    QStringList names;
    for (const SidekiqQueue &q : overview.queues)
        names << q.name;
    if (view().kind == Kind::SideJobJobs) {
        if (whole && !names.contains(view().queue))
            return finish(false, tr("No Sidekiq queue \"%1\" in queues (it lists %2).")
                                     .arg(view().queue, namesForMessage(names, 20)));
        return readJobs(0);
    }
    if (!whole)
        return finish(false, tr("The server lists %1 %2; this export reads %3 at most and writes no part of them.")
                                 .arg(total)
                                 .arg(processes ? tr("Sidekiq processes") : tr("Sidekiq queues"))
                                 .arg(OverviewCap));
    QList<QStringList> rows;
    if (processes) {
        for (const SidekiqProcess &p : overview.processes)
            rows << SideJobExportRows::process(p);
    } else {
        for (const SidekiqQueue &q : overview.queues)
            rows << SideJobExportRows::queue(q);
    }
    if (deliver(rows, rows.size()))
        finish(true);
}

void SideJobTableExport::readJobs(qint64 cursor)
{
    SideJobFilter filter;
    filter.status = view().state;
    filter.queue = view().queue;
    filter.klass = view().klass;
    filter.creator = view().creator;
    // Bound: jobpage.lua, IdsPerCall ids a call (see SideJobClient).
    m_client->listJobs(cursor, SideJobClient::RowsPerCall, filter, this,
                       [this, cursor](const QlessReply<SideJobPage> &reply) {
                           if (!isRunning())
                               return;
                           if (!reply.ok())
                               return fail(reply.error.message);
                           const SideJobPage page = reply.value;
                           auto rows = std::make_shared<Rows>(page.rows);
                           completeArgs(rows, 0, [this, rows, page, cursor] {
                               QList<QStringList> cells;
                               for (const SideJobRow &row : std::as_const(*rows))
                                   cells << SideJobExportRows::job(row, m_fullArgs.value(row.id, row.args));
                               m_fullArgs.clear();
                               const bool filtered = !view().state.isEmpty() || !view().queue.isEmpty()
                                                     || !view().klass.isEmpty() || !view().creator.isEmpty();
                               if (!deliver(cells, filtered ? -1 : page.total))
                                   return;
                               // The walk goes down; a next at or above where this call began would loop.
                               if (page.next > 0 && (cursor == 0 || page.next < cursor))
                                   readJobs(page.next);
                               else
                                   finish(true);
                           });
                       });
}

void SideJobTableExport::completeArgs(const std::shared_ptr<Rows> &rows, int index, std::function<void()> then)
{
    int i = index;
    while (i < rows->size() && rows->at(i).args.size() < CutBytes)
        ++i;
    if (i >= rows->size())
        return then();
    const qint64 id = rows->at(i).id;
    m_client->jobRecord(QByteArray::number(id), m_session->now(), this,
                        [this, rows, i, id, then](const QlessReply<SideJobRecord> &reply) {
                            if (!isRunning())
                                return;
                            if (!reply.ok())
                                return fail(reply.error.message);
                            // A job deleted meanwhile keeps the args the page read.
                            const QString layout = reply.value.layout;
                            if (layout == QLatin1String("4.1") || layout == QLatin1String("4.0"))
                                m_fullArgs.insert(id, reply.value.args);
                            completeArgs(rows, i + 1, then);
                        });
}
