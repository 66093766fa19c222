// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "redisreply.h"

#include <QJsonValue>

#include <optional>

// Turns a job as the qless scripts reply it (get, desk.summaries; see the head of each
// lua/<command>.lua) into a Job. Tolerant by design, since a job may have been written by anyone:
// both history forms are read, fields that are missing or malformed are recorded as problems of
// the record rather than failing it, bytes that are not UTF-8 are shown as \xHH. Only a reply of
// the wrong shape altogether (not JSON, not an object) sets `error` (BadReply). Stateless: any
// thread may use it.
class QlessJobDecoder final
{
public:
    QlessJobDecoder() = delete;

    static Job job(const QJsonValue &value, bool escaped = false);
    // get: nullopt when there is no such job.
    static std::optional<Job> job(const RedisReply &reply, RedisError *error);
    // desk.summaries' row summary of a job (lua/lib/95-desk-summaries.lua): a Job with no data,
    // no dependents and only the history entries a row reads, problems marked as job()'s.
    static Job jobSummary(const QJsonValue &value, bool escaped = false);
    // One reply of desk.summaries: nullopt when there is no such job.
    static std::optional<Job> jobSummary(const RedisReply &reply, RedisError *error);
};
