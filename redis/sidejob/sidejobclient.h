// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "rediscommand.h"
#include "redisreply.h"
#include "sidejobsearchstep.h"
#include "sidejobtypes.h"
#include "sidekiqtypes.h"

#include <QObject>

#include <functional>

class RedisConnection;

// The SideJob reads the console needs (docs/SIDEJOB.md), in either layout, one asynchronous call
// each over a RedisConnection, as BluequeClient does for Blueque: `done` runs on `context`'s thread
// with the value or a readable error, unless `context` is gone. Every call is one read-only script
// of lua/sidejob sent as EVAL (ScriptRead::eval), bounded whatever the deployment holds (a million
// jobs, ten thousand children, a million values on a port): a window of ids, one record, a page of
// port values, a hundred queues and processes, a page of a sorted set.
class SideJobClient final : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = std::function<void(const QlessReply<T> &)>;

    static constexpr int RowsPerCall = 100; // jobpage.lua's cap on rows
    // Ids a jobpage call looks at (the script allows 1000): few enough that a call stays within the
    // 5 ms budget even when a class filter makes it decode every worker record it looks at.
    static constexpr int IdsPerCall = 300;
    static constexpr int ValuesPerCall = 100;     // portpage.lua's cap
    static constexpr int ItemsPerCall = 100;      // sortedpage.lua's cap
    static constexpr int SearchIdsPerCall = 1000; // search.lua's cap (it stops sooner after 1 ms)

    // `connection` must outlive the client.
    explicit SideJobClient(RedisConnection *connection, QObject *parent = nullptr);

    // Whether the server holds SideJob and which layouts its jobs have (a sample).
    void detect(QObject *context, Done<SideJobPresence> done);
    // Jobs that pass `filter`, newest first, walking ids down from `cursor` (0: the newest);
    // at most `count` rows (1..RowsPerCall) and IdsPerCall ids looked at.
    void listJobs(qint64 cursor, int count, const SideJobFilter &filter, QObject *context, Done<SideJobPage> done);
    // One job's record; `now` (seconds) picks the rate-limit minute; `childCursor` which window of
    // its children (SideJobRecord::childNext of the window before, "0" for the first).
    void jobRecord(const QByteArray &id, double now, QObject *context, Done<SideJobRecord> done,
                   const QByteArray &childCursor = "0");
    // Values [offset, offset + count) waiting on a port; `input` picks in:{port} or out:{port}.
    void portPage(const QByteArray &id, bool input, const QString &port, qint64 offset, int count, QObject *context,
                  Done<SideJobPortPage> done);
    // Sidekiq's totals, queues and processes.
    void sidekiq(QObject *context, Done<SidekiqOverview> done);
    // One step of a search's walk down the ids from `cursor` (0: the newest): what search.lua hands
    // out of the jobs among `ids` that pass `filter`'s status, queue and class (SideJobSearch).
    void searchStep(qint64 cursor, int ids, const SideJobFilter &filter, QObject *context,
                    Done<SideJobSearchStep> done);
    // A page of "schedule", "retry" or "dead", soonest first.
    void sortedPage(const QString &set, qint64 offset, int count, QObject *context, Done<SidekiqItemPage> done);

private:
    template<typename T>
    using Decode = std::function<T(const RedisReply &, RedisError *)>;
    template<typename T>
    void call(const QString &script, const QList<QByteArray> &args, QObject *context, Decode<T> decode, Done<T> done);

    RedisConnection *m_connection;
};
