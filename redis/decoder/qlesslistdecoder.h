// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuregroup.h"
#include "queuecounts.h"
#include "queuepage.h"
#include "redisreply.h"
#include "tagcount.h"
#include "trackedjobs.h"
#include "workerinfo.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <optional>

// Turns the qless scripts' list replies (see the head of each lua/<command>.lua) into value
// structs: queues, failure groups and their jobs, workers, tracked jobs, tags, jids. Tolerant by
// design, since what it reads may have been written by anyone: `{}` counts as an empty list,
// older replies (qless's {group: count}, a page without totals) are read too, jobs in a list are
// read as QlessJobDecoder reads them. Only a reply of the wrong shape altogether (not JSON, an
// object where a list must be) sets `error` (BadReply). Stateless: any thread may use it.
class QlessListDecoder final
{
public:
    QlessListDecoder() = delete;

    static QList<QueueCounts> queues(const RedisReply &reply, RedisError *error);
    static QueueCounts queue(const RedisReply &reply, RedisError *error);
    // desk.queuepage: {total, queues: [desk.queues' objects]}.
    static QueuePage queuePage(const RedisReply &reply, RedisError *error);
    static QList<QByteArray> jids(const RedisReply &reply, RedisError *error);
    // desk.failed: {total, groups: [{name, count, newest}]}; qless's {group: count} read too.
    static FailureGroupList failureGroupList(const RedisReply &reply, RedisError *error);
    static QList<FailureGroup> failureGroups(const RedisReply &reply, RedisError *error);
    static FailedJobsPage failedJobs(const RedisReply &reply, RedisError *error);
    // desk.failed <group> ... summaries: the page's jobs as row summaries (QlessJobDecoder::jobSummary).
    static FailedJobsPage failedSummaries(const RedisReply &reply, RedisError *error);
    static QList<WorkerSummary> workers(const RedisReply &reply, RedisError *error);
    // desk.workerpage: {total, workers: [{name, jobs, stalled, last}], next: {since, after}}.
    static WorkerPage workerPage(const RedisReply &reply, RedisError *error);
    static WorkerJobs workerJobs(const RedisReply &reply, RedisError *error);
    static TrackedJobs trackedJobs(const RedisReply &reply, RedisError *error);
    // desk.tracked ... summaries: the jobs as row summaries (QlessJobDecoder::jobSummary).
    static TrackedJobs trackedSummaries(const RedisReply &reply, RedisError *error);
    static TrackedStates trackedStates(const RedisReply &reply, RedisError *error);
    // tag add/remove: the job's tags after the change; nullopt when there is no such job.
    static std::optional<QStringList> tags(const RedisReply &reply, RedisError *error);
    static TaggedJobsPage taggedJobs(const RedisReply &reply, RedisError *error);
    static QList<TagCount> topTags(const RedisReply &reply, RedisError *error);
};
