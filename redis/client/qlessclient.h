// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlessdecoder.h"
#include "qlessreply.h"
#include "rediscommand.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class RedisConnection;

// The qless operations the console needs, one asynchronous call each, over a RedisConnection.
// Every call returns at once; `done` later runs on `context`'s thread with a QlessReply (the
// value or a readable error), unless `context` has been destroyed (then nothing runs). Replies
// are decoded on the connection's thread. Reads change nothing in Redis; writes are marked as
// such, so a read-only connection refuses them before sending. Call from `context`'s thread.
// All that is qless-specific (script names, arguments, reply shapes) stays in here and in
// QlessDecoder, so another job system's API can sit beside this one. The calls go to the unified
// script qless.lua (qless's commands and qlessdesk's desk.* ones) and nothing else.
class QlessClient final : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = std::function<void(const QlessReply<T> &)>;
    // Seconds since the epoch, as the scripts take `now`.
    using Clock = std::function<double()>;

    // `connection` must outlive the client.
    explicit QlessClient(RedisConnection *connection, QObject *parent = nullptr);

    RedisConnection *connection() const { return m_connection; }
    // For tests and replays: a fixed source of `now`. By default `now` is the Redis server's
    // clock (RedisConnection::serverClock), written into each call as it is sent.
    void setClock(Clock clock) { m_clock = std::move(clock); }
    // The `now` the scripts get: the set clock, else the server's time as best known.
    double now() const;

    // Reads
    // Every queue's counts, in order of first sight, read in bounded pages (desk.queuepage,
    // QueuePageSize a call, one after another) so no call holds Redis up however many queues.
    void queueCounts(QObject *context, Done<QList<QueueCounts>> done);
    void queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done);
    // state: waiting, running, stalled, scheduled, depends, recurring (queue needed) or
    // complete (queue ignored).
    void jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
              Done<QList<QByteArray>> done);
    // The same page with the state's total (how many completed jobs there are, say).
    void jobPage(const QString &state, const QString &queue, int offset, int count, QObject *context,
                 Done<JidPage> done);
    // Up to `count` (1 to 1000) completed jobs that completed in `queue` and whose class contains
    // `klass`, ignoring case (either empty: any), newest first, from `cursor` (empty: the newest) on. A call
    // looks at no more than 1000 completed jobs, so a page may hold fewer (even none) before the
    // end: read on from its cursor until that comes back empty (qlessclientcompleted.cpp).
    void completedMatching(const QString &queue, const QString &klass, const QList<QByteArray> &cursor, int count,
                           QObject *context, Done<JobScanPage> done);
    // When each queue's longest-waiting job started waiting (seconds since the epoch), for the
    // queues that have a job waiting; read from the queues' sorted sets, no job read
    // (desk.waitingsince, 100 queues a call, two on their way at a time; qlessclientwaiting.cpp).
    void waitingSince(const QStringList &queues, QObject *context, Done<QHash<QString, double>> done);
    void job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done);
    // One reply for all, in the order asked; nullopt where a job is gone. In calls of
    // MultiGetPerCall jobs, two on their way at a time (CallsInTurn).
    void multiGet(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    // Whole jobs a call of multiGet reads: a job costs Redis what its data, history and failure
    // hold, which can be much (hundreds a call hold Redis for tens of ms), so no more than a
    // page of row summaries.
    static constexpr int MultiGetPerCall = 16;
    // Each job's state and lock expiry only (desk.states: jid, state, expires; `timedOut` set
    // from them), as multiGet orders and gaps them, for saying why a job's step was refused.
    // A job is one HMGET of three fields whatever it holds, StatesPerCall jobs a call.
    void jobStates(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    static constexpr int StatesPerCall = 100;
    // What list rows show of the jobs (desk.summaries: no data, no dependents, only the history
    // entries a row reads, a failure's first line), in calls of SummariesPerCall as multiGet.
    void summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    // Row summaries a single call builds, here and in failedSummaries: the most that keeps a
    // call of a failure group's jobs under the 5 ms a call of ours may hold Redis with room for
    // a busy host (docs/BENCHMARKS.md, "row summaries of 16"; 25 and 50 did not). Other clients
    // (workers heartbeating) get in between the calls of a page, which go two at a time
    // (CallsInTurn), so the extra calls cost little more than their start.
    static constexpr int SummariesPerCall = 16;
    void failureGroups(QObject *context, Done<QList<FailureGroup>> done);
    // The same list, with the total number of groups and each one's newest failure. A reply lists
    // a bounded number of groups (one desk.failed step); with very many, its `cursor` is where
    // the next step goes on. The newest failures a step's call had no time for are read by
    // further calls, one after another, before `done` (qlessclientfailuregroups.cpp).
    void failureGroupList(QObject *context, Done<FailureGroupList> done);
    void failureGroupList(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done);
    // One step of the same list with names and counts only, no newest failure read
    // (desk.failurecounts, about a microsecond a group): what totals and alerts sum. `cursor`
    // empty to start, then each step's until it comes back empty; a group may come twice.
    void failureGroupCounts(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done);
    void failedJobs(const QString &group, int offset, int count, QObject *context, Done<FailedJobsPage> done);
    // The same page with its jobs as row summaries (no data, a history cut to what a row reads):
    // what a list of the group shows (qlessclientsummaries.cpp).
    void failedSummaries(const QString &group, int offset, int count, QObject *context, Done<FailedJobsPage> done);
    // The group's failures [offset, offset + count) from its oldest end (count 1 to 500), each
    // with what a cluster signature needs (desk.failuresigs; qlessclientclusters.cpp).
    void failureSigs(const QString &group, qint64 offset, int count, QObject *context, Done<FailureSigPage> done);
    // Every worker seen within max-worker-age, most recently seen first, read in bounded pages
    // (desk.workerpage, WorkerPageSize a call) so no single call holds Redis up however many
    // workers there are; a worker read twice (it heartbeated during the walk) is kept as last read.
    void workers(QObject *context, Done<QList<WorkerSummary>> done);
    // One page of that walk, least recently seen first: `since` empty for the first, then the
    // previous page's nextSince/nextAfter.
    void workerPage(const QByteArray &since, const QString &after, int count, QObject *context, Done<WorkerPage> done);
    // One worker's jobs, stalled first: entries [offset, offset + count) of that list (count at
    // most 1000, desk.workers' bound; a worker can hold 100k locks), with the totals. Without
    // offset and count: the first 1000.
    void workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done);
    void workerJobs(const QString &worker, int offset, int count, QObject *context, Done<WorkerJobs> done);
    // The tracked jobs [offset, offset + count) (count at most 1000, desk.tracked's bound: each is
    // read whole) with the total; without offset and count, the first 1000.
    void trackedJobs(QObject *context, Done<TrackedJobs> done);
    void trackedJobs(int offset, int count, QObject *context, Done<TrackedJobs> done);
    // The same page with its jobs as row summaries (what the Tracked list shows), in calls of at
    // most SummariesPerCall jobs.
    void trackedSummaries(int offset, int count, QObject *context, Done<TrackedJobs> done);
    // How the first 1000 tracked jobs stand, one field each (the overview's summary).
    void trackedStates(QObject *context, Done<TrackedStates> done);
    void taggedJobs(const QString &tag, int offset, int count, QObject *context, Done<TaggedJobsPage> done);
    void topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done);
    // The next chunk (about `count` jids, 1 to 1000) of a whole list, for a bulk run's "All N":
    // `list` waiting, running, stalled, scheduled, depends, recurring (of queue `name`),
    // complete, tag (`name`), tracked or failed (group `name`); `cursor` empty to start, then
    // each page's. Read on to the page at its end and every job in the list all along was
    // returned (qless.lua's desk.scan: ZSCAN, or a failure group's list read from its tail).
    void scanJobs(const QString &list, const QString &name, const QList<QByteArray> &cursor, int count,
                  QObject *context, Done<JobScanPage> done);
    // One step of a search across every job (desk.search): the jobs matching `query` among
    // about `count` keys (1 to 10000; fewer when their text runs over a megabyte) after SCAN
    // `cursor` (empty or "0": the start). Read on from each page's cursor until it is "0"
    // (qlessclientsearch.cpp).
    void searchJobs(const JobSearchQuery &query, const QByteArray &cursor, int count, QObject *context,
                    Done<JobSearchPage> done);
    // The day holding `date` (seconds since the epoch, UTC).
    void stats(const QString &queue, double date, QObject *context, Done<DayStats> done);
    // Each request's queues on its day added up as one (desk.statssum, lua/lib/91-desk-statssum.lua),
    // a call per request (at most StatsQueuesPerCall queues each), two on their way at a time
    // (CallsInTurn); the parts in the order asked. A call stops once it has run a while, so its
    // part may hold fewer queues than asked (at least one): the rest is the caller's to ask again
    // (qlessclientstats.cpp).
    static constexpr int StatsQueuesPerCall = 100;
    void statsSums(const QList<DayStatsRequest> &requests, QObject *context, Done<QList<DayStatsPart>> done);
    void config(QObject *context, Done<QlessConfig> done);
    void configValue(const QString &option, QObject *context, Done<std::optional<QString>> done);
    void recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done);
    // What this Redis user may not do of what qless's writes need (desk.permissions, a read):
    // its JSON object as the script answers it, {known, channels, writes} (see lua/qless.lua).
    // Fails with NoPermission when the user may not run scripts at all (EVALSHA, SCRIPT LOAD).
    void userPermissions(QObject *context, Done<QJsonObject> done);
    // qless's length: the jobs the queue holds (running, waiting, scheduled).
    void queueLength(const QString &queue, QObject *context, Done<qint64> done);

    // Writes. A bool value is false when the job (or template) does not exist or is not in a
    // state the operation applies to, as the script says.
    void track(const QByteArray &jid, QObject *context, Done<bool> done);
    void untrack(const QByteArray &jid, QObject *context, Done<bool> done);
    // The job's tags afterwards; nullopt when there is no such job.
    void addTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                 Done<std::optional<QStringList>> done);
    void removeTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                    Done<std::optional<QStringList>> done);
    void setConfig(const QString &option, const QString &value, QObject *context, Done<bool> done);
    void unsetConfig(const QString &option, QObject *context, Done<bool> done);
    // Puts the job into `queue` (its own queue when `queue` is empty) in one script call
    // (qless.lua's desk.move): klass, data, priority, tags, retries and unfinished dependencies are kept,
    // remaining is reset to retries; the job leaves its worker (told its lock is lost) and its
    // failure group, and is waiting (depends while dependencies remain). The value is false
    // when there is no such job.
    void move(const QByteArray &jid, const QString &queue, QObject *context, Done<bool> done);
    // The same, but only while the job is in state `onlyState` (empty: any state): false, with
    // nothing changed, when it is not. A guard for steps that may be replayed or raced.
    void move(const QByteArray &jid, const QString &queue, const QString &onlyState, QObject *context, Done<bool> done);
    // An operator's retry of a failed job: move(jid, "", "failed"), back into its own queue with
    // retries restored. False when there is no such job or it is not failed.
    void retry(const QByteArray &jid, QObject *context, Done<bool> done);
    void setPriority(const QByteArray &jid, double priority, QObject *context, Done<bool> done);
    // The jids cancelled (none when a job still has dependents outside the call).
    void cancel(const QList<QByteArray> &jids, QObject *context, Done<QStringList> done);
    // How many of the group's oldest jobs (at most `count`) moved into `queue`.
    void unfail(const QString &group, const QString &queue, int count, QObject *context, Done<qint64> done);
    // One batch of a bulk retry, move or cancel on a failure group (qless.lua's desk.failedaction; see
    // FailedActionRequest and FailedBatch). Like every write it is not re-sent after a dropped
    // connection; sending the same request (same key) again then is safe: it gives the first
    // reply and changes nothing more.
    void failedAction(const FailedActionRequest &request, QObject *context, Done<FailedBatch> done);
    // Drops the given dependencies of a job in the depends state (all of them when empty).
    void dependsOff(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context, Done<bool> done);
    void updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context, Done<bool> done);
    // How many templates were removed.
    void recurringOff(const QByteArray &jid, QObject *context, Done<qint64> done);
    // qless's pause / unpause: workers pop nothing from a paused queue; jobs stay where they are.
    void pauseQueues(const QStringList &queues, QObject *context, Done<bool> done);
    void unpauseQueues(const QStringList &queues, QObject *context, Done<bool> done);
    // Times the job out as qless's timeout does (its worker is told it lost the lock; the job
    // waits first in line, state stalled). False, with nothing changed, when it is not running.
    void timeout(const QByteArray &jid, QObject *context, Done<bool> done);
    // qless's log: an entry `message` in the job's history, with `dataJson` (a JSON value, empty
    // for none) as its data. An error when the job is gone or the data is not JSON.
    void addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                 Done<bool> done);
    // qless's worker.deregister: the workers leave the workers list (their jobs stay).
    void deregisterWorkers(const QStringList &workers, QObject *context, Done<bool> done);
    // Forgets the queues that hold nothing (no job, no recurring template), as qless's
    // queue.forget; the value lists those forgotten (a queue that holds something stays).
    void forgetQueues(const QStringList &queues, QObject *context, Done<QStringList> done);

    // Bulk-run steps: the same writes, sent as qless.lua's desk.once under `receipt` (a key unique
    // to the step, never empty). Redis keeps the reply as ql:receipt:<receipt>, written with the
    // write itself, until the run releases it (releaseReceipts; a day at most): sent again with
    // the same key after a reply lost with the connection, it answers with the first reply and
    // changes nothing more, so the step is never guessed.
    void move(const QByteArray &jid, const QString &queue, const QString &onlyState, const QByteArray &receipt,
              QObject *context, Done<bool> done);
    void cancel(const QList<QByteArray> &jids, const QByteArray &receipt, QObject *context, Done<QStringList> done);
    void setPriority(const QByteArray &jid, double priority, const QByteArray &receipt, QObject *context,
                     Done<bool> done);
    void track(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    void untrack(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    void addTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt, QObject *context,
                 Done<std::optional<QStringList>> done);
    void removeTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt, QObject *context,
                    Done<std::optional<QStringList>> done);
    void timeout(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    // qless.lua's desk.cancel as a bulk step: the job is judged by its state when the step runs
    // and cancelled only if nothing the operator did not see has happened to it. The value says
    // what happened: "cancelled", "gone", "complete", "running" (a worker holds it and
    // `runningToo` is false: not cancelled), "has dependents".
    void cancelStep(const QByteArray &jid, bool runningToo, const QByteArray &receipt, QObject *context,
                    Done<QString> done);
    // qless.lua's desk.release: deletes receipts of bulk run `run` (`keys`, each "<run>:...", at
    // most ReleasePerCall) as its release number `n` (from 1, in order), or, with n = 0, at the
    // run's end together with the run's record (and, with `keptGroup`, the set of that failure
    // group's entries the run's batches kept). The value: how many releases the server has
    // applied (less than n when it lost earlier ones, coming back from an older snapshot).
    void releaseReceipts(const QByteArray &run, qint64 n, const QList<QByteArray> &keys, const QString &keptGroup,
                         QObject *context, Done<qint64> done);
    static constexpr int ReleasePerCall = 500; // qless.lua's desk_release_cap

    // Pages of the Overview's walks (public for the bench, which calls the same pages raw).
    // A worker costs Redis two counts and its JSON: a page of 100 stays under the 5 ms a call
    // of ours may hold Redis with room for the host's noise, 200 does not (docs/BENCHMARKS.md,
    // "page of 100 workers"); a refresh of 10,000 workers pays 50 more round trips for it.
    static constexpr int WorkerPageSize = 100;
    // A queue costs Redis seven counts, the pause and the limit: a page of 25 stays well under
    // the 5 ms a call of ours may hold Redis beside a busy host, 50 did not always; the extra
    // round trips cost a refresh of 1,000 queues a few ms, less than a long call holding every
    // other client up.
    static constexpr int QueuePageSize = 25;
    // Groups named in one desk.failurenewest call (the script reads as many as its clock allows
    // and the rest are asked again): about as many as one step of the list can leave.
    static constexpr int NewestGroupsPerCall = 600;

private:
    // One page of queueCounts' walk: the queues [offset, offset + count) of ql:queues, with the total.
    void queuePage(qint64 offset, int count, QObject *context, Done<QueuePage> done);
    template<typename T>
    using Decode = std::function<T(const RedisReply &, RedisError *)>;
    // failureGroupList's second part: the newest failures of `list`'s groups marked later.
    void readLaterNewest(std::shared_ptr<FailureGroupList> list, QObject *context, Done<FailureGroupList> done);

    // `nowArg`: the index in the command's args that holds `now`, to be brought up to the
    // server's time when the command is sent (unless a clock was set).
    template<typename T>
    void call(const RedisCommand &command, QObject *context, Decode<T> decode, Done<T> done, int nowArg = -1);
    // A command of the unified script qless.lua: EVALSHA <sha> 0 <command> <now> args..., `now`
    // stamped as it is sent. read() for what changes nothing, write() for the rest.
    RedisCommand unified(bool writes, const QByteArray &command, const QList<QByteArray> &args) const;
    template<typename T>
    void read(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
              Done<T> done);
    template<typename T>
    void write(const QByteArray &command, const QList<QByteArray> &args, QObject *context, Decode<T> decode,
               Done<T> done);
    // write(), or with a receipt: desk.once <receipt> <command> args...
    template<typename T>
    void writeOnce(const QByteArray &receipt, const QByteArray &command, const QList<QByteArray> &args,
                   QObject *context, Decode<T> decode, Done<T> done);
    QByteArray nowText() const;
    // multiGet and summaries: `command` <jid>... in calls of at most `perCall` jids, in turn,
    // one reply per jid in the order asked (nullopt where a job is gone), each decoded by `decode`.
    void readPerJid(const QByteArray &command, qsizetype perCall, const QList<QByteArray> &jids,
                    Decode<std::optional<Job>> decode, QObject *context, Done<QList<std::optional<Job>>> done);
    // A page of `command` <before...> <offset> <rows> <after...> read as calls of at most
    // SummariesPerCall rows at consecutive offsets, in turn; each later part is joined into
    // the first one's page by `join`, in order (qlessclientsummaries.cpp).
    template<typename Page>
    void readInParts(const QByteArray &command, const QList<QByteArray> &before, int offset, int count,
                     const QList<QByteArray> &after, Decode<Page> decode,
                     std::function<void(Page *, const Page &)> join, QObject *context, Done<Page> done);

    RedisConnection *m_connection;
    Clock m_clock;
};
