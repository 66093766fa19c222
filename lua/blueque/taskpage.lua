-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque taskpage (read only): one page of a queue's tasks in one state, each with the fields a
-- row shows, in one script so a row's id and its hash are read together.
-- EVALSHA <sha> 0 <queue> <state> <offset> <count 1..100> [listener]
-- state: pending, complete, failed (lists, newest first), scheduled (by eta, earliest first),
-- started (a set has no offsets: `offset` is a SSCAN cursor, "0" to start), reserved (the list
-- of `listener`).
-- Reply: {total, next, rows...}; `next` is the SSCAN cursor after a started page ("0": the end),
-- else empty. Each row: id, status, queue, created, updated, eta, node, pid, entry, parameters,
-- error, keytype. `entry` is the started member or the scheduled score; long text fields are cut
-- to 200 bytes; keytype is the task key's TYPE ("hash", or "none" for a missing hash).
-- total is -1 when the state's key has a type Blueque never writes (its TYPE is then in `next`).
-- Bound: one LRANGE/ZRANGE/SSCAN of at most 100 and per row one TYPE and one HMGET.
local q, state = ARGV[1], ARGV[2]
local offset, count = tonumber(ARGV[3]), tonumber(ARGV[4])
if not q or q == '' then return redis.error_reply('blueque taskpage: a queue is required') end
if not offset or offset < 0 then return redis.error_reply('blueque taskpage: offset must be >= 0') end
if not count or count < 1 or count > 100 then return redis.error_reply('blueque taskpage: count must be 1..100') end
local function kind(key)
    local t = redis.call('TYPE', key)
    if type(t) == 'table' then t = t.ok end
    return t
end
local key, expected
if state == 'pending' or state == 'complete' or state == 'failed' then
    key, expected = 'blueque_' .. state .. '_tasks_' .. q, 'list'
elseif state == 'scheduled' then
    key, expected = 'blueque_scheduled_tasks_' .. q, 'zset'
elseif state == 'started' then
    key, expected = 'blueque_started_tasks_' .. q, 'set'
elseif state == 'reserved' then
    if not ARGV[5] or ARGV[5] == '' then return redis.error_reply('blueque taskpage: reserved needs a listener') end
    key, expected = 'blueque_reserved_tasks_' .. q .. '_' .. ARGV[5], 'list'
else
    return redis.error_reply('blueque taskpage: unknown state ' .. tostring(state))
end
local t = kind(key)
if t == 'none' then return {0, state == 'started' and '0' or ''} end
if t ~= expected then
    -- The README's started list is read as a list: its members are "listener pid id" too.
    if not (t == 'list' and state == 'started') then return {-1, t} end
    expected = 'list'
end
local total, next, ids, entries = 0, '', {}, {}
if expected == 'list' then
    total = redis.call('LLEN', key)
    for _, entry in ipairs(redis.call('LRANGE', key, offset, offset + count - 1)) do
        ids[#ids + 1], entries[#entries + 1] = entry, ''
    end
    if state == 'started' then
        for i, entry in ipairs(ids) do ids[i], entries[i] = entry:match('(%S+)$') or entry, entry end
        next = '0'
    end
elseif expected == 'zset' then
    total = redis.call('ZCARD', key)
    local window = redis.call('ZRANGE', key, offset, offset + count - 1, 'WITHSCORES')
    for i = 1, #window, 2 do ids[#ids + 1], entries[#entries + 1] = window[i], window[i + 1] end
else
    total = redis.call('SCARD', key)
    local step = redis.call('SSCAN', key, offset, 'COUNT', count)
    next = step[1]
    for _, entry in ipairs(step[2]) do
        ids[#ids + 1], entries[#entries + 1] = entry:match('(%S+)$') or entry, entry
    end
end
local reply = {total, next}
local function cut(text) if text and #text > 200 then return text:sub(1, 200) end return text or '' end
for i, id in ipairs(ids) do
    local taskKey = 'blueque_task_' .. id
    local kt = kind(taskKey)
    local f = {}
    if kt == 'hash' then
        f = redis.call('HMGET', taskKey, 'status', 'queue', 'created', 'updated', 'eta', 'node', 'pid',
            'parameters', 'error')
    end
    reply[#reply + 1] = {id, f[1] or '', f[2] or '', f[3] or '', f[4] or '', f[5] or '', f[6] or '', f[7] or '',
        entries[i], cut(f[8]), cut(f[9]), kt}
end
return reply
