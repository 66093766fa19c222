// SPDX-License-Identifier: GPL-3.0-or-later
// The Overview's, the queue pages', the Tags', Tracked's, Workers' and Config's calls alone at a
// large deployment's scale (issue #30's cost contract, callkinds.cpp), beside scaleCallsAlone's
// data: `groups` failure groups of 6 KB backtraces and a paused queue of many due scheduled jobs.
// Seeded here by Lua loops in steps of 10,000 (so seeding never holds Redis long), removed after:
// a tag on every due job, 10,000 tags, the failure groups' jobs tracked, a worker holding 10,000
// locks, a day of stats with every bin filled, 10,000 entries of ql:completed.
#include "bench.h"

#include "aloneanswer.h"
#include "alonesend.h"
#include "benchtools.h"
#include "callkinds.h"
#include "daystats.h"
#include "jobscanpage.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "seeder.h"
#include "statshistory.h"
#include "tagcount.h"
#include "trackedjobs.h"
#include "workerinfo.h"

static QString seedMore(RawRedis &raw, int due, int groups, int holds, bool remove)
{
    static const char *const script =
        "local what, from, to, remove = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4] == '1'\n"
        "local function put(key, score, member)\n"
        "  if remove then redis.call('zrem', key, member) else redis.call('zadd', key, score, member) end\n"
        "end\n"
        "for i = from, to do\n"
        "  if what == 'tagged' then put('ql:t:alone-tagged', i, redis.sha1hex('alone due ' .. i))\n"
        "  elseif what == 'tags' then put('ql:tags', i % 1000 + 2, 'alone-tag-' .. i)\n"
        "  elseif what == 'tracked' then put('ql:tracked', 1700000000 + i, redis.sha1hex('alone group ' .. i))\n"
        "  elseif what == 'locks' then put('ql:w:alone-holder:jobs', 1700000000 + i, redis.sha1hex('alone due ' .. "
        "i))\n"
        "  else put('ql:completed', 1700000000 + i, redis.sha1hex('alone due ' .. i)) end\n"
        "end\n"
        "return 0\n";
    const int chunk = 10000;
    for (const auto &[what, count] : {std::pair<QByteArray, int>{"tagged", due},
                                      {"tags", 10000},
                                      {"tracked", groups},
                                      {"locks", holds},
                                      {"completed", qMin(due, 10000)}}) {
        for (int from = 1; from <= count; from += chunk) {
            const RawRedis::Reply reply =
                raw.command({"EVAL", script, "0", what, QByteArray::number(from),
                             QByteArray::number(qMin(count, from + chunk - 1)), remove ? "1" : "0"});
            if (RawRedis::isError(reply.get()))
                return QString::fromUtf8(RawRedis::text(reply.get()));
        }
    }
    return {};
}

// One queue's day with every bin of both histograms filled: the most a day costs to read.
static QList<RawRedis::Argv> statsDay(const QByteArray &queue, const QByteArray &day, bool remove)
{
    QList<RawRedis::Argv> argvs;
    const QByteArray stats = "ql:s:stats:" + day + ":" + queue;
    argvs.append(remove ? RawRedis::Argv{"DEL", stats}
                        : RawRedis::Argv{"HSET", stats, "retries", "3", "failed", "1", "failures", "2"});
    for (const QByteArray &kind : {QByteArray("wait"), QByteArray("run")}) {
        const QByteArray key = "ql:s:" + kind + ":" + day + ":" + queue;
        if (remove) {
            argvs.append({"DEL", key});
            continue;
        }
        RawRedis::Argv argv{"HSET", key, "total", "1000", "mean", "12.5", "vk", "40000.25"};
        for (int i = 0; i < 60; ++i)
            argv << "s" + QByteArray::number(i) << "6";
        for (int i = 1; i < 60; ++i)
            argv << "m" + QByteArray::number(i) << "6";
        for (int i = 1; i < 24; ++i)
            argv << "h" + QByteArray::number(i) << "6";
        for (int i = 1; i < 9; ++i)
            argv << "d" + QByteArray::number(i) << "6";
        argvs.append(argv);
    }
    return argvs;
}

