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

#include "benchtools.h"
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
            fail(QStringLiteral("calls alone: %1: %2").arg(QString::fromUtf8(step.at(1)), QString::fromUtf8(RawRedis::text(reply.get()))));
            restoreRawScripts(); // the sections after still need them
            return false;
        }
    }
    // The console finds its script gone at its next call and loads it once (RedisConnection):
    // made here, so that load is not one of the calls measured.
    bool answered = false;
    QObject context;
    m_session->client()->config(&context, [&answered](const QlessReply<QlessConfig> &) { answered = true; });
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
                       const std::function<void(int, QObject *, const std::function<void()> &)> &issue)
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
    m_calls.drainAlone(kind, issues * callsPerIssue, why.isEmpty() ? &m_hostPauses : nullptr);
}

// A call that failed is a failed measurement, not a short call: said, and the bench fails.
template<typename T>
static std::function<void(const QlessReply<T> &)> answer(const QString &kind, const std::function<void()> &done,
                                                          const std::function<void(const QString &)> &fail)
{
    return [kind, done, fail](const QlessReply<T> &reply) {
        if (!reply.ok())
            fail(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
        done();
    };
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

    const QString pages = QStringLiteral("page of %1 rows of the group").arg(QlessClient::SummariesPerCall);
    callsAlone(pages, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->failedSummaries(group, int(spread(i, QlessClient::SummariesPerCall)), QlessClient::SummariesPerCall,
                                context, answer<FailedJobsPage>(pages, done, failHere));
    });

    const QString summaries = QStringLiteral("row summaries of %1 jobs").arg(QlessClient::SummariesPerCall);
    callsAlone(summaries, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessClient::SummariesPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->summaries(jids, context, answer<QList<std::optional<Job>>>(summaries, done, failHere));
    });

    const QString sigs = QStringLiteral("cluster signatures of %1 failures").arg(FailureClusterScan::PageSize);
    callsAlone(sigs, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->failureSigs(group, spread(i, FailureClusterScan::PageSize), FailureClusterScan::PageSize, context,
                            answer<FailureSigPage>(sigs, done, failHere));
    });

    // Reading back the jobs whose step was refused (BulkRunner::explainRefusals), and whole jobs.
    const QString states = QStringLiteral("states of %1 jobs").arg(QlessClient::StatesPerCall);
    callsAlone(states, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessClient::StatesPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->jobStates(jids, context, answer<QList<std::optional<Job>>>(states, done, failHere));
    });
    const QString whole = QStringLiteral("multiget of %1 whole jobs").arg(QlessClient::MultiGetPerCall);
    callsAlone(whole, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> jids;
        for (int k = 0; k < QlessClient::MultiGetPerCall; ++k)
            jids << Seeder::jid(group, (spread(i, 0) + qint64(k) * 7919) % size);
        client->multiGet(jids, context, answer<QList<std::optional<Job>>>(whole, done, failHere));
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
        client->move(jid, QString(), QStringLiteral("failed"), "alone-retry:" + jid, context,
                     answer<bool>(retries, done, failHere));
    });
    const QString moves = QStringLiteral("move of a job halfway down the group");
    callsAlone(moves, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = Seeder::jid(group, middle - 1 - i);
        client->move(jid, QStringLiteral("elsewhere"), QStringLiteral("failed"), "alone-move:" + jid, context,
                     answer<bool>(moves, done, failHere));
    });
    const QString cancels = QStringLiteral("cancel of a job halfway down the group");
    callsAlone(cancels, steps, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        const QByteArray jid = Seeder::jid(group, middle + steps + i);
        client->cancel({jid}, "alone-cancel:" + jid, context, answer<QStringList>(cancels, done, failHere));
    });

    // Last: these take jobs out of the group from its tail.
    const int batches = 200;
    for (const FailedActionRequest::Kind action : {FailedActionRequest::Kind::Retry, FailedActionRequest::Kind::Cancel}) {
        const bool retry = action == FailedActionRequest::Kind::Retry;
        const QString kind = QStringLiteral("%1 batch of %2").arg(retry ? QStringLiteral("retry") : QStringLiteral("cancel"))
                                 .arg(BulkRunner::GroupBatchJobs);
        callsAlone(kind, batches, 1, [&](int i, QObject *context, const std::function<void()> &done) {
            FailedActionRequest request;
            request.kind = action;
            request.group = group;
            request.count = BulkRunner::GroupBatchJobs;
            request.key = QStringLiteral("alone-%1-%2").arg(kind).arg(i).toUtf8();
            client->failedAction(request, context, answer<FailedBatch>(kind, done, failHere));
        });
    }
    restoreRawScripts();
}

