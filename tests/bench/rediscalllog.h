// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include "rawredis.h"

class HostPauseMeter;

// How long the console's single calls held Redis, as the server itself measured them: every call
// of a millisecond or more is logged (slowlog-log-slower-than), and the log is read and emptied
// after each step of the bench (untimed). Not every call: Redis 7 logs the commands a script runs
// as well, some thirty per job read, which would fill any log of a sane length; and what is
// judged is calls of several milliseconds. The server's own figure is the execution time alone, neither the trip nor a
// wait in its queue, which is what a console call costs every other client of that Redis.
// (COMMANDSTATS only sums per command and LATENCY only keeps spikes per event class; neither says
// which client made the longest single call.) Calls are told apart by client name: the console's
// connections are named, the bench's own hiredis connection is not.
class RedisCallLog final
{
public:
    struct Longest
    {
        double ms = -1; // -1: no call of FloorMs or more seen
        QString scenario;
        QByteArray command; // the call's first arguments, as the log keeps them
        int over = 0;       // the console's calls longer than OverMs: one outlier, or the rule
    };

    // The console's calls of one kind made one at a time with nothing else running (Bench::
    // callsAlone): what a call of that kind asks of Redis, as against what it met in a scenario.
    struct Alone
    {
        QString kind;
        int calls = 0;         // calls made
        int logged = 0;        // of them, logged (FloorMs or more)
        double longestMs = -1; // by the log, host pauses in
        QByteArray longestCommand;
        double longestPauseMs = 0; // the host's pause beside that call
        double ownMs = -1;         // the longest call not explained by a host pause beside it
        QByteArray ownCommand;
        double p99Ms = -1; // the calls/100-th longest by the log; FloorMs when that was not logged
        int over = 0;      // logged over OverMs
        int explained = 0; // of those, beside a host pause of at least their excess over OverMs
    };

    RedisCallLog(RawRedis &raw, QByteArray consoleName);

    // Every call logged from now on; the log emptied.
    bool start(QString *error);
    // Reads the calls made since the last drain, as made during `scenario`, and empties the log.
    void drain(const QString &scenario);

    // Reads the calls logged since the last drain as `calls` calls of `kind` made alone. With a
    // meter, a call over OverMs counts as the host's when the meter saw a pause beside it (from
    // the call's `now`, the console's clock when it sent the call, to its end) at least as long
    // as its excess over OverMs: it is kept out of ownMs.
    // Which logged commands are the kind's calls: the unified script's (placed by their `now`);
    // Plain: plain commands (no script, no `now` to place them by), so every call the console
    // logged counts; Scripts: any script call, EVAL or EVALSHA (Blueque's scripts carry no `now`
    // in one place), not the commands a script runs. Plain and Scripts set none aside as the host's.
    enum class Counted { UnifiedScript, Plain, Scripts };
    void drainAlone(const QString &kind, int calls, const HostPauseMeter *meter,
                    Counted counted = Counted::UnifiedScript);
    const QList<Alone> &alone() const { return m_alone; }

    // The longest call of the console, over everything drained.
    Longest console() const { return m_console; }
    // The longest script call (EVALSHA) of the raw hiredis side: the same scripts called plainly.
    Longest raw() const { return m_raw; }
    // The console's longest call per scenario, in the order first seen.
    const QList<Longest> &perScenario() const { return m_scenarios; }
    // Whether the log filled between two drains (calls may have gone unseen).
    bool overflowed() const { return m_overflowed; }

    // The log's length: enough for the largest step between two drains.
    static constexpr int MaxEntries = 200000;
    // Calls shorter than this are not logged: a figure of FloorMs means "none longer".
    static constexpr int FloorMicroseconds = 1000;
    static constexpr double FloorMs = FloorMicroseconds / 1000.0;
    // What Longest::over counts: calls longer than the bench's target for one call.
    static constexpr double OverMs = 5.0;

private:
    // The entries logged since the last read (null when none), the log emptied.
    RawRedis::Reply take();

    RawRedis &m_redis;
    QByteArray m_consoleName;
    Longest m_console;
    Longest m_raw;
    QList<Longest> m_scenarios;
    QList<Alone> m_alone;
    bool m_overflowed = false;
};
