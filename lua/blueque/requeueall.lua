-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque requeueall: one bounded step of "requeue every failed task of a queue", oldest first
-- (the tail of the failed list). Each task goes back to pending as requeue.lua leaves it.
-- EVALSHA <sha> 0 <queue> <now> <count>   (count: entries to look at this step, 1..500)
-- Reply: {requeued, left, remaining}: left = entries of this step kept in the failed list because
-- their hash is missing, names another queue or is not failed; they move to the newest end, so
-- the next step does not meet them again. remaining = the failed list's length after the step.
-- A whole pass is done when the steps' requeued + left add up to the length the caller saw at
-- the start (or remaining reaches 0): stopping there also keeps a task that fails again during
-- the pass from being requeued twice, and leaves newer failures for the user to see.
-- Bound: count list elements read and trimmed, count HMGETs, per requeued task one LPUSH, HSET
-- and HDEL, one LPUSH of the entries left
local queue, now, count = ARGV[1], ARGV[2], tonumber(ARGV[3])
if not queue or queue == '' then return redis.error_reply('blueque requeueall: a queue is required') end
if not tonumber(now) then return redis.error_reply('blueque requeueall: now must be a number') end
if not count or count < 1 or count > 500 or count ~= math.floor(count) then
    return redis.error_reply('blueque requeueall: count must be a whole number from 1 to 500')
end
local failedKey = 'blueque_failed_tasks_' .. queue
local pendingKey = 'blueque_pending_tasks_' .. queue
-- The oldest `count` entries, newest of them first, as the list holds them.
local window = redis.call('LRANGE', failedKey, -count, -1)
if #window == 0 then return {0, 0, 0} end
local kept, requeue, seen = {}, {}, {}
for _, id in ipairs(window) do
    local fields = redis.call('HMGET', 'blueque_task_' .. id, 'status', 'queue')
    if fields[1] == 'failed' and fields[2] == queue and not seen[id] then
        seen[id] = true
        requeue[#requeue + 1] = id
    else
        kept[#kept + 1] = id
    end
end
-- Everything checked; the writes. Trimming the whole list deletes the key, as Redis does for an
-- emptied list anyway.
redis.call('LTRIM', failedKey, 0, -#window - 1)
if #kept > 0 then
    -- Oldest pushed first, so the kept entries keep their order at the newest end.
    local reversed = {}
    for i = #kept, 1, -1 do reversed[#reversed + 1] = kept[i] end
    redis.call('LPUSH', failedKey, unpack(reversed))
end
-- Oldest first into pending, so the oldest failure is also the first to be reserved again.
for i = #requeue, 1, -1 do
    local id = requeue[i]
    local taskKey = 'blueque_task_' .. id
    redis.call('LPUSH', pendingKey, id)
    redis.call('HSET', taskKey, 'status', 'pending', 'updated', now)
    redis.call('HDEL', taskKey, 'node', 'pid', 'error', 'result', 'reclaimed_node', 'eta')
end
if #requeue > 0 then redis.call('ZINCRBY', 'blueque_queues', 0, queue) end
return {#requeue, #kept, redis.call('LLEN', failedKey)}
