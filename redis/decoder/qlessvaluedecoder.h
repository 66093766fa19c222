// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"
#include "failedbatch.h"
#include "qlessconfig.h"
#include "recurringjob.h"
#include "redisreply.h"

#include <QString>
#include <QStringList>

#include <optional>

// Turns the qless scripts' single-value replies (see the head of each lua/<command>.lua) into
// value structs: flags, counts, strings, config, a recurring template, a failure-group batch's
// outcome, a day's stats. Tolerant by design, since what it reads may have been written by
// anyone: `{}` counts as an empty list, fields of a recurring template that are missing or
// malformed are recorded as its problems rather than failing it, bytes that are not UTF-8 are
// shown as \xHH. Only a reply of the wrong shape altogether sets `error` (BadReply). Stateless:
// any thread may use it.
class QlessValueDecoder final
{
public:
    QlessValueDecoder() = delete;

    // Lua true -> 1, false -> nil.
    static bool flag(const RedisReply &reply, RedisError *error);
    static qint64 integer(const RedisReply &reply, RedisError *error);
    static QStringList strings(const RedisReply &reply, RedisError *error);
    static QlessConfig config(const RedisReply &reply, RedisError *error);
    static std::optional<QString> configValue(const RedisReply &reply, RedisError *error);
    static std::optional<RecurringJob> recurringJob(const RedisReply &reply, RedisError *error);
    // failedaction: {taken, done, skipped: {reason: [jids]}}; `{}` or `[]` for no skipped jids.
    static FailedBatch failedBatch(const RedisReply &reply, RedisError *error);
    static DayStats dayStats(const RedisReply &reply, RedisError *error);
    // desk.statssum: {summed, stats}, stats as dayStats'.
    static DayStatsPart dayStatsPart(const RedisReply &reply, RedisError *error);
};
