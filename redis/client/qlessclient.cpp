// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"
#include "qlessdecoderfields.h"

#include <QHash>
#include <QSet>

#include <memory>

using namespace QlessClientCalls;

namespace {
bool pageError(RedisError *error)
{
    *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected reply: expected a page of jids"));
    return false;
}

// desk.jobs replies an array: the state's total, then the page's jids (lua/qless.lua), the jids
// as the bytes Redis holds.
JidPage pageJids(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray() || reply.elements.isEmpty() || reply.elements.constFirst().type != RedisReply::Type::Integer)
        return pageError(error), JidPage();
    JidPage page;
    page.total = reply.elements.constFirst().integer;
    RedisReply jids = reply;
    jids.elements.removeFirst();
    page.jids = QlessDecoder::jids(jids, error);
    return page;
}

// config.get <option> replies the value as stored, or a default, which Redis hands over as an
// integer when the script had it as a number; configValue() promises text.
std::optional<QString> configText(const RedisReply &reply, RedisError *error)
{
    if (reply.type == RedisReply::Type::Integer)
        return QString::number(reply.integer);
    return QlessDecoder::configValue(reply, error);
}

// One reply of desk.states (lua/lib/94-face-job.lua): a Job with its jid, state and lock expiry,
// timed out as the whole job's reading says (stalled, no lock); a key that is not a hash is
// marked as the whole job's reading marks it.
Job jobState(const QJsonValue &value, bool escaped)
{
    using namespace QlessDecoderFields;
    Job job;
    job.escapedBytes = escaped;
    const QJsonObject o = value.toObject();
    FieldProblems *p = &job.problems;
    job.jid = stringField(o, QStringLiteral("jid"), p, true).toUtf8();
    const QJsonObject unreadable = o.value(QLatin1String("unreadable")).toObject();
    if (unreadable.contains(QLatin1String("job"))) {
        job.problems.insert(QStringLiteral("job"),
                            {FieldProblem::Kind::Invalid, compact(unreadable.value(QLatin1String("job")))});
        return job;
    }
    job.state = stringField(o, QStringLiteral("state"), p, true);
    job.expires = numberField(o, QStringLiteral("expires"), p, false);
    job.timedOut = job.state == QLatin1String("stalled") && job.expires <= 0;
    return job;
}
} // namespace

QlessClient::QlessClient(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{}

double QlessClient::now() const
{
    return m_clock ? m_clock() : m_connection->serverNow();
}

QByteArray QlessClient::nowText() const
{
    return seconds(now());
}

RedisCommand QlessClient::unified(bool writes, const QByteArray &command, const QList<QByteArray> &args) const
{
    QList<QByteArray> all{command, nowText()};
    all += args;
    return writes ? RedisCommand::writeScript(QlessClientCalls::unifiedScript, {}, all)
                  : RedisCommand::readScript(QlessClientCalls::unifiedScript, {}, all);
}

// Reads ---------------------------------------------------------------------------------------

void QlessClient::queuePage(qint64 offset, int count, QObject *context, Done<QueuePage> done)
{
    read<QueuePage>("desk.queuepage", {QByteArray::number(offset), QByteArray::number(count)}, context,
                    &QlessDecoder::queuePage, std::move(done));
}

// Every queue in pages of QueuePageSize (desk.queuepage), not one desk.queues call: no call may
// hold Redis for long, and counting a thousand queues at once does. The pages
// go one after another, each sent when the one before is in. Sent together they would cost no
// round trip each, but Redis runs every command of one read from a client before it turns to
// the next client: twenty pipelined pages held everyone else up as long as one call for all.
void QlessClient::queueCounts(QObject *context, Done<QList<QueueCounts>> done)
{
    struct Walk
    {
        QList<QueueCounts> rows;
        QHash<QString, qsizetype> indexOf;
    };
    auto walk = std::make_shared<Walk>();
    auto step = std::make_shared<std::function<void(qint64)>>();
    // The function holds itself only through a weak pointer; each pending call holds it strongly.
    std::weak_ptr<std::function<void(qint64)>> weakStep = step;
    *step = [this, context, done, walk, weakStep](qint64 offset) {
        queuePage(offset, QueuePageSize, context,
                  [done, walk, offset, self = weakStep.lock()](const QlessReply<QueuePage> &reply) {
                      if (!reply.ok()) {
                          done(QlessReply<QList<QueueCounts>>{{}, reply.error});
                          return;
                      }
                      // Pages are offsets into ql:queues: a queue added or removed between two calls shifts
                      // the rest by one, so a queue may come twice (kept once, in its first place, with the
                      // later counts) or, when one ahead of it left, not at all until the next refresh.
                      for (const QueueCounts &queue : reply.value.queues) {
                          const auto seen = walk->indexOf.constFind(queue.name);
                          if (seen != walk->indexOf.cend()) {
                              walk->rows[*seen] = queue;
                              continue;
                          }
                          walk->indexOf.insert(queue.name, walk->rows.size());
                          walk->rows << queue;
                      }
                      const qint64 next = offset + QueuePageSize;
                      if (next < reply.value.total && !reply.value.queues.isEmpty()) {
                          (*self)(next);
                          return;
                      }
                      done(QlessReply<QList<QueueCounts>>{std::move(walk->rows), {}});
                  });
    };
    (*step)(0);
}

void QlessClient::queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done)
{
    read<QueueCounts>("desk.queues", {utf8(queue)}, context, &QlessDecoder::queue, std::move(done));
}

