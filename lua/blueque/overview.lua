-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque overview (read only): a window of blueque_queues with each queue's counts, read in one
-- script so the counts of a queue are one consistent picture (a task a listener moves between
-- two of them is counted once).
-- Reply: {total, rows...}, each row a flat array: name, score, pending, scheduled, overdue,
-- reserved, started, complete, failed, listeners, listenersRead, odd, stuck.
-- A count is -1 when its key has a type Blueque never writes; `odd` then names it ("started:list").
-- `overdue`: scheduled tasks whose eta is at or before `now`. `reserved` sums the reserved lists
-- of up to 200 listeners of the set, 1000 listeners in all a call (`listenersRead` says how many
-- were read). `stuck`: tasks among the first 10 of those lists (300 ids in all a call) whose hash
-- still says `pending` and was updated more than `grace` seconds before `now` (a dequeue cut short).
-- EVALSHA <sha> 0 <offset> <count 1..100> <now> [grace, default 5]
-- Bound: per queue in the window, about ten O(1) calls (TYPE, LLEN, SCARD, ZCARD, ZCOUNT) plus
-- one SRANDMEMBER; 1000 listeners a call each an LLEN and a TYPE (an LRANGE of 10 while ids are
-- left to check), and 300 ids a call each a TYPE and an HMGET: at most 100 queues a call.
local offset, count, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local grace = tonumber(ARGV[4] or '5') or 5
local listenerBudget, idBudget = 1000, 300
if not offset or offset < 0 then return redis.error_reply('blueque overview: offset must be >= 0') end
if not count or count < 1 or count > 100 then
    return redis.error_reply('blueque overview: count must be 1..100')
end
if not now then return redis.error_reply('blueque overview: now must be a number') end
local function kind(key)
    local t = redis.call('TYPE', key)
    if type(t) == 'table' then t = t.ok end
    return t
end
local total = 0
local rows = {}
if kind('blueque_queues') ~= 'zset' then return {0} end
total = redis.call('ZCARD', 'blueque_queues')
local window = redis.call('ZRANGE', 'blueque_queues', offset, offset + count - 1, 'WITHSCORES')
for i = 1, #window, 2 do
    local q, score = window[i], window[i + 1]
    local odd = {}
    -- Counts a key of the expected type; a missing key is an empty one.
    local function sized(label, key, expected, sizer)
        local t = kind(key)
        if t == 'none' then return 0 end
        if t ~= expected then
            odd[#odd + 1] = label .. ':' .. t
            if t == 'list' then return redis.call('LLEN', key) end
            return -1
        end
        return redis.call(sizer, key)
    end
    local pending = sized('pending', 'blueque_pending_tasks_' .. q, 'list', 'LLEN')
    local scheduled = sized('scheduled', 'blueque_scheduled_tasks_' .. q, 'zset', 'ZCARD')
    local overdue = 0
    if scheduled > 0 and kind('blueque_scheduled_tasks_' .. q) == 'zset' then
        overdue = redis.call('ZCOUNT', 'blueque_scheduled_tasks_' .. q, '-inf', now)
    end
    local started = sized('started', 'blueque_started_tasks_' .. q, 'set', 'SCARD')
    local complete = sized('complete', 'blueque_complete_tasks_' .. q, 'list', 'LLEN')
    local failed = sized('failed', 'blueque_failed_tasks_' .. q, 'list', 'LLEN')
    local listeners = sized('listeners', 'blueque_listeners_' .. q, 'set', 'SCARD')
    local reserved, read, stuck = 0, 0, 0
    if listeners > 0 and listenerBudget > 0 and kind('blueque_listeners_' .. q) == 'set' then
        local names = redis.call('SRANDMEMBER', 'blueque_listeners_' .. q, math.min(200, listenerBudget))
        listenerBudget = listenerBudget - #names
        read = #names
        for _, name in ipairs(names) do
            local key = 'blueque_reserved_tasks_' .. q .. '_' .. name
            local t = kind(key)
            if t == 'list' then
                reserved = reserved + redis.call('LLEN', key)
                local ids = idBudget > 0 and redis.call('LRANGE', key, 0, math.min(10, idBudget) - 1) or {}
                idBudget = idBudget - #ids
                for _, id in ipairs(ids) do
                    local taskKey = 'blueque_task_' .. id
                    if kind(taskKey) == 'hash' then
                        local f = redis.call('HMGET', taskKey, 'status', 'updated')
                        local updated = tonumber(f[2])
                        if f[1] == 'pending' and (not updated or now - updated > grace) then stuck = stuck + 1 end
                    end
                end
            elseif t ~= 'none' then
                odd[#odd + 1] = 'reserved ' .. name .. ':' .. t
            end
        end
    end
    rows[#rows + 1] = {q, score, pending, scheduled, overdue, reserved, started, complete, failed, listeners, read,
        table.concat(odd, ' '), stuck}
end
local reply = {total}
for _, row in ipairs(rows) do reply[#reply + 1] = row end
return reply
