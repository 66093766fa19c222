// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobpagereader.h"

#include "jobqueue.h"
#include "qlessclient.h"

#include <memory>

namespace {
// A damaged field's raw text is kept for its tooltip, which shows this much of it.
constexpr int RawKept = 200;

// Whether a failed read says something about the data (so reading the jobs one by one finds
// which), rather than about the connection or the server's load (then it fails the page).
bool aboutTheData(const RedisError &error)
{
    switch (error.kind) {
    case RedisError::Kind::BadReply:
    case RedisError::Kind::ScriptError:
    case RedisError::Kind::ServerError: return true;
    default: return false;
    }
}
} // namespace

Job JobPageReader::summary(Job job)
{
    job.queue = jobQueue(job); // a complete job's from its history, which the row does not keep
    job.data.clear();
    job.data.squeeze();
    job.history.clear();
    job.history.squeeze();
    job.dependents.clear(); // no row shows them (desk.summaries leaves them out)
    job.dependents.squeeze();
    // A row shows a failure's first line; the full message is read with the job when it is wanted
    // (the Failed page's message pane). A traceback may run to megabytes.
    if (job.failure) {
        const qsizetype newline = job.failure->message.indexOf(QLatin1Char('\n'));
        if (newline >= 0)
            job.failure->message.truncate(newline);
    }
    for (FieldProblem &problem : job.problems) {
        if (problem.raw.size() > RawKept)
            problem.raw = problem.raw.left(RawKept);
    }
    return job;
}

Job JobPageReader::unreadable(const QByteArray &jid, const QString &why)
{
    Job job;
    job.jid = jid;
    job.problems.insert(QStringLiteral("job"), {FieldProblem::Kind::Invalid, why.left(RawKept)});
    return job;
}

void JobPageReader::read(QlessClient *client, const JobSource &source, int offset, int count, QObject *context,
                         Done done)
{
    source.fetch(offset, count, context, [client, context, done](const QlessReply<JobPage> &page) {
        if (!page.ok()) {
            done({{}, page.error});
            return;
        }
        if (!page.value.jobs.isEmpty() || page.value.jids.isEmpty()) {
            QlessReply<Page> rows;
            rows.value.total = page.value.total;
            rows.value.listed = int(page.value.jobs.size());
            rows.value.jobs.reserve(page.value.jobs.size());
            for (const Job &job : page.value.jobs)
                rows.value.jobs.append(summary(job));
            done(rows);
            return;
        }
        readJobs(client, page.value.jids, page.value.total, context, done);
    });
}

void JobPageReader::readJobs(QlessClient *client, const QList<QByteArray> &jids, qint64 total, QObject *context,
                             Done done)
{
    client->jobReads().summaries(jids, context,
                                 [client, jids, total, context,
                                  done](const QlessReply<QList<std::optional<Job>>> &jobs) {
                                     if (!jobs.ok()) {
                                         if (aboutTheData(jobs.error))
                                             readOneByOne(client, jids, total, context, done);
                                         else
                                             done({{}, jobs.error});
                                         return;
                                     }
                                     QlessReply<Page> rows;
                                     rows.value.total = total;
                                     rows.value.listed = int(jids.size());
                                     rows.value.jobs.reserve(jobs.value.size());
                                     for (const std::optional<Job> &job : jobs.value) {
                                         if (job) // a job gone between the two reads is simply no longer listed
                                             rows.value.jobs.append(summary(*job));
                                     }
                                     done(rows);
                                 });
}

void JobPageReader::readOneByOne(QlessClient *client, const QList<QByteArray> &jids, qint64 total, QObject *context,
                                 Done done)
{
    // The reads are pipelined by the connection: one round trip for the page, as multiGet's.
    struct Gathering
    {
        QList<std::optional<Job>> jobs;
        RedisError connectionError;
        qsizetype left = 0;
    };
    auto gathering = std::make_shared<Gathering>();
    gathering->jobs.resize(jids.size());
    gathering->left = jids.size();
    for (qsizetype i = 0; i < jids.size(); ++i) {
        const QByteArray jid = jids.at(i);
        client->jobReads().job(jid, context,
                               [gathering, jid, i, total, done,
                                listed = int(jids.size())](const QlessReply<std::optional<Job>> &reply) {
                                   if (reply.ok()) {
                                       if (reply.value)
                                           gathering->jobs[i] = summary(*reply.value);
                                   } else if (aboutTheData(reply.error)) {
                                       gathering->jobs[i] = unreadable(jid, reply.error.message);
                                   } else if (gathering->connectionError.isNull()) {
                                       gathering->connectionError = reply.error;
                                   }
                                   if (--gathering->left > 0)
                                       return;
                                   if (!gathering->connectionError.isNull()) {
                                       done({{}, gathering->connectionError});
                                       return;
                                   }
                                   QlessReply<Page> rows;
                                   rows.value.total = total;
                                   rows.value.listed = listed;
                                   for (const std::optional<Job> &job : std::as_const(gathering->jobs)) {
                                       if (job)
                                           rows.value.jobs.append(*job);
                                   }
                                   done(rows);
                               });
    }
}
