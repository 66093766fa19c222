// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequewire.h"

#include <charconv>

namespace {
QByteArray key(const char *kind, const QByteArray &queue)
{
    return QByteArray("blueque_") + kind + "_" + queue;
}
QByteArray taskKey(const QByteArray &id)
{
    return "blueque_task_" + id;
}
QByteArray reservedKey(const QByteArray &queue, const QByteArray &listener)
{
    return "blueque_reserved_tasks_" + queue + "_" + listener;
}
QByteArray startedEntry(const QByteArray &listener, qint64 pid, const QByteArray &id)
{
    return listener + ' ' + QByteArray::number(pid) + ' ' + id;
}

// Runs its commands (each: the count of its words, then the words) in order, as EXEC runs a
// transaction's: a command that fails does not stop the others; the first error is the reply.
// Bound: the commands given, each O(1) or O(members touched) as the library's own.
const QByteArray TransactionScript = R"lua(
local i, failed = 1, nil
while i <= #ARGV do
    local n = tonumber(ARGV[i])
    local reply = redis.pcall(unpack(ARGV, i + 1, i + n))
    if type(reply) == 'table' and reply.err and not failed then failed = reply.err end
    i = i + n + 1
end
if failed then return redis.error_reply(failed) end
return 1
)lua";

// Bound: ZRANGEBYSCORE and ZREMRANGEBYSCORE of the due tasks, then an LPUSH and an HSET each: as
// many as the library's enqueue_due_tasks moves in one transaction (it has no limit; the
// simulator runs it every second, so few are due at once).
const QByteArray EnqueueDueScript = R"lua(
local due = redis.call('ZRANGEBYSCORE', ARGV[1], 0, ARGV[3])
if #due == 0 then return 0 end
redis.call('ZREMRANGEBYSCORE', ARGV[1], 0, ARGV[3])
for _, id in ipairs(due) do
    redis.call('LPUSH', ARGV[2], id)
    redis.call('HSET', 'blueque_task_' .. id, 'status', 'pending', 'updated', ARGV[3])
end
return #due
)lua";

RedisCommand transaction(const QList<QList<QByteArray>> &commands)
{
    // Bound: TransactionScript's (above): the library's own commands of one step.
    QList<QByteArray> argv{"EVAL", TransactionScript, "0"};
    for (const QList<QByteArray> &command : commands) {
        argv << QByteArray::number(command.size());
        argv += command;
    }
    return RedisCommand::write(argv);
}

QList<QByteArray> taskFields(const QByteArray &queue, const QByteArray &id, const QByteArray &status,
                             const QByteArray &parameters, const QByteArray &time)
{
    return {"HSET",       taskKey(id), "status",  status, "queue",   queue,
            "parameters", parameters,  "created", time,   "updated", time};
}

RedisCommand finish(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                    const char *status, const char *field, const QByteArray &value, double now)
{
    return transaction(
        {{"LREM", reservedKey(queue, listener), "1", id},
         {"SREM", key("started_tasks", queue), startedEntry(listener, pid, id)},
         {"HSET", taskKey(id), "status", status, field, value, "updated", BluequeWire::timeText(now)},
         {"LPUSH", key(qstrcmp(status, "complete") == 0 ? "complete_tasks" : "failed_tasks", queue), id}});
}
} // namespace

namespace BluequeWire {

QByteArray timeText(double seconds)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, seconds);
    QByteArray text(buffer, int(result.ptr - buffer));
    if (!text.contains('.') && !text.contains('e'))
        text += ".0";
    return text;
}

RedisCommand enqueue(const QByteArray &queue, const QByteArray &id, const QByteArray &parameters, double now)
{
    return transaction({taskFields(queue, id, "pending", parameters, timeText(now)),
                        {"ZINCRBY", "blueque_queues", "0", queue},
                        {"LPUSH", key("pending_tasks", queue), id}});
}

RedisCommand schedule(const QByteArray &queue, const QByteArray &id, const QByteArray &parameters, double eta,
                      double now)
{
    if (eta <= now)
        return enqueue(queue, id, parameters, now);
    const QByteArray etaText = timeText(eta);
    return transaction(
        {taskFields(queue, id, "scheduled", parameters, timeText(now)) + QList<QByteArray>{"eta", etaText},
         {"ZINCRBY", "blueque_queues", "0", queue},
         {"ZADD", key("scheduled_tasks", queue), etaText, id}});
}

RedisCommand enqueueDue(const QByteArray &queue, double now)
{
    // Bound: EnqueueDueScript's (above).
    return RedisCommand::write(
        {"EVAL", EnqueueDueScript, "0", key("scheduled_tasks", queue), key("pending_tasks", queue), timeText(now)});
}

RedisCommand addListener(const QByteArray &queue, const QByteArray &listener)
{
    return transaction({{"SADD", key("listeners", queue), listener}, {"ZINCRBY", "blueque_queues", "1", queue}});
}

RedisCommand reserve(const QByteArray &queue, const QByteArray &listener)
{
    // Bound: O(1), as the library's dequeue.
    return RedisCommand::write({"RPOPLPUSH", key("pending_tasks", queue), reservedKey(queue, listener)});
}

RedisCommand markReserved(const QByteArray &id, const QByteArray &listener, double now)
{
    // Bound: O(1), as the library's dequeue.
    return RedisCommand::write({"HSET", taskKey(id), "status", "reserved", "node", listener, "updated", timeText(now)});
}

RedisCommand start(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid, double now)
{
    return transaction(
        {{"SADD", key("started_tasks", queue), startedEntry(listener, pid, id)},
         {"HSET", taskKey(id), "status", "started", "pid", QByteArray::number(pid), "updated", timeText(now)}});
}

RedisCommand complete(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                      const QByteArray &result, double now)
{
    return finish(queue, id, listener, pid, "complete", "result", result, now);
}

RedisCommand fail(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                  const QByteArray &error, double now)
{
    return finish(queue, id, listener, pid, "failed", "error", error, now);
}

RedisCommand removeListener(const QByteArray &queue, const QByteArray &dead)
{
    // Bound: O(1), as the library's claim_orphan.
    return RedisCommand::write({"SREM", key("listeners", queue), dead});
}

RedisCommand lowerListenerCount(const QByteArray &queue)
{
    // Bound: O(log N) of the queues, as the library's claim_orphan.
    return RedisCommand::write({"ZINCRBY", "blueque_queues", "-1", queue});
}

RedisCommand reservedHead(const QByteArray &queue, const QByteArray &dead)
{
    // Bound: O(1): the head, as the library's claim_orphan.
    return RedisCommand::read({"LINDEX", reservedKey(queue, dead), "0"});
}

RedisCommand markReclaimed(const QByteArray &id, const QByteArray &by)
{
    // Bound: O(1), as the library's claim_orphan.
    return RedisCommand::write({"HSET", taskKey(id), "reclaimed_node", by});
}

} // namespace BluequeWire