void QlessClient::jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
                       Done<QList<QByteArray>> done)
{
    jobPage(state, queue, offset, count, context, [done = std::move(done)](const QlessReply<JidPage> &page) {
        done(QlessReply<QList<QByteArray>>{page.value.jids, page.error});
    });
}

void QlessClient::jobPage(const QString &state, const QString &queue, int offset, int count, QObject *context,
                          Done<JidPage> done)
{
    // desk.jobs, not qless's jobs: that one has no waiting state and moves due scheduled jobs.
    QList<QByteArray> args{utf8(state)};
    if (state != QLatin1String("complete"))
        args << utf8(queue);
    args << QByteArray::number(offset) << QByteArray::number(count);
    read<JidPage>("desk.jobs", args, context, &pageJids, std::move(done));
}

// desk.get, not qless's get: that one moves a 2012 history as it reads and hides what it cannot
// read; desk.get reads in place and passes a damaged field on for the Job to mark.
void QlessClient::job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done)
{
    read<std::optional<Job>>(
        "desk.get", {jid}, context,
        [jid](const RedisReply &reply, RedisError *error) {
            std::optional<Job> job = QlessDecoder::job(reply, error);
            if (job)
                job->jid = jid; // the exact bytes asked for, even if not UTF-8
            return job;
        },
        std::move(done));
}

void QlessClient::multiGet(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid(
        "desk.multiget", MultiGetPerCall, jids,
        [](const RedisReply &reply, RedisError *error) { return QlessDecoder::job(reply, error); }, context,
        std::move(done));
}

void QlessClient::jobStates(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    readPerJid(
        "desk.states", StatesPerCall, jids,
        [](const RedisReply &reply, RedisError *error) {
            return QlessDecoderFields::jobReply(reply, error, QStringLiteral("a job's state"), &jobState);
        },
        context, std::move(done));
}

void QlessClient::failedJobs(const QString &group, int offset, int count, QObject *context, Done<FailedJobsPage> done)
{
    read<FailedJobsPage>("desk.failed", {utf8(group), QByteArray::number(offset), QByteArray::number(count)}, context,
                         &QlessDecoder::failedJobs, std::move(done));
}

void QlessClient::scanJobs(const QString &list, const QString &name, const QList<QByteArray> &cursor, int count,
                           QObject *context, Done<JobScanPage> done)
{
    QList<QByteArray> args{utf8(list), utf8(name), QByteArray::number(count)};
    args += cursor;
    read<JobScanPage>(
        "desk.scan", args, context,
        [](const RedisReply &reply, RedisError *error) {
            return scanPage(reply, error, QStringLiteral("a chunk of a list"));
        },
        std::move(done));
}

void QlessClient::workerPage(const QByteArray &since, const QString &after, int count, QObject *context,
                             Done<WorkerPage> done)
{
    QList<QByteArray> args{QByteArray::number(count)};
    if (!since.isEmpty())
        args << since << QlessDecoder::bytesOf(after);
    read<WorkerPage>("desk.workerpage", args, context, &QlessDecoder::workerPage, std::move(done));
}

