-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque requeue: failed tasks of one queue back to pending, each as a fresh enqueue of the same
-- task would leave it (Blueque v1.0.0 has no retry of its own; docs/BLUEQUE.md says why this form).
-- EVALSHA <sha> 0 <queue> <now> <end> <task id>...   (now: seconds since the epoch as text, stored
-- as is; end: "newest" or "oldest", the end of the failed list the ids are nearer to, which the
-- console knows from the rows it shows: the search for each id starts there)
-- Reply: one outcome per id, in order: "requeued", "missing", "wrong-queue", "not-failed:<status>"
-- or "not-listed" (its hash says failed but the queue's failed list does not hold it).
-- Each id is checked whole before anything of it is written, so a refused id leaves no trace.
-- Bound: at most 100 ids a call; per id one HMGET, one LREM that scans the failed list from the
-- given end up to the id (the whole list when the id is not there), one LPUSH, one HSET, one HDEL
local queue, now = ARGV[1], ARGV[2]
if not queue or queue == '' then return redis.error_reply('blueque requeue: a queue is required') end
if not tonumber(now) then return redis.error_reply('blueque requeue: now must be a number') end
local ends = {newest = 1, oldest = -1}
local direction = ends[ARGV[3]]
if not direction then return redis.error_reply('blueque requeue: end must be newest or oldest') end
local count = #ARGV - 3
if count < 1 or count > 100 then
    return redis.error_reply('blueque requeue: between 1 and 100 task ids a call')
end
local failedKey = 'blueque_failed_tasks_' .. queue
local pendingKey = 'blueque_pending_tasks_' .. queue
local outcomes = {}
for i = 4, #ARGV do
    local id = ARGV[i]
    local taskKey = 'blueque_task_' .. id
    local fields = redis.call('HMGET', taskKey, 'status', 'queue')
    local status, taskQueue = fields[1], fields[2]
    local outcome
    if not status then
        outcome = 'missing'
    elseif taskQueue ~= queue then
        outcome = 'wrong-queue'
    elseif status ~= 'failed' then
        outcome = 'not-failed:' .. status
    -- LREM removing nothing writes nothing: it is the last check and the first write at once.
    elseif redis.call('LREM', failedKey, direction, id) == 0 then
        outcome = 'not-listed'
    else
        redis.call('LPUSH', pendingKey, id)
        redis.call('HSET', taskKey, 'status', 'pending', 'updated', now)
        -- A fresh enqueue has none of these; a listener rewrites node and pid, and a stale error
        -- would still be read as this task's error after it completes.
        redis.call('HDEL', taskKey, 'node', 'pid', 'error', 'result', 'reclaimed_node', 'eta')
        redis.call('ZINCRBY', 'blueque_queues', 0, queue)
        outcome = 'requeued'
    end
    outcomes[#outcomes + 1] = outcome
end
return outcomes
