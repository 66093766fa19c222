-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque delete: removes one task (its hash and every entry of it the console can name) while
-- it is still in the state the caller saw. Cancelling a pending or a scheduled task is this
-- delete: Blueque has no cancelled state, and its own delete_task likewise removes the hash.
-- Reserved and started tasks are refused: their listener would still run them and then write
-- the hash back half (status, result, updated) with no queue or parameters.
-- EVALSHA <sha> 0 <task id> <expected state: pending|scheduled|complete|failed> [<end>]
--   end: "newest" (the default) or "oldest", the end of the state's list the task is nearer to;
--   the search starts there. A second entry of the same id (a hand edit) stays: purge drops an
--   entry whose hash is gone.
-- Reply: 1. Errors (nothing written): "blueque delete: no such task", "...: state is <s>",
-- "...: not in its list" (a pending hash whose id a listener already took, for one).
-- Bound: one HMGET; one LREM that scans the state's list from the given end up to the task (the
-- whole list when it is not there) or one ZREM; one
-- SREM of the started set and one LREM over the node's reserved list (a listener holds one or
-- two) for stale entries; one DEL
local id, expected = ARGV[1], ARGV[2]
local direction = ({newest = 1, oldest = -1})[ARGV[3] or 'newest']
if not direction then return redis.error_reply('blueque delete: end must be newest or oldest') end
if not id or id == '' then return redis.error_reply('blueque delete: a task id is required') end
local lists = {pending = 'pending_tasks', complete = 'complete_tasks', failed = 'failed_tasks'}
if not lists[expected] and expected ~= 'scheduled' then
    return redis.error_reply('blueque delete: the expected state must be pending, scheduled, complete or failed')
end
local taskKey = 'blueque_task_' .. id
local fields = redis.call('HMGET', taskKey, 'status', 'queue', 'node', 'pid')
local status, queue, node, pid = fields[1], fields[2], fields[3], fields[4]
if not status then return redis.error_reply('blueque delete: no such task') end
if status ~= expected then return redis.error_reply('blueque delete: state is ' .. status) end
if not queue then return redis.error_reply('blueque delete: the task names no queue') end
-- The membership check is the first write too: removing nothing writes nothing.
local removed
if expected == 'scheduled' then
    removed = redis.call('ZREM', 'blueque_scheduled_tasks_' .. queue, id)
else
    removed = redis.call('LREM', 'blueque_' .. lists[expected] .. '_' .. queue, direction, id)
end
if removed == 0 then return redis.error_reply('blueque delete: not in its list') end
if node then
    -- Left behind only by a crash or a hand edit; harmless when absent.
    redis.call('LREM', 'blueque_reserved_tasks_' .. queue .. '_' .. node, 0, id)
    if pid then redis.call('SREM', 'blueque_started_tasks_' .. queue, node .. ' ' .. pid .. ' ' .. id) end
end
redis.call('DEL', taskKey)
return 1
