// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexport.h"

#include "auditlogforwardreader.h"

#include "auditlog.h"
#include "configmodel.h"
#include "jobpagereader.h"
#include "qlessclient.h"
#include "refreshjoin.h"
#include "tableexportrows.h"
#include "trackedjobsource.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <memory>

TableExport::TableExport(QlessClient *client, const TableExportView &view, QObject *parent)
    : TableRowReader(view, parent)
    , m_client(client)
{}

QStringList TableExport::header() const
{
    return TableExportRows::header(view());
}

void TableExport::read()
{
    m_seen.clear();
    using Kind = TableExportView::Kind;
    if (!m_client && view().kind != Kind::Activity) {
        finish(false, tr("Not connected to a server."));
        return;
    }
    switch (view().kind) {
    case Kind::Queues: readQueues(); break;
    case Kind::Jobs:
        if (view().state == QLatin1String("recurring"))
            readRecurring(0);
        else
            readJobs(JobSource::queueState(m_client, view().queue, view().state), 0);
        break;
    case Kind::Failed:
        if (view().group.isEmpty())
            readFailureGroups();
        else
            readJobs(JobSource::failureGroup(m_client, view().group), 0);
        break;
    case Kind::Completed:
        // Filtered as the Completed page filters: on the server, a bounded walk per page.
        readJobs(view().queue.isEmpty() && view().klass.isEmpty()
                     ? JobSource::completed(m_client)
                     : JobSource::completedMatching(m_client, view().queue, view().klass),
                 0);
        break;
    case Kind::Workers:
        if (view().worker.isEmpty())
            readWorkers();
        else
            readJobs(JobSource::worker(m_client, view().worker), 0);
        break;
    case Kind::Tracked: readJobs(TrackedJobSource::create(m_client), 0); break;
    case Kind::Tags:
        if (view().tag.isEmpty())
            readTags(0);
        else
            readJobs(JobSource::tag(m_client, view().tag), 0);
        break;
    case Kind::Config: readConfig(); break;
    case Kind::Activity: readActivity(); break;
    case Kind::BluequeQueues:
    case Kind::BluequeTasks:
    case Kind::BluequeListeners:
    case Kind::SideJobJobs:
    case Kind::SideJobQueues:
    case Kind::SideJobProcesses:
        // Blueque's and SideJob's tables are read through their own clients (BluequeTableExport,
        // SideJobTableExport).
        finish(false, tr("Not a qless view: %1.").arg(TableExportView::nameOf(view().kind)));
        break;
    }
}

void TableExport::readQueues()
{
    m_client->queueReads().queueCounts(this, [this](const QlessReply<QList<QueueCounts>> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        QList<QStringList> rows;
        for (const QueueCounts &q : reply.value)
            rows << TableExportRows::queue(q);
        if (deliver(rows, rows.size()))
            finish(true);
    });
}

void TableExport::readJobs(const JobSource &source, int offset)
{
    JobPageReader::read(m_client, source, offset, PageSize, this,
                        [this, source, offset](const QlessReply<JobPageReader::Page> &reply) {
                            if (!isRunning())
                                return;
                            if (!reply.ok())
                                return fail(reply.error.message);
                            QList<QStringList> rows;
                            const double now = m_client->now();
                            for (const Job &job : reply.value.jobs) {
                                if (m_seen.contains(job.jid))
                                    continue;
                                m_seen.insert(job.jid);
                                rows << TableExportRows::job(job, now);
                            }
                            const int listed = reply.value.listed;
                            const qint64 total = reply.value.total;
                            if (!deliver(rows, total))
                                return;
                            const int next = offset + listed;
                            // A short page is the end; so is reaching a known total.
                            if (listed < PageSize || listed == 0 || (total >= 0 && next >= total))
                                finish(true);
                            else
                                readJobs(source, next);
                        });
}

