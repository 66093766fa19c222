-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob jobpage (read only): newest jobs first, a window of ids walked down from a cursor, each
-- id that is in `jobs` read in whichever layout it has (4.1: job:{id}:{field}; 4.0: the hash
-- job:{id}) and kept when it passes the filters. One script, so a row's fields are one picture.
-- EVAL <source> 0 <cursor> <count 1..100> <budget 1..1000> <status> <queue> <class> <creator>
--   cursor: the id to start at, walking down ("0" or "": from jobs:last_id). Ids are given by INCR
--     of jobs:last_id, so the walk meets every job the library made, newest first.
--   budget: how many ids the call may look at; the filters are exact, but creator is a substring;
--     an empty filter lets everything through.
-- Reply: {next, total, lastId, rows...}: `next` is the id to continue at (0: the walk is done),
-- `total` SCARD jobs. Each row: id, layout ("4.1", "4.0", "none" while being created, or
-- "odd:<TYPE>"), status, queue, class, args (cut to 200 bytes), created_at, created_by, ran_at,
-- parent, locked (1 when job:{id}:lock exists). 4.0's JSON values are decoded where they are
-- strings; a value that does not decode is kept as its text.
-- Bound: at most <budget> ids (1000) each one SISMEMBER, and for ids in `jobs` one MGET of six
-- keys (or a TYPE and an HMGET of eight fields); for the rows kept (at most 100) one JSON decode
-- of the worker record and one EXISTS.
local cursor, count, budget = tonumber(ARGV[1] ~= '' and ARGV[1] or '0'), tonumber(ARGV[2]), tonumber(ARGV[3])
local want = {status = ARGV[4] or '', queue = ARGV[5] or '', class = ARGV[6] or '', creator = ARGV[7] or ''}
if not cursor or cursor < 0 or cursor % 1 ~= 0 then return redis.error_reply('sidejob jobpage: bad cursor') end
if not count or count < 1 or count > 100 then return redis.error_reply('sidejob jobpage: count must be 1..100') end
if not budget or budget < 1 or budget > 1000 then
    return redis.error_reply('sidejob jobpage: budget must be 1..1000')
end
if redis.call('TYPE', 'jobs')['ok'] ~= 'set' then return {0, 0, ''} end
local total = redis.call('SCARD', 'jobs')
local lastId = ''
if redis.call('TYPE', 'jobs:last_id')['ok'] == 'string' then lastId = redis.call('GET', 'jobs:last_id') end
if cursor == 0 then cursor = tonumber(lastId) or 0 end
local function jsonText(value)
    if value == nil or value == false then return '' end
    local ok, decoded = pcall(cjson.decode, value)
    if ok and type(decoded) == 'string' then return decoded end
    if ok and type(decoded) == 'number' then return tostring(value) end
    if ok and decoded == cjson.null then return '' end
    return value
end
local function cut(text)
    if text and #text > 200 then return text:sub(1, 200) end
    return text or ''
end
-- The row's fields; the worker record is decoded only for a row that passes the other filters
-- (decoding is most of a row's cost, and most ids fail a filter).
local function row(id)
    local key = 'job:' .. id
    local f = redis.call('MGET', key .. ':status', key .. ':worker', key .. ':created_at', key .. ':created_by',
        key .. ':ran_at', key .. ':parent')
    local r = {id = id, layout = '4.1'}
    if f[1] or f[2] or f[3] or f[4] or f[5] or f[6] then
        r.status, r.created_at, r.created_by, r.ran_at, r.parent = f[1] or '', f[3] or '', f[4] or '', f[5] or '',
            f[6] or ''
        r.queue, r.class, r.args, r.worker = '', '', f[2] or '', f[2]
    else
        local t = redis.call('TYPE', key)['ok']
        if t == 'none' then
            r.layout = 'none'
        elseif t ~= 'hash' then
            r.layout = 'odd:' .. t
        else
            r.layout = '4.0'
            local h = redis.call('HMGET', key, 'status', 'queue', 'class', 'args', 'created_at', 'created_by',
                'ran_at', 'parent')
            r.status, r.queue, r.class, r.args = jsonText(h[1]), jsonText(h[2]), jsonText(h[3]), h[4] or ''
            r.created_at, r.created_by, r.ran_at, r.parent = jsonText(h[5]), jsonText(h[6]), jsonText(h[7]),
                h[8] or ''
        end
    end
    return r
end
local function decodeWorker(r)
    if not r.worker then return end
    local ok, worker = pcall(cjson.decode, r.worker)
    if ok and type(worker) == 'table' then
        r.queue = type(worker.queue) == 'string' and worker.queue or ''
        r.class = type(worker.class) == 'string' and worker.class or ''
        -- The args as written: the library puts them last ({"queue":..,"class":..,"args":A}).
        local at = r.worker:find(',"args":', 1, true)
        r.args = at and r.worker:sub(at + 8, -2) or ''
    end
    r.worker = nil
end
local function passes(r)
    if want.status ~= '' and (r.status or '') ~= want.status then return false end
    if want.creator ~= '' and not (r.created_by or ''):find(want.creator, 1, true) then return false end
    decodeWorker(r)
    if want.queue ~= '' and (r.queue or '') ~= want.queue then return false end
    if want.class ~= '' and (r.class or '') ~= want.class then return false end
    return true
end
local reply = {0, total, lastId}
local id = cursor
local looked = 0
while id >= 1 and looked < budget and #reply - 3 < count do
    looked = looked + 1
    local text = tostring(id)
    if redis.call('SISMEMBER', 'jobs', text) == 1 then
        local r = row(text)
        if passes(r) then
            local locked = redis.call('EXISTS', 'job:' .. text .. ':lock')
            reply[#reply + 1] = {text, r.layout, r.status or '', r.queue or '', r.class or '', cut(r.args),
                r.created_at or '', r.created_by or '', r.ran_at or '', r.parent or '', locked}
        end
    end
    id = id - 1
end
reply[1] = id >= 1 and id or 0
return reply