void Bench::scaleEachCallAlone(const QByteArray &queue, int groups)
{
    QlessClient *client = m_session->client();
    RedisConnection *connection = m_session->connection();
    const auto failHere = [this](const QString &what) { fail(what); };
    const bool quick = m_options.mode.startsWith(QLatin1String("quick"));
    const int due = quick ? 10000 : 100000;
    const int holds = quick ? 1000 : 10000;
    const int calls = 100;

    // The simulator's worker commands first: their `complete` trims ql:completed, seeded below.
    workerCallsAlone();

    // The newest failures of the groups desk.failed had no time for, alone: as many groups a call
    // as QlessClient asks at most, spread over all of them.
    const QString newest = CallKinds::of("desk.failurenewest");
    callsAlone(newest, 20, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        QList<QByteArray> names;
        for (int k = 0; k < QlessFailureReads::NewestGroupsPerCall; ++k)
            names << "alone group " + QByteArray::number(1 + (i * 499 + k) % groups);
        aloneSend(connection, aloneScript(connection, false, "desk.failurenewest", names), newest, context, done,
                  failHere);
    });
    // Steps of the list after the first (desk.failuregroups, then its newest failures), from a
    // cursor of the counts' walk, again from that cursor at the end.
    QByteArray first;
    {
        bool answered = false;
        QObject context;
        client->failureReads().failureGroupCounts(QByteArray(), &context,
                                                  [&](const QlessReply<FailureGroupList> &reply) {
                                                      first = reply.value.cursor;
                                                      answered = true;
                                                  });
        spin([&answered] { return answered; }, 60000);
        m_raw.command({"SLOWLOG", "RESET"});
    }
    if (!first.isEmpty() && first != "0") {
        const QString steps = CallKinds::of("desk.failuregroups");
        QByteArray cursor = first;
        callsAlone(steps, 20, 2, [&](int, QObject *context, const std::function<void()> &done) {
            client->failureReads().failureGroupList(
                cursor, context, [&cursor, first, steps, done, failHere](const QlessReply<FailureGroupList> &reply) {
                    if (!reply.ok())
                        failHere(QStringLiteral("%1, alone: %2").arg(steps, reply.error.message));
                    cursor = reply.value.cursor.isEmpty() || reply.value.cursor == "0" ? first : reply.value.cursor;
                    done();
                });
        });
    }

    // The paused queue of due scheduled jobs.
    const QString name = QString::fromUtf8(queue);
    const QString counts = CallKinds::of("desk.queues");
    callsAlone(counts, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->queueReads().queueCounts(name, context, aloneAnswer<QueueCounts>(counts, done, failHere));
    });
    const QString length = CallKinds::of("length");
    callsAlone(length, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->queueReads().queueLength(name, context, aloneAnswer<qint64>(length, done, failHere));
    });
    QStringList queues{name};
    for (int k = 0; queues.size() < 200; ++k)
        queues << QString::fromUtf8(Seeder::queueName(k));
    const QString since = CallKinds::of("desk.waitingsince");
    callsAlone(since, calls, 2, [&](int, QObject *context, const std::function<void()> &done) {
        client->queueReads().waitingSince(queues, context, aloneAnswer<QHash<QString, double>>(since, done, failHere));
    });
    const QString forget = CallKinds::of("desk.queue.forget");
    callsAlone(forget, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->writes().forgetQueues({name}, context, aloneAnswer<QStringList>(forget, done, failHere));
    });
    const QString pause = CallKinds::of("pause");
    callsAlone(pause, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().pauseQueues({QStringLiteral("alone-pause-%1").arg(i)}, context,
                                     aloneAnswer<bool>(pause, done, failHere));
    });
    const QString unpause = CallKinds::of("unpause");
    callsAlone(unpause, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().unpauseQueues({QStringLiteral("alone-pause-%1").arg(i)}, context,
                                       aloneAnswer<bool>(unpause, done, failHere));
    });

    const QByteArray day =
        QByteArray::number(qint64(StatsHistory::timestampOf(StatsHistory::today().addDays(-50))) / 86400 * 86400);
    QString error = seedMore(m_raw, due, groups, holds, false);
    if (error.isEmpty() && m_raw.pipeline(statsDay(queue, day, false), 10) != 0)
        error = QStringLiteral("the stats day");
    m_raw.command({"SLOWLOG", "RESET"});
    if (!error.isEmpty())
        fail(QStringLiteral("calls alone: seeding: ") + error);

    const QString tagged = CallKinds::of("tag");
    callsAlone(tagged, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->trackedTagReads().taggedJobs(QStringLiteral("alone-tagged"), int(qint64(i) * (due - 25) / (calls - 1)),
                                             25, context, aloneAnswer<TaggedJobsPage>(tagged, done, failHere));
    });
    const QString tags = CallKinds::of("desk.tags");
    callsAlone(tags, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->trackedTagReads().topTags(i * (10000 - 25) / (calls - 1), 25, context,
                                          aloneAnswer<QList<TagCount>>(tags, done, failHere));
    });
    const QString tracked = CallKinds::of("desk.tracked");
    callsAlone(tracked, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->trackedTagReads().trackedSummaries(i * (groups - QlessJobReads::SummariesPerCall) / (calls - 1),
                                                   QlessJobReads::SummariesPerCall, context,
                                                   aloneAnswer<TrackedJobs>(tracked, done, failHere));
    });
    const QString trackedStates = CallKinds::of("desk.trackedstates");
    callsAlone(trackedStates, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->trackedTagReads().trackedStates(context, aloneAnswer<TrackedStates>(trackedStates, done, failHere));
    });
    const QString holder = CallKinds::of("desk.workers");
    callsAlone(holder, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->workerReads().workerJobs(QStringLiteral("alone-holder"), i * (holds - 1000) / (calls - 1), 1000,
                                         context, aloneAnswer<WorkerJobs>(holder, done, failHere));
    });
    const QString deregister = CallKinds::of("worker.deregister");
    callsAlone(deregister, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().deregisterWorkers({QStringLiteral("alone-gone-%1").arg(i)}, context,
                                           aloneAnswer<bool>(deregister, done, failHere));
    });
    const QString stats = CallKinds::of("stats");
    const double date = day.toDouble();
    callsAlone(stats, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->statsReads().stats(name, date, context, aloneAnswer<DayStats>(stats, done, failHere));
    });
    const QString completed = CallKinds::of("desk.completed");
    callsAlone(completed, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->scanReads().completedMatching(QString(), QStringLiteral("NoSuchClass"), {}, 1000, context,
                                              aloneAnswer<JobScanPage>(completed, done, failHere));
    });
    const QString config = CallKinds::of("config.get");
    callsAlone(config, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->configReads().config(context, aloneAnswer<QlessConfig>(config, done, failHere));
    });
    const QString set = CallKinds::of("config.set");
    callsAlone(set, calls, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().setConfig(QStringLiteral("alone-option"), QString::number(i), context,
                                   aloneAnswer<bool>(set, done, failHere));
    });
    const QString unset = CallKinds::of("config.unset");
    callsAlone(unset, calls, 1, [&](int, QObject *context, const std::function<void()> &done) {
        client->writes().unsetConfig(QStringLiteral("alone-option"), context, aloneAnswer<bool>(unset, done, failHere));
    });

    error = seedMore(m_raw, due, groups, holds, true);
    m_raw.pipeline(statsDay(queue, day, true), 10);
    m_raw.command({"DEL", "ql:w:alone-holder:jobs"});
    if (!error.isEmpty())
        fail(QStringLiteral("calls alone: removing the seeded data: ") + error);
}