void TableExport::readRecurring(int offset)
{
    m_client->jobReads().jobs(
        QStringLiteral("recurring"), view().queue, offset, PageSize, this,
        [this, offset](const QlessReply<QList<QByteArray>> &reply) {
            if (!isRunning())
                return;
            if (!reply.ok())
                return fail(reply.error.message);
            const QList<QByteArray> jids = reply.value;
            if (jids.isEmpty()) {
                finish(true);
                return;
            }
            // The templates are read together; the page is written in the order listed.
            auto templates = std::make_shared<QList<std::optional<RecurringJob>>>(jids.size());
            auto error = std::make_shared<QString>();
            RefreshJoin join(int(jids.size()), [this, templates, error, offset, count = jids.size()](bool) {
                if (!isRunning())
                    return;
                if (!error->isEmpty())
                    return fail(*error);
                QList<QStringList> rows;
                for (const std::optional<RecurringJob> &r : std::as_const(*templates)) {
                    if (r && !m_seen.contains(r->jid)) {
                        m_seen.insert(r->jid);
                        rows << TableExportRows::recurring(*r);
                    }
                }
                if (!deliver(rows, -1))
                    return;
                if (count < PageSize)
                    finish(true);
                else
                    readRecurring(offset + count);
            });
            for (int i = 0; i < jids.size(); ++i) {
                m_client->jobReads().recurringJob(jids.at(i), this,
                                                  [i, templates, error, part = join.part()](
                                                      const QlessReply<std::optional<RecurringJob>> &one) {
                                                      if (!one.ok() && error->isEmpty())
                                                          *error = one.error.message;
                                                      else if (one.ok())
                                                          (*templates)[i] = one.value;
                                                      part(one.ok());
                                                  });
            }
        });
}

void TableExport::readFailureGroups()
{
    // desk.failed lists a bounded number of groups a call: with very many, the list goes on from
    // each reply's cursor until every group is in (a group listed twice is kept once).
    auto all = std::make_shared<QList<FailureGroup>>();
    auto names = std::make_shared<QSet<QString>>();
    auto chunk = std::make_shared<std::function<void(const QByteArray &)>>();
    *chunk = [this, all, names, chunk](const QByteArray &cursor) {
        m_client->failureReads().failureGroupList(cursor, this,
                                                  [this, all, names, chunk](const QlessReply<FailureGroupList> &reply) {
                                                      if (!isRunning() || !reply.ok()) {
                                                          *chunk = nullptr; // the function held itself; let it go
                                                          if (isRunning())
                                                              fail(reply.error.message);
                                                          return;
                                                      }
                                                      for (const FailureGroup &group : reply.value.groups) {
                                                          if (!names->contains(group.name)) {
                                                              names->insert(group.name);
                                                              all->append(group);
                                                          }
                                                      }
                                                      if (!reply.value.cursor.isEmpty()) {
                                                          (*chunk)(reply.value.cursor);
                                                          return;
                                                      }
                                                      *chunk = nullptr;
                                                      writeFailureGroups(*all);
                                                  });
    };
    (*chunk)(QByteArray());
}

void TableExport::writeFailureGroups(const QList<FailureGroup> &groups)
{
    if (groups.isEmpty()) {
        finish(true);
        return;
    }
    // Each group's newest failure, one group after the other (one small call each): progress
    // moves as they come, and a server with thousands of groups is not flooded.
    auto next = std::make_shared<std::function<void(int)>>();
    *next = [this, groups, next](int i) {
        m_client->failureReads().failedJobs(
            groups.at(i).name, 0, 1, this, [this, groups, next, i](const QlessReply<FailedJobsPage> &page) {
                if (!isRunning()) {
                    *next = nullptr; // the function held itself; let it go
                    return;
                }
                // A group emptied meanwhile still gets its row, without a newest failure.
                const Job *newest = page.ok() && !page.value.jobs.isEmpty() ? &page.value.jobs.first() : nullptr;
                if (!deliver({TableExportRows::failureGroup(groups.at(i), newest)}, groups.size())) {
                    *next = nullptr;
                    return;
                }
                if (i + 1 < groups.size())
                    (*next)(i + 1);
                else
                    finish(true);
                if (!isRunning())
                    *next = nullptr;
            });
    };
    (*next)(0);
}

