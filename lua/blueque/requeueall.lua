-- blueque requeueall: one bounded step of "requeue every failed task of a queue", oldest first
-- (the tail of the failed list). Each task goes back to pending as requeue.lua leaves it.
-- EVALSHA <sha> 0 <queue> <now> <skip> <count>
--   skip: entries at the very tail that earlier steps left in place (the sum of their "left");
--   count: entries to look at this step, 1..1000.
-- Reply: {requeued, left, remaining}: left = entries of this step's window kept in the failed
-- list because their hash is missing, of another queue or not failed; remaining = the failed
-- list's length after the step. The caller is done when remaining <= skip + left; it should stop
-- after the number of tasks it saw at the start, since requeued tasks may fail again.
-- Bound: skip + count list elements read and rewritten (LRANGE, LTRIM, RPUSH of the kept ones),
-- count HMGETs and per requeued task one LPUSH, HSET and HDEL
local queue, now = ARGV[1], ARGV[2]
local skip, count = tonumber(ARGV[3]), tonumber(ARGV[4])
if not queue or queue == '' then return redis.error_reply('blueque requeueall: a queue is required') end
if not tonumber(now) then return redis.error_reply('blueque requeueall: now must be a number') end
if not skip or skip < 0 or skip ~= math.floor(skip) then
    return redis.error_reply('blueque requeueall: skip must be a whole number >= 0')
end
if not count or count < 1 or count > 1000 or count ~= math.floor(count) then
    return redis.error_reply('blueque requeueall: count must be a whole number from 1 to 1000')
end
local failedKey = 'blueque_failed_tasks_' .. queue
local pendingKey = 'blueque_pending_tasks_' .. queue
local length = redis.call('LLEN', failedKey)
if length <= skip then return {0, 0, length} end
local take = math.min(count, length - skip)
-- The window and the skipped tail, oldest last, exactly as the list holds them.
local tail = redis.call('LRANGE', failedKey, -(skip + take), -1)
local kept, requeue, seen = {}, {}, {}
for i = 1, take do
    local id = tail[i]
    local fields = redis.call('HMGET', 'blueque_task_' .. id, 'status', 'queue')
    if fields[1] == 'failed' and fields[2] == queue and not seen[id] then
        seen[id] = true
        requeue[#requeue + 1] = id
    else
        kept[#kept + 1] = id
    end
end
for i = take + 1, #tail do kept[#kept + 1] = tail[i] end
-- Everything checked; the writes. LTRIM to an empty range deletes the key, as Redis does for
-- an emptied list anyway.
redis.call('LTRIM', failedKey, 0, -(skip + take) - 1)
for i = 1, #kept, 1000 do
    redis.call('RPUSH', failedKey, unpack(kept, i, math.min(i + 999, #kept)))
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
return {#requeue, take - #requeue, redis.call('LLEN', failedKey)}