// Data for the Overview's and Failed page's calls at a large deployment's scale, seeded by Lua
// loops in steps (10,000 items a call, so seeding never holds Redis long) and removed after:
// `groups` failure groups of one job whose failure carries a 6 KB backtrace, and `due` due
// scheduled jobs (with 50 waiting ones) in the paused queue AloneQueue.
static const QByteArray AloneQueue = "alone-paused";

static QString seedAlone(RawRedis &raw, int groups, int due, bool remove)
{
    static const char *const script =
        "local what, from, to, remove = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'\n"
        "local frame = '/usr/lib/ruby/gems/3.1.0/gems/some-gem-1.2.3/lib/some/module/file.rb:123:in `call'\n"
        "local lines = {}\n"
        "for i = 1, 75 do lines[i] = frame end\n"
        "local backtrace = table.concat(lines, '\\n')\n"
        "for i = from, to do\n"
        "  if what == 'group' then\n"
        "    local group, jid = 'alone group ' .. i, redis.sha1hex('alone group ' .. i)\n"
        "    if remove then\n"
        "      redis.call('del', 'ql:f:' .. group, 'ql:j:' .. jid)\n"
        "      redis.call('srem', 'ql:failures', group)\n"
        "    else\n"
        "      redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'state', 'failed', 'queue', 'alone',\n"
        "        'failure', cjson.encode({ group = group, message = 'Error ' .. i .. '\\n' .. backtrace,\n"
        "          when = 1700000000 + i, worker = 'worker-' .. i }))\n"
        "      redis.call('lpush', 'ql:f:' .. group, jid)\n"
        "      redis.call('sadd', 'ql:failures', group)\n"
        "    end\n"
        "  else\n"
        "    local jid = redis.sha1hex('alone ' .. what .. ' ' .. i)\n"
        "    local set = what == 'due' and 'scheduled' or 'work'\n"
        "    if remove then\n"
        "      redis.call('del', 'ql:j:' .. jid)\n"
        "    else\n"
        "      redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'state', what == 'due' and 'scheduled' or 'waiting',\n"
        "        'queue', ARGV[5], 'priority', i % 7, 'data', '{}', 'klass', 'Alone')\n"
        "      redis.call('zadd', 'ql:q:' .. ARGV[5] .. '-' .. set, what == 'due' and 1700000000 + i or i % 5, jid)\n"
        "    end\n"
        "  end\n"
        "end\n"
        "return 0\n";
    const auto step = [&raw](const QByteArray &what, int from, int to, bool drop) {
        const RawRedis::Reply reply = raw.command({"EVAL", script, "0", what, QByteArray::number(from),
                                                   QByteArray::number(to), drop ? "1" : "0", AloneQueue});
        return RawRedis::isError(reply.get()) ? QString::fromUtf8(RawRedis::text(reply.get())) : QString();
    };
    const int chunk = 10000;
    for (const auto &[what, count] : {std::pair<QByteArray, int>{"group", groups}, {"due", due}, {"work", 50}}) {
        for (int from = 1; from <= count; from += chunk) {
            const QString error = step(what, from, qMin(count, from + chunk - 1), remove);
            if (!error.isEmpty())
                return error;
        }
    }
    const QList<RawRedis::Argv> queue = remove
        ? QList<RawRedis::Argv>{{"DEL", "ql:q:" + AloneQueue + "-scheduled", "ql:q:" + AloneQueue + "-work"},
                                {"SREM", "ql:paused_queues", AloneQueue}}
        : QList<RawRedis::Argv>{{"SADD", "ql:paused_queues", AloneQueue}};
    for (const RawRedis::Argv &argv : queue)
        raw.command(argv);
    return {};
}

// Script calls the server has run (INFO commandstats): how many calls a walk of the console made.
static qint64 scriptCalls(RawRedis &raw)
{
    const RawRedis::Reply info = raw.command({"INFO", "commandstats"});
    for (const QByteArray &line : RawRedis::text(info.get()).split('\n')) {
        if (line.startsWith("cmdstat_evalsha:")) {
            const int at = line.indexOf("calls=") + 6;
            return line.mid(at, line.indexOf(',', at) - at).toLongLong();
        }
    }
    return 0;
}