void TableExport::readWorkers()
{
    m_client->workerReads().workers(this, [this](const QlessReply<QList<WorkerSummary>> &reply) {
        if (!isRunning())
            return;
        if (!reply.ok())
            return fail(reply.error.message);
        QList<QStringList> rows;
        for (const WorkerSummary &w : reply.value)
            rows << TableExportRows::worker(w);
        if (deliver(rows, rows.size()))
            finish(true);
    });
}

void TableExport::readTags(int offset)
{
    m_client->trackedTagReads().topTags(offset, PageSize, this,
                                        [this, offset](const QlessReply<QList<TagCount>> &reply) {
                                            if (!isRunning())
                                                return;
                                            if (!reply.ok())
                                                return fail(reply.error.message);
                                            QList<QStringList> rows;
                                            for (const TagCount &t : reply.value)
                                                rows << TableExportRows::tag(t);
                                            if (!deliver(rows, -1))
                                                return;
                                            if (reply.value.size() < PageSize)
                                                finish(true);
                                            else
                                                readTags(offset + int(reply.value.size()));
                                        });
}

void TableExport::readConfig()
{
    // The Config page's own model: the same options, defaults and per-queue rows as the window.
    auto *model = new ConfigModel(m_client, this);
    model->refresh([this, model] {
        model->deleteLater();
        if (!isRunning())
            return;
        if (!model->lastError().isEmpty())
            return fail(model->lastError());
        QList<QStringList> rows;
        for (int r = 0; r < model->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < ConfigModel::ColumnCount; ++c)
                cells << model->data(model->index(r, c), Qt::DisplayRole).toString();
            rows << cells;
        }
        if (deliver(rows, rows.size()))
            finish(true);
    });
}

void TableExport::readActivity()
{
    const AuditLog log = view().auditLogPath.isEmpty() ? AuditLog() : AuditLog(view().auditLogPath);
    // The page takes an unreadable file for an empty log (it says so); an export says why.
    const QFileInfo file(log.filePath());
    auto reader = std::make_shared<AuditLogForwardReader>(log.filePath());
    if ((file.exists() && (!file.isFile() || !file.isReadable())) || !reader->open()) {
        QMetaObject::invokeMethod(
            this,
            [this, path = log.filePath()] {
                finish(false, tr("Cannot read the activity log %1.").arg(QDir::toNativeSeparators(path)));
            },
            Qt::QueuedConnection);
        return;
    }
    // From the event loop, as every other view's rows are, and a piece at a time.
    QMetaObject::invokeMethod(
        this, [this, reader] { readActivityPiece(reader); }, Qt::QueuedConnection);
}

// Oldest first, as a log reads. A piece is small enough to decode between two frames of the
// window that asked for the export, so a log of a million records never stalls it; the rows go to
// the file as they come, so memory stays that of one piece.
void TableExport::readActivityPiece(const std::shared_ptr<AuditLogForwardReader> &reader)
{
    if (!isRunning())
        return;
    constexpr qint64 PieceBytes = 128 * 1024;
    QList<QStringList> rows;
    for (const QByteArray &line : reader->next(PieceBytes)) {
        AuditRecord record;
        if (AuditLog::fromJsonLine(line.trimmed(), &record)) // a damaged line is left out, as on the page
            rows << TableExportRows::audit(record);
    }
    if (!deliver(rows, reader->atEnd() ? rowCount() + rows.size() : -1))
        return;
    if (reader->atEnd())
        finish(true);
    else
        QMetaObject::invokeMethod(
            this, [this, reader] { readActivityPiece(reader); }, Qt::QueuedConnection);
}
