-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque runnow: one scheduled task to pending now, written as the library's enqueue_due_tasks
-- writes a due task (status and updated; eta stays in the hash, as the library leaves it).
-- EVALSHA <sha> 0 <task id> <now>
-- Reply: 1. Errors (nothing written): "blueque runnow: no such task", "...: state is <s>",
-- "...: not scheduled" (its hash says scheduled, the queue's scheduled set does not hold it).
-- Bound: one HMGET, one ZREM, one LPUSH, one HSET
local id, now = ARGV[1], ARGV[2]
if not id or id == '' then return redis.error_reply('blueque runnow: a task id is required') end
if not tonumber(now) then return redis.error_reply('blueque runnow: now must be a number') end
local taskKey = 'blueque_task_' .. id
local fields = redis.call('HMGET', taskKey, 'status', 'queue')
local status, queue = fields[1], fields[2]
if not status then return redis.error_reply('blueque runnow: no such task') end
if status ~= 'scheduled' then return redis.error_reply('blueque runnow: state is ' .. status) end
if not queue then return redis.error_reply('blueque runnow: the task names no queue') end
if redis.call('ZREM', 'blueque_scheduled_tasks_' .. queue, id) == 0 then
    return redis.error_reply('blueque runnow: not scheduled')
end
redis.call('LPUSH', 'blueque_pending_tasks_' .. queue, id)
redis.call('HSET', taskKey, 'status', 'pending', 'updated', now)
return 1
