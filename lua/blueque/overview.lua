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
-- Each key costs one command when it has the type Blueque writes or is missing: its size command
-- is tried first (redis.pcall), and TYPE asked only of a key that command refused. So a healthy
-- queue costs about eight commands, and bad data no more than twice that (its refusals count in
-- Redis's error statistics, one per odd key and call).
-- Bound: per queue in the window, six O(1) sizes (LLEN, SCARD, ZCARD), a ZCOUNT and one
-- SRANDMEMBER, a TYPE more per key of another type; 1000 listeners a call each an LLEN (an LRANGE
-- of 10 while ids are left to check), and 300 ids a call each an HMGET: at most 100 queues a call.
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
    -- Counts a key of the type `sizer` takes (a missing key is an empty one); the second value
    -- says whether the key had that type. A key of another type is named in `odd`: a list is
    -- counted all the same (the README's started list), anything else is -1.
    local function sized(label, key, sizer)
        local n = redis.pcall(sizer, key)
        if type(n) == 'number' then return n, true end
        local t = kind(key)
        odd[#odd + 1] = label .. ':' .. t
        if t == 'list' then return redis.call('LLEN', key), false end
        return -1, false
    end
    local pending = sized('pending', 'blueque_pending_tasks_' .. q, 'LLEN')
    local scheduled, isZset = sized('scheduled', 'blueque_scheduled_tasks_' .. q, 'ZCARD')
    local overdue = 0
    if scheduled > 0 and isZset then
        overdue = redis.call('ZCOUNT', 'blueque_scheduled_tasks_' .. q, '-inf', now)
    end
    local started = sized('started', 'blueque_started_tasks_' .. q, 'SCARD')
    local complete = sized('complete', 'blueque_complete_tasks_' .. q, 'LLEN')
    local failed = sized('failed', 'blueque_failed_tasks_' .. q, 'LLEN')
    local listeners, isSet = sized('listeners', 'blueque_listeners_' .. q, 'SCARD')
    local reserved, read, stuck = 0, 0, 0
    if listeners > 0 and listenerBudget > 0 and isSet then
        local names = redis.call('SRANDMEMBER', 'blueque_listeners_' .. q, math.min(200, listenerBudget))
        listenerBudget = listenerBudget - #names
        read = #names
        for _, name in ipairs(names) do
            local key = 'blueque_reserved_tasks_' .. q .. '_' .. name
            local n = redis.pcall('LLEN', key)
            if type(n) == 'number' then
                reserved = reserved + n
                local ids = {}
                if n > 0 and idBudget > 0 then ids = redis.call('LRANGE', key, 0, math.min(10, idBudget) - 1) end
                idBudget = idBudget - #ids
                for _, id in ipairs(ids) do
                    -- A missing hash reads as nils, a key of another type as a refusal: neither is stuck.
                    local f = redis.pcall('HMGET', 'blueque_task_' .. id, 'status', 'updated')
                    local updated = tonumber(f[2])
                    if f[1] == 'pending' and (not updated or now - updated > grace) then stuck = stuck + 1 end
                end
            else
                odd[#odd + 1] = 'reserved ' .. name .. ':' .. kind(key)
            end
        end
    end
    rows[#rows + 1] = {q, score, pending, scheduled, overdue, reserved, started, complete, failed, listeners, read,
        table.concat(odd, ' '), stuck}
end
local reply = {total}
for _, row in ipairs(rows) do reply[#reply + 1] = row end
return reply
