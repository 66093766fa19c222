// SPDX-License-Identifier: GPL-3.0-or-later
// The console's calls one at a time, nothing else running: what each kind of bounded call asks
// of Redis at the bench's sizes (a failure group of 1,000,000, with per-job steps on jobs halfway
// down it, 1,000 queues, 10,000 workers, a search across 1,000,000 jobs, the stats of 1,000
// queues' day).
// In the scenarios the same calls run beside the console's other threads, the raw side and the
// memory probes, and this 2-core virtual machine's host pauses: there Redis logged 5 to 12 ms for
// calls that take 1.5 to 3.5 ms of its CPU alone (10,000 page reads alone: none over 4 ms), and
// reading half as many rows a call left that tail as it was.
//
// Much of that tail is Lua's garbage collector, which runs inside whichever script call is
// running, and whose cycles mark every script loaded. The raw side loads 23 per-command scripts
// (each the whole library, 8 MB of Lua heap together): with them, 91 page reads of a small group
// (the server alone) had three in a row at 3.4 ms of Redis's CPU, against 1.0 ms for most; with
// only qless.lua loaded (0.5 MB) none of the same 91 passed 1.5 ms. A production Redis holds the
// workers' qless.lua and the console's. So the calls alone run on a fresh Lua state holding just
// that (SCRIPT FLUSH, then qless.lua twice under two names), and the raw side's scripts are loaded
// again after. The host's pauses are still there: HostPauseMeter watches Redis's core and
// RedisCallLog::drainAlone sets a call aside as the host's when a pause beside it covers its
// excess over 5 ms.
#include "bench.h"

#include "aloneanswer.h"

#include "benchtools.h"
#include "callkinds.h"
#include "failedbatch.h"
#include "failureclusterscan.h"
#include "jobsearchquery.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "scriptlibrary.h"
#include "seeder.h"
#include "statshistory.h"

bool Bench::aloneLuaState()
{
    const LuaScript *unified = ScriptLibrary::instance().find(QStringLiteral("qless"));
    if (!unified) {
        fail(QStringLiteral("calls alone: no qless script in the library"));
        return false;
    }
    // The workers' copy: the same library under another name (a comment changes its sha).
    const QList<RawRedis::Argv> steps{{"SCRIPT", "FLUSH", "SYNC"},
                                      {"SCRIPT", "LOAD", unified->source + "\n-- the workers' copy\n"}};
    for (const RawRedis::Argv &step : steps) {
        const RawRedis::Reply reply = m_raw.command(step);
        if (RawRedis::isError(reply.get())) {
            fail(QStringLiteral("calls alone: %1: %2")
                     .arg(QString::fromUtf8(step.at(1)), QString::fromUtf8(RawRedis::text(reply.get()))));
            restoreRawScripts(); // the sections after still need them
            return false;
        }
    }
    // The console finds its script gone at its next call and loads it once (RedisConnection):
    // made here, so that load is not one of the calls measured.
    bool answered = false;
    QObject context;
    m_session->client()->configReads().config(&context,
                                              [&answered](const QlessReply<QlessConfig> &) { answered = true; });
    if (!spin([&answered] { return answered; }, 60000)) {
        fail(QStringLiteral("calls alone: the console did not answer after SCRIPT FLUSH"));
        restoreRawScripts();
        return false;
    }
    m_raw.command({"SLOWLOG", "RESET"});
    return true;
}

void Bench::restoreRawScripts()
{
    QString error;
    if (!m_raw.loadScripts(&error))
        fail(QStringLiteral("calls alone: loading the raw side's scripts again: ") + error);
}

void Bench::callsAlone(const QString &kind, int issues, int callsPerIssue,
                       const std::function<void(int, QObject *, const std::function<void()> &)> &issue, bool plain)
{
    const QString why = m_hostPauses.start(m_server.processId());
    if (!why.isEmpty() && m_hostPauseTrouble.isEmpty())
        m_hostPauseTrouble = why;
    QObject context;
    for (int i = 0; i < issues; ++i) {
        bool answered = false;
        issue(i, &context, [&answered] { answered = true; });
        if (!spin([&answered] { return answered; }, 60000)) {
            fail(QStringLiteral("%1, alone: call %2 got no answer").arg(kind).arg(i));
            break;
        }
    }
    m_hostPauses.stop();
    m_calls.drainAlone(kind, issues * callsPerIssue, why.isEmpty() ? &m_hostPauses : nullptr,
                       plain ? RedisCallLog::Counted::Plain : RedisCallLog::Counted::UnifiedScript);
}

