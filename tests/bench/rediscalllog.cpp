// SPDX-License-Identifier: GPL-3.0-or-later
#include "rediscalllog.h"

#include "rawredis.h"

#include "hostpausemeter.h"

#include <hiredis/hiredis.h>

#include <algorithm>

namespace {
// A slow log entry: id, unix time, microseconds, argv (at most 32 arguments, each cut to 128
// bytes by the server), client address, client name.
constexpr size_t EntryFields = 6;

QByteArray commandOf(const redisReply *argv)
{
    QByteArray text;
    // The script's sha says little; the command and the first arguments say which call it was.
    for (size_t i = 0; i < argv->elements && i < 9; ++i) {
        const redisReply *arg = argv->element[i];
        if (i == 1 && text == "EVALSHA")
            continue;
        if (!text.isEmpty())
            text += ' ';
        text += RawRedis::text(arg).left(40);
    }
    return text;
}
// The `now` a call of the unified script carries (EVALSHA <sha> 0 <command> <now> ...): the
// console's clock, in seconds, when it sent the call. 0 when the call carries none.
double sentAt(const redisReply *argv)
{
    if (argv->elements < 5 || RawRedis::text(argv->element[0]).toUpper() != "EVALSHA")
        return 0;
    bool ok = false;
    const double now = RawRedis::text(argv->element[4]).toDouble(&ok);
    return ok ? now : 0;
}
// A script call of the console's (EVAL or EVALSHA), not one of the commands a script runs.
bool isScriptCall(const redisReply *argv)
{
    if (argv->elements < 1)
        return false;
    const QByteArray command = RawRedis::text(argv->element[0]).toUpper();
    return command == "EVAL" || command == "EVALSHA";
}
} // namespace

RedisCallLog::RedisCallLog(RawRedis &raw, QByteArray consoleName)
    : m_redis(raw)
    , m_consoleName(std::move(consoleName))
{}

bool RedisCallLog::start(QString *error)
{
    const QList<RawRedis::Argv> setup{
        {"CONFIG", "SET", "slowlog-log-slower-than", QByteArray::number(FloorMicroseconds)},
        {"CONFIG", "SET", "slowlog-max-len", QByteArray::number(MaxEntries)},
        {"SLOWLOG", "RESET"},
    };
    for (const RawRedis::Argv &argv : setup) {
        const RawRedis::Reply reply = m_redis.command(argv);
        if (RawRedis::isError(reply.get())) {
            *error = QStringLiteral("%1: %2").arg(QString::fromUtf8(argv.join(' ')),
                                                  QString::fromUtf8(RawRedis::text(reply.get())));
            return false;
        }
    }
    return true;
}

RawRedis::Reply RedisCallLog::take()
{
    const long long length = RawRedis::integer(m_redis.command({"SLOWLOG", "LEN"}).get());
    if (length <= 0)
        return nullptr;
    if (length >= MaxEntries)
        m_overflowed = true;
    RawRedis::Reply log = m_redis.command({"SLOWLOG", "GET", QByteArray::number(length)});
    m_redis.command({"SLOWLOG", "RESET"});
    return log && log->type == REDIS_REPLY_ARRAY ? std::move(log) : nullptr;
}

void RedisCallLog::drain(const QString &scenario)
{
    const RawRedis::Reply log = take();
    if (!log)
        return;
    Longest here;
    here.scenario = scenario;
    for (size_t i = 0; i < log->elements; ++i) {
        const redisReply *entry = log->element[i];
        if (entry->type != REDIS_REPLY_ARRAY || entry->elements < EntryFields)
            continue;
        const double ms = double(entry->element[2]->integer) / 1000.0;
        const redisReply *argv = entry->element[3];
        const QByteArray name = RawRedis::text(entry->element[5]);
        if (name == m_consoleName) {
            if (ms > OverMs)
                ++here.over;
            if (ms > here.ms) {
                here.ms = ms;
                here.command = commandOf(argv);
            }
        } else if (name.isEmpty() && argv->elements > 0 && RawRedis::text(argv->element[0]).toUpper() == "EVALSHA"
                   && ms > m_raw.ms) {
            // Only the bench's script calls: its seeding (EVAL of a snippet, plain commands)
            // says nothing about what the console should cost.
            m_raw = {ms, scenario, commandOf(argv)};
        }
    }
    if (here.ms < 0)
        return;
    const int over = m_console.over + here.over;
    if (here.ms > m_console.ms)
        m_console = here;
    m_console.over = over;
    for (Longest &seen : m_scenarios) {
        if (seen.scenario == scenario) {
            const int scenarioOver = seen.over + here.over;
            if (here.ms > seen.ms)
                seen = here;
            seen.over = scenarioOver;
            return;
        }
    }
    m_scenarios.append(here);
}

void RedisCallLog::drainAlone(const QString &kind, int calls, const HostPauseMeter *meter, Counted counted)
{
    Alone alone;
    alone.kind = kind;
    alone.calls = calls;
    if (counted != Counted::UnifiedScript)
        meter = nullptr; // no `now` in the argv to place a call by
    QList<double> logged;
    const RawRedis::Reply log = take();
    for (size_t i = 0; log && i < log->elements; ++i) {
        const redisReply *entry = log->element[i];
        if (entry->type != REDIS_REPLY_ARRAY || entry->elements < EntryFields
            || RawRedis::text(entry->element[5]) != m_consoleName)
            continue;
        const double ms = double(entry->element[2]->integer) / 1000.0;
        const redisReply *argv = entry->element[3];
        // The calls measured are script calls; a script's own commands are logged too (under the
        // same name) but end inside it, and are no call of the kind.
        if (counted == Counted::UnifiedScript && sentAt(argv) <= 0)
            continue;
        if (counted == Counted::Scripts && !isScriptCall(argv))
            continue;
        logged.append(ms);
        const double sent = sentAt(argv);
        // Sent at `sent` by the console's clock (milliseconds); alone, it ran at once and ended
        // `ms` later. A few milliseconds either side for the clocks' and the probe's grain.
        const double pause = meter ? meter->longestPauseMs(sent - 0.002, sent + ms / 1000.0 + 0.005) : 0;
        const bool host = ms > OverMs && pause >= ms - OverMs;
        if (ms > OverMs) {
            ++alone.over;
            alone.explained += host ? 1 : 0;
        }
        if (ms > alone.longestMs) {
            alone.longestMs = ms;
            alone.longestCommand = commandOf(argv);
            alone.longestPauseMs = pause;
        }
        if (!host && ms > alone.ownMs) {
            alone.ownMs = ms;
            alone.ownCommand = commandOf(argv);
        }
    }
    alone.logged = int(logged.size());
    std::sort(logged.begin(), logged.end(), std::greater<double>());
    const int rank = calls / 100; // the calls/100-th longest, counted from 0
    alone.p99Ms = rank < logged.size() ? logged.at(rank) : FloorMs;
    m_alone.append(alone);
}
