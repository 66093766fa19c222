// SPDX-License-Identifier: GPL-3.0-or-later
// The console's calls alone at a large deployment's scale (callsalone.cpp says how calls alone
// are made and judged).
#include "bench.h"

#include "aloneanswer.h"
#include "benchtools.h"
#include "qlessclient.h"
#include "qlesssession.h"

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
    const QList<RawRedis::Argv> queue =
        remove ? QList<RawRedis::Argv>{{"DEL", "ql:q:" + AloneQueue + "-scheduled", "ql:q:" + AloneQueue + "-work"},
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
    progress(QStringLiteral("overview: seeding %1 failure groups of 6 KB backtraces, %2 due scheduled jobs")
                 .arg(groups)
                 .arg(due));
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
        client->failureReads().failureGroupList(&warm,
                                                [&answered](const QlessReply<FailureGroupList> &) { answered = true; });
        spin([&answered] { return answered; }, 60000);
        const int perWalk = int(qMax<qint64>(1, scriptCalls(m_raw) - before));
        m_raw.command({"SLOWLOG", "RESET"});
        const QString list =
            QStringLiteral("failure-group list step with newest failures (%1 groups, 6 KB backtraces)").arg(groups);
        callsAlone(list, 20, perWalk, [&](int, QObject *context, const std::function<void()> &done) {
            client->failureReads().failureGroupList(context, aloneAnswer<FailureGroupList>(list, done, failHere));
        });
        // The counts All servers and the alerts walk, step after step from the start again.
        const QString counts = QStringLiteral("failure-group counts step (%1 groups)").arg(groups);
        QByteArray cursor;
        callsAlone(counts, 200, 1, [&](int, QObject *context, const std::function<void()> &done) {
            client->failureReads().failureGroupCounts(
                cursor, context, [&cursor, counts, done, failHere](const QlessReply<FailureGroupList> &reply) {
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
            client->jobReads().jobPage(QStringLiteral("waiting"), QString::fromUtf8(AloneQueue),
                                       i % 3 == 0 ? i : offset, 25, context,
                                       aloneAnswer<JidPage>(waiting, done, failHere));
        });
        scaleEachCallAlone(AloneQueue, groups);
        restoreRawScripts();
    }
    error = seedAlone(m_raw, groups, due, true);
    if (!error.isEmpty())
        fail(QStringLiteral("calls alone: removing the seeded data: ") + error);
}
