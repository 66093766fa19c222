// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchtools.h"
#include "bulkrunner.h"
#include "hostpausemeter.h"
#include "rawredis.h"
#include "rediscalllog.h"
#include "redisserver.h"
#include "report.h"
#include "rtthrottle.h"
#include "stallmeter.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

class BluequeClient;
class QlessSession;
struct JobSearchQuery;
struct RedisCommand;

struct BenchOptions
{
    QString mode = QStringLiteral("full");
    int queues = 1000;
    int workers = 10000;
    qint64 group = 1000000;                 // the failure group opened and scrolled
    qint64 smallGroup = 100000;             // the same, ten times smaller: memory must not grow with size
    int rows = 10000;                       // rows scrolled through
    qint64 activity = 1000000;              // records in the audit log the Activity page opens
    int deepRows = 100000;                  // rows scrolled through for the memory-by-depth figure
    qint64 retry = 1000000;                 // jobs in the group retried all at once
    qint64 search = 1000000;                // jobs searched through
    int batch = BulkRunner::GroupBatchJobs; // bulk batch size (BulkRunner and the raw unfail loop alike)
    int ops = 20000;                        // operations per throughput figure
    int window = 500;                       // commands in flight at once in the throughput figures
    int repeats = 7;                        // samples of the short figures (medians are reported)
    int rounds = 3;                         // samples of the long ones
    int eventsSeconds = 60;                 // how long the event stream runs at eventsRate
    int eventsRate = 10000;                 // events published a second to the Events page
    qint64 bluequeFailed = 1000000;         // Blueque: tasks in the failed list opened and scrolled
    qint64 bluequeDue = 100000;             // Blueque: due scheduled tasks of a queue with no scheduler
    qint64 bluequeRequeue = 100000;         // Blueque: failed tasks requeued all at once
    // redis-server ahead of every other thread (RedisPriority) and the kernel's real-time cap
    // lifted (RtThrottle): --realtime only, since the cap is the whole machine's setting.
    bool realtimeRedis = false;
    QString out;
    // Sections to run (throughput, overview, alerts, group, priority, malformed, activity,
    // clusters, retry, events, search, blueque); empty: all.
    QStringList only;
    QString referenceScript; // another qless.lua for the scripts section (scriptcost.cpp)

    static BenchOptions quick();
};

// The benchmark: a private redis-server, the raw hiredis connection and our real stack
// (QlessSession: connection thread, QlessClient; the models) on this, the GUI thread. Each
// figure is measured on both sides in the same run, interleaved, and reported as a ratio.
class Bench final
{
public:
    explicit Bench(const BenchOptions &options);
    ~Bench();

    // 0 when every figure could be measured; timings never make it fail.
    int run();

    // The child process that measures memory in a fresh address space: side "ours" (the real
    // connection, client and JobListModel) or "raw" (hiredis replies kept). Prints one JSON line.
    static int probeMemory(const QString &side, const QString &socket, const QString &group, int rows);

