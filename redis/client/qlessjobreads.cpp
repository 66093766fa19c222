// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessjobreads.h"

#include "qlessclientcalls.h"
#include "qlessdecoderfields.h"

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
    page.jids = QlessListDecoder::jids(jids, error);
    return page;
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

void QlessJobReads::jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
                         Done<QList<QByteArray>> done)
{
    jobPage(state, queue, offset, count, context, [done = std::move(done)](const QlessReply<JidPage> &page) {
        done(QlessReply<QList<QByteArray>>{page.value.jids, page.error});
    });
}

void QlessJobReads::jobPage(const QString &state, const QString &queue, int offset, int count, QObject *context,
                            Done<JidPage> done)
{
    // desk.jobs, not qless's jobs: that one has no waiting state and moves due scheduled jobs.
    QList<QByteArray> args{utf8(state)};
    if (state != QLatin1String("complete"))
        args << utf8(queue);
    args << QByteArray::number(offset) << QByteArray::number(count);
    m_caller.read<JidPage>("desk.jobs", args, context, &pageJids, std::move(done));
}

// desk.get, not qless's get: that one moves a 2012 history as it reads and hides what it cannot
// read; desk.get reads in place and passes a damaged field on for the Job to mark.
void QlessJobReads::job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done)
{
    m_caller.read<std::optional<Job>>(
        "desk.get", {jid}, context,
        [jid](const RedisReply &reply, RedisError *error) {
            std::optional<Job> job = QlessJobDecoder::job(reply, error);
            if (job)
                job->jid = jid; // the exact bytes asked for, even if not UTF-8
            return job;
        },
        std::move(done));
}

void QlessJobReads::multiGet(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    m_caller.readPerJid(
        "desk.multiget", MultiGetPerCall, jids,
        [](const RedisReply &reply, RedisError *error) { return QlessJobDecoder::job(reply, error); }, context,
        std::move(done));
}

void QlessJobReads::jobStates(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    m_caller.readPerJid(
        "desk.states", StatesPerCall, jids,
        [](const RedisReply &reply, RedisError *error) {
            return QlessDecoderFields::jobReply(reply, error, QStringLiteral("a job's state"), &jobState);
        },
        context, std::move(done));
}

void QlessJobReads::summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done)
{
    m_caller.readPerJid(
        "desk.summaries", SummariesPerCall, jids,
        [](const RedisReply &reply, RedisError *error) { return QlessJobDecoder::jobSummary(reply, error); }, context,
        std::move(done));
}

void QlessJobReads::recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done)
{
    // desk.recur.get: qless's recur.get has no `next`, which the Recurring page shows.
    m_caller.read<std::optional<RecurringJob>>("desk.recur.get", {jid}, context, &QlessValueDecoder::recurringJob,
                                               std::move(done));
}
