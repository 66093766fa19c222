// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobrow.h"

JobRow::JobRow(const Job &summary, Pool *pool)
    : jid(summary.jid)
    , klass(pool->texts.share(summary.klass))
    , state(pool->texts.share(summary.state))
    , queue(pool->texts.share(summary.queue))
    , worker(pool->texts.share(summary.worker))
    , tags(pool->lists.share(summary.tags))
    , dependencies(pool->lists.share(summary.dependencies))
    , priority(summary.priority)
    , expires(summary.expires)
    , retries(summary.retries)
    , remaining(summary.remaining)
    , time(summary.time)
    , put(summary.put)
    , due(summary.due)
    // A map the decoder emptied still holds its storage.
    , problems(summary.problems.isEmpty() ? FieldProblems() : summary.problems)
    , tracked(summary.tracked)
    , escapedBytes(summary.escapedBytes)
    , hasFailure(summary.failure.has_value())
    , timedOut(summary.timedOut)
    , timedOutAt(summary.timedOutAt)
    , timedOutWorker(pool->texts.share(summary.timedOutWorker))
{
    if (summary.failure) {
        failureWhen = summary.failure->when;
        failureGroup = pool->texts.share(summary.failure->group);
        failureMessage = pool->texts.share(summary.failure->message);
        failureWorker = pool->texts.share(summary.failure->worker);
    }
}

QList<JobRow> JobRow::fromJobs(const QList<Job> &jobs)
{
    Pool pool;
    QList<JobRow> rows;
    rows.reserve(jobs.size());
    for (const Job &job : jobs)
        rows.append(JobRow(job, &pool));
    return rows;
}

Job JobRow::toJob() const
{
    Job job;
    job.jid = jid;
    job.klass = *klass;
    job.state = *state;
    job.queue = *queue;
    job.worker = *worker;
    job.tags = *tags;
    job.dependencies = *dependencies;
    job.priority = priority;
    job.expires = expires;
    job.retries = retries;
    job.remaining = remaining;
    job.time = time;
    job.put = put;
    job.due = due;
    job.problems = problems;
    job.tracked = tracked;
    job.escapedBytes = escapedBytes;
    if (hasFailure)
        job.failure = JobFailure{*failureGroup, *failureMessage, failureWhen, *failureWorker};
    job.timedOut = timedOut;
    job.timedOutAt = timedOutAt;
    job.timedOutWorker = *timedOutWorker;
    return job;
}

bool JobRow::sameAs(const JobRow &other) const
{
    return jid == other.jid && state == other.state && queue == other.queue && worker == other.worker
           && priority == other.priority && expires == other.expires && remaining == other.remaining
           && retries == other.retries && tags == other.tags && klass == other.klass && time == other.time
           && put == other.put && timedOut == other.timedOut && timedOutAt == other.timedOutAt && due == other.due
           && tracked == other.tracked && dependencies == other.dependencies && hasFailure == other.hasFailure
           && failureGroup == other.failureGroup && failureWhen == other.failureWhen
           && problems.keys() == other.problems.keys();
}
