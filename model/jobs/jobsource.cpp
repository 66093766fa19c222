// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsource.h"

#include "qlessclient.h"
#include "qlesstext.h"
#include "refreshjoin.h"

#include <QMap>
#include <QPointer>

#include <memory>

namespace {
qint64 countFor(const QueueCounts &counts, const QString &state)
{
    if (state == QLatin1String("waiting"))
        return counts.waiting;
    if (state == QLatin1String("running"))
        return counts.running;
    if (state == QLatin1String("stalled"))
        return counts.stalled;
    if (state == QLatin1String("scheduled"))
        return counts.scheduled;
    if (state == QLatin1String("depends"))
        return counts.depends;
    if (state == QLatin1String("recurring"))
        return counts.recurring;
    return -1;
}

QList<QByteArray> toBytes(const QStringList &list)
{
    QList<QByteArray> out;
    out.reserve(list.size());
    for (const QString &item : list)
        out.append(QlessText::bytesOf(item)); // a jid read from JSON shows \xHH for bytes that are not UTF-8
    return out;
}
} // namespace

JobSource::Scan JobSource::scanOf(QlessClient *client, const QString &list, const QString &name)
{
    return [client, list, name](const QList<QByteArray> &cursor, QObject *context, ScanDone done) {
        // 500: ZSCAN's COUNT for one call, a few ms at most on a set of a million jobs.
        client->scanReads().scanJobs(list, name, cursor, 500, context, std::move(done));
    };
}

JobSource JobSource::queueState(QlessClient *client, const QString &queue, const QString &state)
{
    JobSource source;
    source.description = QObject::tr("%1 in %2").arg(state, queue);
    source.state = state == QLatin1String("stalled") ? QStringLiteral("running") : state;
    source.scan = scanOf(client, state, queue);
    source.fetch = [client, queue, state](int offset, int count, QObject *context, Done done) {
        // Both calls go out together; whichever answers last delivers the page.
        auto page = std::make_shared<QlessReply<JobPage>>();
        RefreshJoin join(2, [page, done](bool) { done(*page); });
        client->jobReads().jobs(state, queue, offset, count, context,
                                [page, part = join.part()](const QlessReply<QList<QByteArray>> &reply) {
                                    if (!reply.ok())
                                        page->error = reply.error;
                                    page->value.jids = reply.value;
                                    part(reply.ok());
                                });
        client->queueReads().queueCounts(queue, context,
                                         [page, state, part = join.part()](const QlessReply<QueueCounts> &reply) {
                                             if (reply.ok())
                                                 page->value.total = countFor(reply.value, state);
                                             part(reply.ok());
                                         });
    };
    return source;
}

JobSource JobSource::completed(QlessClient *client)
{
    JobSource source;
    source.description = QObject::tr("completed jobs");
    source.state = QStringLiteral("complete");
    source.scan = scanOf(client, QStringLiteral("complete"), QString());
    source.fetch = [client](int offset, int count, QObject *context, Done done) {
        // desk.jobs counts ql:completed (ZCARD) in the same call: the view says "N of M".
        client->jobReads().jobPage(QStringLiteral("complete"), QString(), offset, count, context,
                                   [done](const QlessReply<JidPage> &reply) {
                                       QlessReply<JobPage> page;
                                       page.error = reply.error;
                                       page.value.jids = reply.value.jids;
                                       page.value.total = reply.ok() ? reply.value.total : -1;
                                       done(page);
                                   });
    };
    return source;
}

namespace {
// A walk of desk.completed for one filter: where the pages read so far ended (a page's end
// offset -> the cursor to read on from), so the next page, or a refresh of a window, starts
// from the nearest known point instead of from the newest job.
struct CompletedWalk : std::enable_shared_from_this<CompletedWalk>
{
    QlessClient *client;
    QString queue;
    QString klass;
    QMap<int, QList<QByteArray>> cursorAt{{0, {}}};