void Bench::groupCallsAlone(const QString &group, qint64 size)
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int calls = 300;
    const auto spread = [size, calls](int i, int width) {
        return qint64(i) * qMax<qint64>(0, size - width) / qMax(1, calls - 1);
    };
    progress(QStringLiteral("failure group: the console's calls alone, %1 of each kind").arg(calls));
    if (!aloneLuaState())
        return;

    const QString pages = QStringLiteral("page of %1 rows of the group").arg(QlessJobReads::SummariesPerCall);
    callsAlone(pages, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->failureReads().failedSummaries(group, int(spread(i, QlessJobReads::SummariesPerCall)),
                                               QlessJobReads::SummariesPerCall, context,
                                               aloneAnswer<FailedJobsPage>(pages, done, failHere));
    });

    const QString summaries = QStringLiteral("row summaries of %1 jobs").arg(QlessJobReads::SummariesPerCall);
    callsAlone(summaries, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessJobReads::SummariesPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->jobReads().summaries(jids, context, aloneAnswer<QList<std::optional<Job>>>(summaries, done, failHere));
    });

    const QString sigs = QStringLiteral("cluster signatures of %1 failures").arg(FailureClusterScan::PageSize);
    callsAlone(sigs, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->failureReads().failureSigs(group, spread(i, FailureClusterScan::PageSize), FailureClusterScan::PageSize,
                                           context, aloneAnswer<FailureSigPage>(sigs, done, failHere));
    });

    // Reading back the jobs whose step was refused (BulkRunner::explainRefusals), and whole jobs.
    const QString states = QStringLiteral("states of %1 jobs").arg(QlessJobReads::StatesPerCall);
    callsAlone(states, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessJobReads::StatesPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->jobReads().jobStates(jids, context, aloneAnswer<QList<std::optional<Job>>>(states, done, failHere));
    });
    const QString whole = QStringLiteral("multiget of %1 whole jobs").arg(QlessJobReads::MultiGetPerCall);
    callsAlone(whole, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessJobReads::MultiGetPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->jobReads().multiGet(jids, context, aloneAnswer<QList<std::optional<Job>>>(whole, done, failHere));
    });

    // A bulk run's per-job steps (a selection, "Act on all matches", a cluster), each under its
    // receipt as BulkRunner sends it, on jobs around the middle of the list, as far from either
    // end as a job can be: each takes its entry out of the group's list (Qless.failure_list_remove).
    // These take jobs out of the group; the seeder's jobs go onto the list in order, so job
    // size / 2 is halfway down, and each kind takes its own run of jobs beside it.
    const int steps = 100;
    const qint64 middle = size / 2;
    const QString retries = QStringLiteral("retry of a job halfway down the group");
    callsAlone(retries, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = Seeder::jid(group, middle + i);
        client->writes().move(jid, QString(), QStringLiteral("failed"), "alone-retry:" + jid, context,
                              aloneAnswer<bool>(retries, done, failHere));
    });
    const QString moves = QStringLiteral("move of a job halfway down the group");
    callsAlone(moves, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = Seeder::jid(group, middle - 1 - i);
        client->writes().move(jid, QStringLiteral("elsewhere"), QStringLiteral("failed"), "alone-move:" + jid, context,
                              aloneAnswer<bool>(moves, done, failHere));
    });
    // As BulkRunner cancels a job (desk.cancel under its receipt).
    const QString cancels = CallKinds::of("desk.cancel");
    callsAlone(cancels, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = Seeder::jid(group, middle + steps + i);
        client->writes().cancelStep(jid, false, "alone-cancel:" + jid, context,
                                    aloneAnswer<QString>(cancels, done, failHere));
    });
    groupEachCallAlone(group, size);

    // Last: these take jobs out of the group from its tail.
    const int batches = 200;
    for (const FailedActionRequest::Kind action :
         {FailedActionRequest::Kind::Retry, FailedActionRequest::Kind::Cancel}) {
        const bool retry = action == FailedActionRequest::Kind::Retry;
        const QString kind = QStringLiteral("%1 batch of %2")
                                 .arg(retry ? QStringLiteral("retry") : QStringLiteral("cancel"))
                                 .arg(BulkRunner::GroupBatchJobs);
        callsAlone(kind, batches, 1, [&](int i, QObject *context, const std::function<void()> &done) {
            FailedActionRequest request;
            request.kind = action;
            request.group = group;
            request.count = BulkRunner::GroupBatchJobs;
            request.key = QStringLiteral("alone-%1-%2").arg(kind).arg(i).toUtf8();
            client->writes().failedAction(request, context, aloneAnswer<FailedBatch>(kind, done, failHere));
        });
    }
    restoreRawScripts();
}

