// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's worker commands (app/simulator: put, pop, heartbeat, fail, complete, retry,
// timeout, track, recur, as SimulatorWire sends them to the unified script) and the console's
// plain Redis commands, alone (issue #30's cost contract, callkinds.cpp). The worker commands
// run on a queue of their own, 400 jobs taken through their life one step of one job a call, and
// everything they made is removed after. Called from scaleEachCallAlone on the alone Lua state,
// which it leaves as it found it (the SCRIPT LOAD kind flushes the scripts: aloneLuaState again).
#include "bench.h"

#include "aloneanswer.h"
#include "alonesend.h"
#include "benchtools.h"
#include "callkinds.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "recurringjob.h"
#include "simulatorwire.h"

namespace {
const QByteArray WorkerQueue = "alone-worker";
const QByteArray WorkerName = "alone-worker-1";

QByteArray workerJid(int i)
{
    return "alone-w-" + QByteArray::number(i);
}
QByteArray templateJid(int i)
{
    return "alone-recur-" + QByteArray::number(i);
}

// Everything the worker steps made: their jobs, queue, worker, group and templates.
const char *const CleanUp =
    "for i = 0, 399 do\n"
    "  local jid = 'alone-w-' .. i\n"
    "  redis.call('del', 'ql:j:' .. jid, 'ql:j:' .. jid .. '-history', 'ql:j:' .. jid .. '-dependents',\n"
    "    'ql:j:' .. jid .. '-dependencies', 'ql:r:alone-recur-' .. i)\n"
    "  redis.call('zrem', 'ql:tracked', jid)\n"
    "  redis.call('zrem', 'ql:completed', jid)\n"
    "end\n"
    "for _, part in ipairs({'work', 'locks', 'scheduled', 'depends', 'recur'}) do\n"
    "  redis.call('del', 'ql:q:alone-worker-' .. part)\n"
    "end\n"
    "redis.call('del', 'ql:f:alone-worker-failed', 'ql:w:alone-worker-1:jobs', 'ql:desk:alone-marker')\n"
    "redis.call('srem', 'ql:failures', 'alone-worker-failed')\n"
    "redis.call('zrem', 'ql:queues', 'alone-worker')\n"
    "redis.call('zrem', 'ql:workers', 'alone-worker-1')\n"
    "return 0\n";
} // namespace

void Bench::workerCallsAlone()
{
    QlessClient *client = m_session->client();
    RedisConnection *connection = m_session->connection();
    const auto failHere = [this](const QString &what) { fail(what); };
    const SimulatorWire wire(SimulatorWire::Shape::Current);
    const auto now = [connection] { return connection->serverNow(); };
    // A worker's call of `kind` for job i, alone.
    const auto each = [&](const QByteArray &command, int from, int count,
                          const std::function<RedisCommand(int)> &make) {
        const QString kind = CallKinds::of(command);
        callsAlone(kind, count, 1, [&](int i, QObject *context, const std::function<void()> &done) {
            aloneSend(connection, make(from + i), kind, context, done, failHere);
        });
    };
    QByteArray backtrace;
    for (int i = 0; i < 75; ++i)
        backtrace += "/usr/lib/ruby/gems/3.1.0/gems/some-gem-1.2.3/lib/some/module/file.rb:123:in `call'\n";

    each("put", 0, 400,
         [&](int i) { return wire.put(now(), WorkerName, WorkerQueue, workerJid(i), "Alone", "{}", 0, {}); });
    each("pop", 0, 400, [&](int) { return wire.pop(now(), WorkerQueue, WorkerName, 1); });
    each("heartbeat", 0, 400, [&](int i) { return wire.heartbeat(now(), workerJid(i), WorkerName); });
    each("fail", 0, 100, [&](int i) {
        return wire.fail(now(), workerJid(i), WorkerName, "alone-worker-failed", "Error\n" + backtrace);
    });
    each("complete", 100, 100,
         [&](int i) { return wire.complete(now(), workerJid(i), WorkerName, WorkerQueue, "{}", {}); });
    each("retry", 200, 100, [&](int i) { return wire.retry(now(), workerJid(i), WorkerQueue, WorkerName, 0); });
    each("timeout", 300, 50, [&](int i) { return *wire.timeout(now(), workerJid(i)); });
    each("track", 0, 100, [&](int i) { return wire.track(now(), workerJid(i)); });
    each("recur", 0, 100,
         [&](int i) { return wire.recur(now(), WorkerQueue, templateJid(i), "Alone", "{}", 3600, 0, {}); });

    // The console's steps on these jobs and templates.
    const QString timeout = CallKinds::of("desk.timeout");
    callsAlone(timeout, 50, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().timeout(workerJid(350 + i), context, aloneAnswer<bool>(timeout, done, failHere));
    });
    const QString recurring = CallKinds::of("desk.recur.get");
    callsAlone(recurring, 100, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->jobReads().recurringJob(templateJid(i), context,
                                        aloneAnswer<std::optional<RecurringJob>>(recurring, done, failHere));
    });
    const QString update = CallKinds::of("desk.recur.update");
    callsAlone(update, 100, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        RecurringUpdate change;
        change.priority = 3;
        client->writes().updateRecurring(templateJid(i), change, context, aloneAnswer<bool>(update, done, failHere));
    });
    const QString off = CallKinds::of("desk.unrecur");
    callsAlone(off, 100, 1, [&](int i, QObject *context, const std::function<void()> &done) {
        client->writes().recurringOff(templateJid(i), context, aloneAnswer<qint64>(off, done, failHere));
    });

    // Plain commands, as the connection, BulkRunner and the simulator's keyspace claim send them.
    const QList<std::pair<QByteArray, RedisCommand>> plain{
        {"TIME", RedisCommand::read({"TIME"})},
        {"PING", RedisCommand::read({"PING"})},
        {"GET", RedisCommand::read({"GET", "ql:desk:run:alone-release"})},
        {"EXISTS", RedisCommand::read({"EXISTS", "ql:receipt:alone-release:0"})},
        {"DBSIZE", RedisCommand::read({"DBSIZE"})},
        {"SET", RedisCommand::write({"SET", "ql:desk:alone-marker", "bench", "NX"})},
        {"ROLE", RedisCommand::read({"ROLE"})},
        {"INFO", RedisCommand::read({"INFO", "server"})},
    };
    for (const auto &[command, argv] : plain) {
        const QString kind = CallKinds::of(command);
        callsAlone(
            kind, 100, 1,
            [&](int, QObject *context, const std::function<void()> &done) {
                aloneSend(connection, argv, kind, context, done, failHere);
            },
            true);
    }
    // The console's load of its script after a SCRIPT FLUSH (or a restarted server): NOSCRIPT,
    // SCRIPT LOAD, the call again.
    const QString load = CallKinds::of("SCRIPT LOAD");
    callsAlone(
        load, 20, 3,
        [&](int, QObject *context, const std::function<void()> &done) {
            m_raw.command({"SCRIPT", "FLUSH", "SYNC"});
            client->configReads().config(context, aloneAnswer<QlessConfig>(load, done, failHere));
        },
        true);

    const RawRedis::Reply cleaned = m_raw.command({"EVAL", CleanUp, "0"});
    if (RawRedis::isError(cleaned.get()))
        fail(QStringLiteral("calls alone: removing the worker steps' data: ")
             + QString::fromUtf8(RawRedis::text(cleaned.get())));
    aloneLuaState();
}