    // Targets: the GUI thread never held up longer than a frame (60 Hz) in any scenario; no
    // single call of the console holding Redis longer than a few milliseconds.
    static constexpr double MaxStallMs = 16;
    static constexpr double LongestCallMs = RedisCallLog::OverMs;

private:
    bool start(QString *error);
    void idle();
    void throughput();
    void overview();
    void failureGroup();
    void memory();
    void retryAll();
    void priorityRefresh();
    void malformed();    // malformed.cpp
    void activity();     // activity.cpp
    void clusters();     // clusters.cpp
    void events();       // events.cpp
    void search();       // search.cpp
    void alerts();       // alerts.cpp
    void scriptCost();   // scriptcost.cpp
    void operatorWalk(); // operatorwalk.cpp
    // blueque.cpp: a Blueque deployment read by the Blueque page's models; requeue-all
    // (bluequerequeueall.cpp); each kind of Blueque call alone (callsaloneblueque.cpp).
    void blueque();
    void bluequeOverview(BluequeClient *client);
    void bluequeFailedList(BluequeClient *client);
    void bluequeRequeueAll();
    void bluequeCallsAlone(BluequeClient *client);
    bool loadBluequeScripts(); // SCRIPT LOAD of lua/blueque's scripts, sent by SHA after
    // `calls` calls of a Blueque kind, alternating: raw(i) through hiredis (`rawAnswer` sees its
    // reply), then ours(i) on the console's connection; a round-trip ratio figure and the calls
    // read from Redis's log as made alone (`counted`). `judged`: the ratio has a target (not for
    // calls of a few microseconds of Redis's work, where it is the stack's fixed cost).
    void bluequeKind(const QString &id, const QString &kind, int calls, RedisCallLog::Counted counted, bool judged,
                     const std::function<RawRedis::Argv(int)> &raw,
                     const std::function<void(int, QObject *, const std::function<void()> &)> &ours,
                     const std::function<void(const redisReply *)> &rawAnswer = {});
    static constexpr int BluequeListeners = 10;         // listeners of each queue, each running a task
    static constexpr int BluequeBigListenerSet = 10000; // idle listeners more in one queue's set (SSCAN)
    static constexpr int RequeueAllStep = 500;          // lua/blueque/requeueall.lua's cap
    void longestCalls();
    // callsalone.cpp: `issues` times, one after another, issue(i, context, done) makes calls of
    // the console (`callsPerIssue` each) and calls done() when answered; then the log is read as
    // calls of `kind` made alone, host pauses beside them measured (HostPauseMeter).
    void callsAlone(const QString &kind, int issues, int callsPerIssue,
                    const std::function<void(int, QObject *, const std::function<void()> &)> &issue,
                    bool plain = false);
    void groupEachCallAlone(const QString &group, qint64 size);   // callsaloneeach.cpp
    void scaleEachCallAlone(const QByteArray &queue, int groups); // callsalonequeues.cpp
    void workerCallsAlone(); // callsaloneworker.cpp: the simulator's worker commands, plain commands
    // A Lua state holding what a production Redis holds (the workers' qless.lua and the
    // console's), the console's script loaded; restoreRawScripts() after.
    bool aloneLuaState();
    void restoreRawScripts();
    void groupCallsAlone(const QString &group, qint64 size);
    void overviewCallsAlone();
    void scaleCallsAlone(); // of overviewCallsAlone: failure groups and a paused queue at scale
    void searchCallsAlone(const JobSearchQuery &query, int keysPerCall);
    // Sums of the stats of StatsQueuesPerCall queues' day, each day's bins all filled.
    void statsCallsAlone();

    // Runs the event loop until `done` holds; false after `timeoutMs`.
    static bool spin(const std::function<bool()> &done, int timeoutMs = 600000);
    // `commands` through the real connection, `window` in flight at a time; milliseconds until
    // the last reply is in.
    double oursPipeline(const QList<RedisCommand> &commands, qint64 *errors, QString *lastError);
    double rawPipeline(const QList<RawRedis::Argv> &commands, qint64 *errors, QString *lastError);
    // The queue's counts and the failure group's size as the scripts tell them (untimed).
    QJsonObject queueCounts(const QByteArray &queue);
    qint64 groupSize(const QByteArray &group);
    bool flush();
    // The GUI thread's longest stall during a measurement, next to its idle gap (no ratio).
    void addStall(const QString &id, const QString &name, std::optional<double> stallMs);
    void fail(const QString &what);
    QJsonObject memoryProbe(const QString &side, const QString &group, int rows);

    BenchOptions m_options;
    QTemporaryDir m_dir;
    RtThrottle m_rtThrottle; // before the server: restored after it stops
    RedisServer m_server;
    RawRedis m_raw;
    RedisCallLog m_calls{m_raw, ConsoleClientName};
    std::unique_ptr<QlessSession> m_session;
    StallMeter m_meter;
    HostPauseMeter m_hostPauses;
    QString m_hostPauseTrouble; // why host pauses could not be measured, when they could not
    Report m_report;
    double m_idleStallMs = 0;
    QString m_redisPriority; // how the server was scheduled, for the report
    QStringList m_errors;
    QElapsedTimer m_clock;
};