void Bench::overviewCallsAlone()
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int walks = 8;
    progress(QStringLiteral("overview: the console's calls alone, %1 walks of each list").arg(walks));
    if (!aloneLuaState())
        return;
    // One walk is a call per page, one after another (QlessQueueReads::queueCounts, ::workers).
    const int queuePages = (m_options.queues + QlessQueueReads::QueuePageSize - 1) / QlessQueueReads::QueuePageSize;
    const QString queues = QStringLiteral("page of %1 queues").arg(QlessQueueReads::QueuePageSize);
    callsAlone(queues, walks, queuePages, [&](int, QObject *context, const std::function<void()> &done) {
        client->queueReads().queueCounts(context, aloneAnswer<QList<QueueCounts>>(queues, done, failHere));
    });
    const int workerPages =
        (m_options.workers + QlessWorkerReads::WorkerPageSize - 1) / QlessWorkerReads::WorkerPageSize;
    const QString workers = QStringLiteral("page of %1 workers").arg(QlessWorkerReads::WorkerPageSize);
    callsAlone(workers, walks, workerPages, [&](int, QObject *context, const std::function<void()> &done) {
        client->workerReads().workers(context, aloneAnswer<QList<WorkerSummary>>(workers, done, failHere));
    });
    // Asked once at each connect (QlessSession): a fixed few dozen ACL checks, whatever the data.
    const QString permissions = QStringLiteral("the user's permissions");
    callsAlone(permissions, 200, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->configReads().userPermissions(context, aloneAnswer<QJsonObject>(permissions, done, failHere));
    });
    restoreRawScripts();
    scaleCallsAlone();
}

void Bench::searchCallsAlone(const JobSearchQuery &query, int keysPerCall)
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int calls = 300;
    progress(QStringLiteral("search: the console's calls alone, %1 steps of the walk").arg(calls));
    if (!aloneLuaState())
        return;
    const QString kind = QStringLiteral("search step of %1 keys").arg(keysPerCall);
    QByteArray cursor = "0";
    callsAlone(kind, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->scanReads().searchJobs(query, cursor, keysPerCall, context,
                                       [&cursor, kind, done, failHere](const QlessReply<JobSearchPage> &reply) {
                                           if (!reply.ok())
                                               failHere(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
                                           else
                                               cursor = reply.value.atEnd()
                                                            ? QByteArray("0")
                                                            : reply.value.cursor; // from the start again at the end
                                           done();
                                       });
    });
    restoreRawScripts();
}

void Bench::statsCallsAlone()
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int calls = 300;
    const int queues = m_options.queues;
    const int perCall = qMin(QlessStatsReads::StatsQueuesPerCall, queues);
    progress(QStringLiteral("stats: the console's calls alone, %1 sums of %2 queues' day").arg(calls).arg(perCall));
    // Every queue's day with every bin of both histograms filled (and a week-old bin as other
    // writers keep it): the most a queue's day costs to read. A day long past, read by no other section.
    const double date = StatsHistory::timestampOf(StatsHistory::today().addDays(-45));
    const QByteArray day = QByteArray::number(qint64(date) / 86400 * 86400);
    QList<QByteArray> bins;
    for (int i = 0; i < 60; ++i)
        bins << "s" + QByteArray::number(i);
    for (int i = 1; i < 60; ++i)
        bins << "m" + QByteArray::number(i);
    for (int i = 1; i < 24; ++i)
        bins << "h" + QByteArray::number(i);
    for (int i = 1; i < 9; ++i)
        bins << "d" + QByteArray::number(i);
    QList<RawRedis::Argv> seed;
    QList<RawRedis::Argv> unseed;
    for (int i = 0; i < queues; ++i) {
        const QByteArray queue = Seeder::queueName(i);
        const QByteArray stats = "ql:s:stats:" + day + ":" + queue;
        seed.append({"HSET", stats, "retries", "3", "failed", "1", "failures", "2"});
        unseed.append({"DEL", stats});
        for (const QByteArray &kind : {QByteArray("wait"), QByteArray("run")}) {
            RawRedis::Argv argv{"HSET",  "ql:s:" + kind + ":" + day + ":" + queue,
                                "total", "1000",
                                "mean",  QByteArray::number(12.5 + i),
                                "vk",    "40000.25"};
            for (const QByteArray &bin : std::as_const(bins))
                argv << bin << "6";
            seed.append(argv);
            unseed.append({"DEL", argv.at(1)});
        }
    }
    QByteArray last;
    if (m_raw.pipeline(seed, 100, &last) != 0) {
        fail(QStringLiteral("stats, alone: seeding the stats: ") + QString::fromUtf8(last));
        return;
    }
    if (aloneLuaState()) {
        const QString kind = QStringLiteral("stats sum of %1 queues' day").arg(perCall);
        const int parts = (queues + perCall - 1) / perCall;
        callsAlone(kind, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
            DayStatsRequest request{date, {}};
            const int first = (i % parts) * perCall;
            for (int k = first; k < qMin(queues, first + perCall); ++k)
                request.queues << QString::fromUtf8(Seeder::queueName(k));
            client->statsReads().statsSums({request}, context, aloneAnswer<QList<DayStatsPart>>(kind, done, failHere));
        });
        restoreRawScripts();
    }
    m_raw.pipeline(unseed, 100); // the sections after count and scan keys
}