    // Reads on from `cursor` (at match `position`) until `count` matches from `offset` on are
    // collected or the list ends; each call asks for no more matches than still wanted, so it
    // stops at the last one and its cursor marks exactly where the page ended.
    void walk(QList<QByteArray> cursor, int position, int offset, int count, QList<QByteArray> jids, QObject *context,
              JobSource::Done done)
    {
        const int skip = qMax(0, offset - position);
        const int wanted = qBound(1, skip + count - int(jids.size()), 1000);
        auto self = shared_from_this();
        client->scanReads().completedMatching(queue, klass, cursor, wanted, context,
                                              [self, position, offset, count, jids, context,
                                               done](const QlessReply<JobScanPage> &reply) mutable {
                                                  if (!reply.ok()) {
                                                      QlessReply<JobPage> page;
                                                      page.error = reply.error;
                                                      done(page);
                                                      return;
                                                  }
                                                  for (const QByteArray &jid : reply.value.jids) {
                                                      if (position >= offset)
                                                          jids.append(jid);
                                                      ++position;
                                                  }
                                                  const bool atEnd = reply.value.atEnd();
                                                  if (!atEnd)
                                                      self->cursorAt.insert(position, reply.value.cursor);
                                                  if (atEnd || jids.size() >= count) {
                                                      QlessReply<JobPage> page;
                                                      page.value.jids = jids;
                                                      page.value.total = atEnd ? position : -1;
                                                      done(page);
                                                      return;
                                                  }
                                                  self->walk(reply.value.cursor, position, offset, count, jids, context,
                                                             done);
                                              });
    }
};
} // namespace

JobSource JobSource::completedMatching(QlessClient *client, const QString &queue, const QString &klass)
{
    auto walk = std::make_shared<CompletedWalk>();
    walk->client = client;
    walk->queue = queue;
    walk->klass = klass;
    JobSource source = completed(client);
    source.description = QObject::tr("completed jobs matching the filter");
    source.scan = {}; // desk.scan reads all of ql:completed: "All N" must not reach past the filter
    source.fetch = [walk](int offset, int count, QObject *context, Done done) {
        // From the last page end at or before `offset` (0: the newest job).
        auto start = walk->cursorAt.upperBound(offset);
        --start;
        walk->walk(start.value(), start.key(), offset, count, {}, context, std::move(done));
    };
    return source;
}

JobSource JobSource::failureGroup(QlessClient *client, const QString &group)
{
    JobSource source;
    source.description = QObject::tr("failure group %1").arg(group);
    source.state = QStringLiteral("failed");
    source.scan = scanOf(client, QStringLiteral("failed"), group);
    source.fetch = [client, group](int offset, int count, QObject *context, Done done) {
        client->failureReads().failedSummaries(group, offset, count, context,
                                               [done](const QlessReply<FailedJobsPage> &reply) {
                                                   QlessReply<JobPage> page;
                                                   page.error = reply.error;
                                                   page.value.jobs = reply.value.jobs;
                                                   page.value.total = reply.value.total;
                                                   done(page);
                                               });
    };
    return source;
}

JobSource JobSource::tag(QlessClient *client, const QString &tag)
{
    JobSource source;
    source.description = QObject::tr("tag %1").arg(tag);
    source.scan = scanOf(client, QStringLiteral("tag"), tag);
    source.fetch = [client, tag](int offset, int count, QObject *context, Done done) {
        client->trackedTagReads().taggedJobs(tag, offset, count, context,
                                             [done](const QlessReply<TaggedJobsPage> &reply) {
                                                 QlessReply<JobPage> page;
                                                 page.error = reply.error;
                                                 page.value.jids = toBytes(reply.value.jids);
                                                 page.value.total = reply.value.total;
                                                 done(page);
                                             });
    };
    return source;
}

JobSource JobSource::worker(QlessClient *client, const QString &worker)
{
    JobSource source;
    source.description = QObject::tr("worker %1").arg(worker);
    source.fetch = [client, worker](int offset, int count, QObject *context, Done done) {
        // Paged on the server: a worker can hold 100k locks, too many for one call.
        client->workerReads().workerJobs(worker, offset, count, context, [done](const QlessReply<WorkerJobs> &reply) {
            QlessReply<JobPage> page;
            page.error = reply.error;
            page.value.jids = toBytes(reply.value.stalled + reply.value.running);
            page.value.total = reply.value.stalledTotal + reply.value.runningTotal;
            done(page);
        });
    };
    return source;
}
