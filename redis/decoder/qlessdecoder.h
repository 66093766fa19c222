// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"
#include "failedbatch.h"
#include "failuregroup.h"
#include "job.h"
#include "qlessconfig.h"
#include "queuecounts.h"
#include "queuepage.h"
#include "recurringjob.h"
#include "redisreply.h"
#include "tagcount.h"
#include "trackedjobs.h"
#include "workerinfo.h"

#include <QJsonValue>

#include <optional>

// Turns the qless scripts' replies (see the head of each lua/<command>.lua) into value structs.
// Tolerant by design, since what it reads may have been written by anyone: `{}` counts as an
// empty list, both history forms are read, fields that are missing or malformed are recorded as
// problems of the record rather than failing it, bytes that are not UTF-8 are shown as \xHH.
// Only a reply of the wrong shape altogether (not JSON, an object where a list must be) sets
// `error` (BadReply). Stateless: any thread may use it.
class QlessDecoder final
{
public:
    QlessDecoder() = delete;

    // Reply text to JSON; invalid UTF-8 inside strings escaped first (and *escaped set).
    static bool parseJson(const QByteArray &bytes, QJsonValue *out, bool *escaped = nullptr);
    // Bytes for display: UTF-8 as it is, anything else as \xHH.
    static QString displayText(const QByteArray &bytes, bool *escaped = nullptr);
    // The bytes displayText shows: each \xHH of a byte 0x80 or above back to that byte, the rest
    // as UTF-8. Names read from replies (a queue, a tag, a worker) are sent back through it, so a
    // name that is not UTF-8 reaches the same key it came from.
    static QByteArray bytesOf(const QString &text);

    static Job job(const QJsonValue &value, bool escaped = false);
    // get: nullopt when there is no such job.
    static std::optional<Job> job(const RedisReply &reply, RedisError *error);
    // desk.summaries' row summary of a job (lua/lib/95-desk-summaries.lua): a Job with no data,
    // no dependents and only the history entries a row reads, problems marked as job()'s.
    static Job jobSummary(const QJsonValue &value, bool escaped = false);
    // One reply of desk.summaries: nullopt when there is no such job.
    static std::optional<Job> jobSummary(const RedisReply &reply, RedisError *error);
    static QList<QueueCounts> queues(const RedisReply &reply, RedisError *error);
    static QueueCounts queue(const RedisReply &reply, RedisError *error);
    // desk.queuepage: {total, queues: [desk.queues' objects]}.
    static QueuePage queuePage(const RedisReply &reply, RedisError *error);
    static QList<QByteArray> jids(const RedisReply &reply, RedisError *error);
    // desk.failed: {total, groups: [{name, count, newest}]}; qless's {group: count} read too.
    static FailureGroupList failureGroupList(const RedisReply &reply, RedisError *error);
    static QList<FailureGroup> failureGroups(const RedisReply &reply, RedisError *error);
    static FailedJobsPage failedJobs(const RedisReply &reply, RedisError *error);
    // desk.failed <group> ... summaries: the page's jobs as row summaries (jobSummary).
    static FailedJobsPage failedSummaries(const RedisReply &reply, RedisError *error);
    static QList<WorkerSummary> workers(const RedisReply &reply, RedisError *error);
    // desk.workerpage: {total, workers: [{name, jobs, stalled, last}], next: {since, after}}.
    static WorkerPage workerPage(const RedisReply &reply, RedisError *error);
    static WorkerJobs workerJobs(const RedisReply &reply, RedisError *error);
    static TrackedJobs trackedJobs(const RedisReply &reply, RedisError *error);
    // desk.tracked ... summaries: the jobs as row summaries (jobSummary).
    static TrackedJobs trackedSummaries(const RedisReply &reply, RedisError *error);
    static TrackedStates trackedStates(const RedisReply &reply, RedisError *error);
    // tag add/remove: the job's tags after the change; nullopt when there is no such job.
    static std::optional<QStringList> tags(const RedisReply &reply, RedisError *error);
    static TaggedJobsPage taggedJobs(const RedisReply &reply, RedisError *error);
    static QList<TagCount> topTags(const RedisReply &reply, RedisError *error);
    static DayStats dayStats(const RedisReply &reply, RedisError *error);
    // desk.statssum: {summed, stats}, stats as dayStats'.
    static DayStatsPart dayStatsPart(const RedisReply &reply, RedisError *error);
    static QlessConfig config(const RedisReply &reply, RedisError *error);
    static std::optional<QString> configValue(const RedisReply &reply, RedisError *error);
    static std::optional<RecurringJob> recurringJob(const RedisReply &reply, RedisError *error);
    // failedaction: {taken, done, skipped: {reason: [jids]}}; `{}` or `[]` for no skipped jids.
    static FailedBatch failedBatch(const RedisReply &reply, RedisError *error);
    // Lua true -> 1, false -> nil.
    static bool flag(const RedisReply &reply, RedisError *error);
    static qint64 integer(const RedisReply &reply, RedisError *error);
    static QStringList strings(const RedisReply &reply, RedisError *error);
};