void QlessClient::workers(QObject *context, Done<QList<WorkerSummary>> done)
{
    struct Walk
    {
        QList<WorkerSummary> rows;
        QHash<QString, qsizetype> indexOf;
        QSet<qsizetype> stale;
    };
    auto walk = std::make_shared<Walk>();
    auto step = std::make_shared<std::function<void(const QByteArray &, const QString &)>>();
    // The function holds itself only through a weak pointer; each pending call holds it strongly.
    std::weak_ptr<std::function<void(const QByteArray &, const QString &)>> weakStep = step;
    *step = [this, context, done, walk, weakStep](const QByteArray &since, const QString &after) {
        workerPage(since, after, WorkerPageSize, context,
                   [done, walk, self = weakStep.lock()](const QlessReply<WorkerPage> &reply) {
                       if (!reply.ok()) {
                           done(QlessReply<QList<WorkerSummary>>{{}, reply.error});
                           return;
                       }
                       for (const WorkerSummary &worker : reply.value.workers) {
                           // Read again further up: it was seen meanwhile, its earlier place is stale.
                           const auto seen = walk->indexOf.constFind(worker.name);
                           if (seen != walk->indexOf.cend())
                               walk->stale << *seen;
                           walk->indexOf.insert(worker.name, walk->rows.size());
                           walk->rows << worker;
                       }
                       if (!reply.value.nextSince.isEmpty()) {
                           (*self)(reply.value.nextSince, reply.value.nextAfter);
                           return;
                       }
                       // The pages came in the set's order; reversed, most recently seen first as the listing
                       // always was (equal times in the set's reverse order, as ZREVRANGE gives them).
                       QList<WorkerSummary> out;
                       out.reserve(walk->rows.size() - walk->stale.size());
                       for (qsizetype i = walk->rows.size() - 1; i >= 0; --i) {
                           if (!walk->stale.contains(i))
                               out << walk->rows.at(i);
                       }
                       done(QlessReply<QList<WorkerSummary>>{std::move(out), {}});
                   });
    };
    (*step)({}, {});
}

void QlessClient::workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done)
{
    workerJobs(worker, 0, 1000, context, std::move(done));
}

void QlessClient::workerJobs(const QString &worker, int offset, int count, QObject *context, Done<WorkerJobs> done)
{
    read<WorkerJobs>("desk.workers", {utf8(worker), QByteArray::number(offset), QByteArray::number(count)}, context,
                     &QlessDecoder::workerJobs, std::move(done));
}

void QlessClient::trackedJobs(QObject *context, Done<TrackedJobs> done)
{
    trackedJobs(0, 1000, context, std::move(done));
}

void QlessClient::trackedJobs(int offset, int count, QObject *context, Done<TrackedJobs> done)
{
    read<TrackedJobs>("desk.tracked", {QByteArray::number(offset), QByteArray::number(count)}, context,
                      &QlessDecoder::trackedJobs, std::move(done));
}

void QlessClient::taggedJobs(const QString &tag, int offset, int count, QObject *context, Done<TaggedJobsPage> done)
{
    read<TaggedJobsPage>("tag", {"get", utf8(tag), QByteArray::number(offset), QByteArray::number(count)}, context,
                         &QlessDecoder::taggedJobs, std::move(done));
}

void QlessClient::topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done)
{
    // desk.tags: qless's tag top lists names only, the console shows how many jobs each has.
    read<QList<TagCount>>("desk.tags", {QByteArray::number(offset), QByteArray::number(count)}, context,
                          &QlessDecoder::topTags, std::move(done));
}

void QlessClient::stats(const QString &queue, double date, QObject *context, Done<DayStats> done)
{
    read<DayStats>("stats", {utf8(queue), seconds(date)}, context, &QlessDecoder::dayStats, std::move(done));
}

void QlessClient::config(QObject *context, Done<QlessConfig> done)
{
    read<QlessConfig>("config.get", {}, context, &QlessDecoder::config, std::move(done));
}

void QlessClient::configValue(const QString &option, QObject *context, Done<std::optional<QString>> done)
{
    read<std::optional<QString>>("config.get", {utf8(option)}, context, &configText, std::move(done));
}

void QlessClient::recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done)
{
    // desk.recur.get: qless's recur.get has no `next`, which the Recurring page shows.
    read<std::optional<RecurringJob>>("desk.recur.get", {jid}, context, &QlessDecoder::recurringJob, std::move(done));
}

void QlessClient::userPermissions(QObject *context, Done<QJsonObject> done)
{
    read<QJsonObject>(
        "desk.permissions", {}, context,
        [](const RedisReply &reply, RedisError *error) {
            QJsonValue value;
            if (!reply.isString() || !QlessDecoder::parseJson(reply.bytes, &value) || !value.isObject()) {
                *error = RedisError::make(RedisError::Kind::BadReply,
                                          QStringLiteral("Unexpected reply: expected desk.permissions' object"));
                return QJsonObject();
            }
            return value.toObject();
        },
        std::move(done));
}

void QlessClient::queueLength(const QString &queue, QObject *context, Done<qint64> done)
{
    read<qint64>("length", {utf8(queue)}, context, &QlessDecoder::integer, std::move(done));
}
