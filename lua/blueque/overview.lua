-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque overview (read only): a window of blueque_queues with each queue's counts, read in one
-- script so the counts of a queue are one consistent picture (a task a listener moves between
-- two of them is counted once).
-- EVALSHA <sha> 0 <offset> <count 1..100> <now>
-- Reply: {total, rows...}, each row a flat array: name, score, pending, scheduled, overdue,
-- reserved, started, complete, failed, listeners, listenersRead, odd.
-- A count is -1 when its key has a type Blueque never writes; `odd` then names it ("started:list").
-- `overdue`: scheduled tasks whose eta is at or before `now`. `reserved` sums the reserved lists
-- of the first 200 listeners of the set (`listenersRead` says how many were read).
-- Bound: per queue in the window, about ten O(1) calls (TYPE, LLEN, SCARD, ZCARD, ZCOUNT) plus
-- one SRANDMEMBER of 200 and an LLEN per listener read: at most 100 queues a call.
local offset, count, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
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
    local reserved, read = 0, 0
    if listeners > 0 and kind('blueque_listeners_' .. q) == 'set' then
        local names = redis.call('SRANDMEMBER', 'blueque_listeners_' .. q, 200)
        read = #names
        for _, name in ipairs(names) do
            local key = 'blueque_reserved_tasks_' .. q .. '_' .. name
            local t = kind(key)
            if t == 'list' then
                reserved = reserved + redis.call('LLEN', key)
            elseif t ~= 'none' then
                odd[#odd + 1] = 'reserved ' .. name .. ':' .. t
            end
        end
    end
    rows[#rows + 1] = {q, score, pending, scheduled, overdue, reserved, started, complete, failed, listeners, read,
        table.concat(odd, ' ')}
end
local reply = {total}
for _, row in ipairs(rows) do reply[#reply + 1] = row end
return reply
