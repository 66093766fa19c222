-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque enqueuedue: one bounded step of the library's enqueue_due_tasks for a queue whose
-- scheduler is not running: scheduled tasks with eta <= now, earliest first, to pending, each
-- written as the library writes it (LPUSH, status pending, updated now; eta stays).
-- EVALSHA <sha> 0 <queue> <now> <skip> <count>
--   skip: due entries earlier steps left in place (the sum of their "left"); count: 1..500.
-- Reply: {moved, left, stillDue}: left = entries kept in the scheduled set because their hash is
-- missing, of another queue or not scheduled (the library would move them anyway and write a
-- half hash for a missing one); stillDue = due entries after the step. Done when
-- stillDue <= skip + left.
-- Bound: one ZRANGEBYSCORE of skip + count entries, count HMGETs, one ZREM and one LPUSH of the
-- moved tasks, one HSET per moved task, one ZCOUNT
local queue, now = ARGV[1], ARGV[2]
local skip, count = tonumber(ARGV[3]), tonumber(ARGV[4])
if not queue or queue == '' then return redis.error_reply('blueque enqueuedue: a queue is required') end
if not tonumber(now) then return redis.error_reply('blueque enqueuedue: now must be a number') end
if not skip or skip < 0 or skip ~= math.floor(skip) then
    return redis.error_reply('blueque enqueuedue: skip must be a whole number >= 0')
end
if not count or count < 1 or count > 500 or count ~= math.floor(count) then
    return redis.error_reply('blueque enqueuedue: count must be a whole number from 1 to 500')
end
local scheduledKey = 'blueque_scheduled_tasks_' .. queue
local pendingKey = 'blueque_pending_tasks_' .. queue
local due = redis.call('ZRANGEBYSCORE', scheduledKey, '-inf', now, 'LIMIT', skip, count)
local move = {}
for _, id in ipairs(due) do
    local fields = redis.call('HMGET', 'blueque_task_' .. id, 'status', 'queue')
    if fields[1] == 'scheduled' and fields[2] == queue then move[#move + 1] = id end
end
if #move > 0 then
    -- One ZREM and one LPUSH for the step (in eta order, as the library pushes them).
    redis.call('ZREM', scheduledKey, unpack(move))
    redis.call('LPUSH', pendingKey, unpack(move))
end
for _, id in ipairs(move) do
    redis.call('HSET', 'blueque_task_' .. id, 'status', 'pending', 'updated', now)
end
return {#move, #due - #move, redis.call('ZCOUNT', scheduledKey, '-inf', now)}