// The Failed page's and the All servers / alerts' reads of the failure groups, and the Waiting
// tab of a queue nobody pops, at a large deployment's sizes (issue #30).
void Bench::scaleCallsAlone()
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const bool quick = m_options.mode.startsWith(QLatin1String("quick"));
    const int groups = quick ? 1000 : 10000;
    const int due = quick ? 10000 : 100000;
    progress(QStringLiteral("overview: seeding %1 failure groups of 6 KB backtraces, %2 due scheduled jobs").arg(groups).arg(due));
    QString error = seedAlone(m_raw, groups, due, false);
    if (!error.isEmpty()) {
        fail(QStringLiteral("calls alone: seeding: ") + error);
        seedAlone(m_raw, groups, due, true);
        return;
    }
    if (aloneLuaState()) {
        // One step of the list with every listed group's newest failure (desk.failed, then
        // desk.failurenewest until none is left): how many calls that takes, from one walk first.
        const qint64 before = scriptCalls(m_raw);
        bool answered = false;
        QObject warm;
        client->failureGroupList(&warm, [&answered](const QlessReply<FailureGroupList> &) { answered = true; });
        spin([&answered] { return answered; }, 60000);
        const int perWalk = int(qMax<qint64>(1, scriptCalls(m_raw) - before));
        m_raw.command({"SLOWLOG", "RESET"});
        const QString list = QStringLiteral("failure-group list step with newest failures (%1 groups, 6 KB backtraces)")
                                 .arg(groups);
        callsAlone(list, 20, perWalk, [&](int, QObject *context, const std::function<void()> &done) {
            client->failureGroupList(context, answer<FailureGroupList>(list, done, failHere));
        });
        // The counts All servers and the alerts walk, step after step from the start again.
        const QString counts = QStringLiteral("failure-group counts step (%1 groups)").arg(groups);
        QByteArray cursor;
        callsAlone(counts, 200, 1, [&](int, QObject *context, const std::function<void()> &done) {
            client->failureGroupCounts(cursor, context, [&cursor, counts, done, failHere](const QlessReply<FailureGroupList> &reply) {
                if (!reply.ok())
                    failHere(QStringLiteral("%1, alone: %2").arg(counts, reply.error.message));
                cursor = reply.value.cursor;
                done();
            });
        });
        // Pages of the Waiting tab at depths spread over the whole list.
        const QString waiting = QStringLiteral("waiting page of 25 (%1 due scheduled, paused queue)").arg(due);
        const int pages = 300;
        callsAlone(waiting, pages, 1, [&](int i, QObject *context, const std::function<void()> &done) {
            const int offset = int(qint64(i) * (due + 50 - 25) / (pages - 1));
            client->jobPage(QStringLiteral("waiting"), QString::fromUtf8(AloneQueue), i % 3 == 0 ? i : offset, 25, context,
                            answer<JidPage>(waiting, done, failHere));
        });
        restoreRawScripts();
    }
    error = seedAlone(m_raw, groups, due, true);
    if (!error.isEmpty())
        fail(QStringLiteral("calls alone: removing the seeded data: ") + error);
}

void Bench::overviewCallsAlone()
{
    QlessClient *client = m_session->client();
    const auto failHere = [this](const QString &what) { fail(what); };
    const int walks = 8;
    progress(QStringLiteral("overview: the console's calls alone, %1 walks of each list").arg(walks));
    if (!aloneLuaState())
        return;
    // One walk is a call per page, one after another (QlessClient::queueCounts, ::workers).
    const int queuePages = (m_options.queues + QlessClient::QueuePageSize - 1) / QlessClient::QueuePageSize;
    const QString queues = QStringLiteral("page of %1 queues").arg(QlessClient::QueuePageSize);
    callsAlone(queues, walks, queuePages, [&](int, QObject *context, const std::function<void()> &done) {
        client->queueCounts(context, answer<QList<QueueCounts>>(queues, done, failHere));
    });
    const int workerPages = (m_options.workers + QlessClient::WorkerPageSize - 1) / QlessClient::WorkerPageSize;
    const QString workers = QStringLiteral("page of %1 workers").arg(QlessClient::WorkerPageSize);
    callsAlone(workers, walks, workerPages, [&](int, QObject *context, const std::function<void()> &done) {
        client->workers(context, answer<QList<WorkerSummary>>(workers, done, failHere));
    });
    // Asked once at each connect (QlessSession): a fixed few dozen ACL checks, whatever the data.
    const QString permissions = QStringLiteral("the user's permissions");
    callsAlone(permissions, 200, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->userPermissions(context, answer<QJsonObject>(permissions, done, failHere));
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
        client->searchJobs(query, cursor, keysPerCall, context, [&cursor, kind, done, failHere](const QlessReply<JobSearchPage> &reply) {
            if (!reply.ok())
                failHere(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
            else
                cursor = reply.value.atEnd() ? QByteArray("0") : reply.value.cursor; // from the start again at the end
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
    const int perCall = qMin(QlessClient::StatsQueuesPerCall, queues);
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
            RawRedis::Argv argv{"HSET", "ql:s:" + kind + ":" + day + ":" + queue, "total", "1000",
                                "mean", QByteArray::number(12.5 + i), "vk", "40000.25"};
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
            client->statsSums({request}, context, answer<QList<DayStatsPart>>(kind, done, failHere));
        });
        restoreRawScripts();
    }
    m_raw.pipeline(unseed, 100); // the sections after count and scan keys
}
