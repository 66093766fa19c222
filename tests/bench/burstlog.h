// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rawredis.h"
#include "wiretap.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>
#include <mutex>
#include <vector>

// What one console connection has queued at Redis at once, as Redis's own work (issue #30).
// Redis serves one command at a time, and the commands a client has sent are served as they
// come, so a worker's command that arrives while the console has N commands outstanding (written,
// not yet answered) can wait behind all N. A burst is that set at one moment: the console's
// commands written and not yet answered; the largest burst is the one whose commands' execution
// times, added up, are the greatest. (Not a chain of commands each written before the previous
// one's reply: a read paced two in flight, BoundedCallSequence, would then be one endless burst although
// Redis takes other clients between its parts.) The sum counts each outstanding command whole,
// the one running included: an upper bound on the wait behind it.
//
// Write and reply times come from the connection itself (WireTap, on the connection's thread);
// each command's execution time from Redis's slow log, logging every command of FloorMicroseconds
// or more and matched to the commands written, in order, by client name and first arguments.
// Not every command (a threshold of 0): Redis 7 then logs each command a script runs too, and
// creating those entries inside the script made a script of many small commands take several
// times as long; at 10 us it logs almost none of them, and a console call under 10 us is counted
// as 10 us.
class BurstLog final : public WireTap
{
public:
    struct Command
    {
        QByteArray name;                             // the script's command (desk.queuepage...) or the Redis command
        QList<QByteArray> head;                      // the first arguments, as the slow log keeps them, for matching
        qint64 writtenNs = 0;                        // monotonic clock
        qint64 repliedNs = -1;                       // -1: no reply read
        double redisMs = FloorMicroseconds / 1000.0; // execution time by the slow log
        bool logged = false;                         // false: under FloorMicroseconds, counted as that
        QString scenario;                            // what the bench was doing when it was written
    };
    struct Burst
    {
        double redisMs = 0;
        int commands = 0;
        int unlogged = 0;  // of them, under the floor (counted as the floor)
        QString scenario;  // of the command written last
        QString what;      // the commands by name, with counts
        QString times;     // each command's name and time, in order (the first ten)
        qint64 fromNs = 0; // the first one's write
        qint64 toNs = 0;   // the last one's reply
        double spanMs = 0; // from the first one's write to the last one's reply
    };

    BurstLog(RawRedis &raw, QString clientName);
    ~BurstLog() override;

    // Logs every command of FloorMicroseconds or more from now on, the log emptied, and taps
    // the connections (the connection watched must be made after this).
    bool start(QString *error);
    // Labels the commands written from now on.
    void setScenario(const QString &scenario);
    // Stops tapping and reads Redis's log (sets nothing back: the caller restores the log's
    // threshold). False when the log overflowed or could not be read.
    bool finish(QString *error);

    const std::vector<Command> &commands() const { return m_commands; }
    // `counts(fromNs, toNs, redisMs)` says whether a burst counts (the host's pauses are set
    // aside by it); none given: every one.
    using Counts = std::function<bool(qint64 fromNs, qint64 toNs, double redisMs)>;
    Burst largest(const Counts &counts = {}) const;
    // The largest burst of each scenario, in the order first seen.
    QList<Burst> largestPerScenario() const;
    // The longest single command by Redis's log (index into commands(), -1 when none).
    int longest() const;
    // Log entries of the connection that matched no command written (a check: 0).
    int unmatched() const { return m_unmatched; }
    // The longest commands of every other client in the log (scripts' own commands included),
    // longest first: what else held Redis.
    QStringList othersLongest() const { return m_others; }

    static constexpr int FloorMicroseconds = 10;
    static constexpr int MaxEntries = 500000;
    static qint64 monotonicNs();

    void written(const QString &clientName, const QList<QByteArray> &argv) override;
    void replied(const QString &clientName) override;

private:
    void match(const redisReply *log);

    RawRedis &m_raw;
    QString m_name;
    std::mutex m_mutex;
    std::vector<Command> m_commands;
    size_t m_nextReply = 0;
    QString m_scenario;
    int m_unmatched = 0;
    QStringList m_others;
};
