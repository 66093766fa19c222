-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque purge: one bounded step of deleting a queue's complete or failed tasks, oldest first
-- (the list's tail), as the library's delete_task deletes one (the hash and the list entry).
-- EVALSHA <sha> 0 <queue> <complete|failed> <count>
-- Reply: {entries, hashes, remaining}: entries removed from the list; hashes deleted (an entry
-- whose hash is missing, names another queue or is in another state now, e.g. requeued by hand,
-- loses its list entry but keeps its hash); remaining = the list's length after the step.
-- Bound: count (1..1000) list elements read and trimmed, count HMGETs, up to count DELs
local queue, state, count = ARGV[1], ARGV[2], tonumber(ARGV[3])
if not queue or queue == '' then return redis.error_reply('blueque purge: a queue is required') end
if state ~= 'complete' and state ~= 'failed' then
    return redis.error_reply('blueque purge: the state must be complete or failed')
end
if not count or count < 1 or count > 1000 or count ~= math.floor(count) then
    return redis.error_reply('blueque purge: count must be a whole number from 1 to 1000')
end
local listKey = 'blueque_' .. state .. '_tasks_' .. queue
local ids = redis.call('LRANGE', listKey, -count, -1)
local doomed = {}
for _, id in ipairs(ids) do
    local fields = redis.call('HMGET', 'blueque_task_' .. id, 'status', 'queue')
    if fields[1] == state and fields[2] == queue then doomed[#doomed + 1] = 'blueque_task_' .. id end
end
if #ids > 0 then redis.call('LTRIM', listKey, 0, -#ids - 1) end
local deleted = 0
for i = 1, #doomed, 1000 do
    -- A task listed twice is counted once: DEL answers how many keys it removed.
    deleted = deleted + redis.call('DEL', unpack(doomed, i, math.min(i + 999, #doomed)))
end
return {#ids, deleted, redis.call('LLEN', listKey)}
