-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob search (read only): one bounded step of a walk over every job, newest first (ids walked
-- down from a cursor, as jobpage.lua walks them), handing out what a search matches against for
-- the jobs that pass the exact filters: status, queue, class, the args as stored, and the data
-- waiting on the job's ports (the first values of each). The matching (plain text or a regular
-- expression) is the caller's, off Redis: Lua has no regular expressions.
-- EVAL <source> 0 <cursor> <ids 1..1000> <status> <queue> <class>
--   cursor: the id to start at, walking down ("0" or "": from jobs:last_id).
-- Reply: {next, looked, rows...}: `next` the id to continue at (0: the walk is done), `looked`
-- the ids looked at. Each row {id, layout, status, queue, class, args, ports}: args cut to 4096
-- bytes; ports a list of "in:<port>\t<value>" / "out:<port>\t<value>", at most 20 ports a job and
-- the 10 values of each read first (LRANGE 0 9), each cut to 1024 bytes. A wide port's later
-- values are not searched.
-- Bound: at most <ids> ids, each one SISMEMBER and one MGET (or a TYPE and an HMGET); for a job
-- that passes the filters one JSON decode of its worker record, two SSCANs of COUNT 20 and at
-- most 20 LRANGEs of 10; the walk stops after 1 ms or 512 KB of text handed out, checked
-- between ids (TIME), whichever comes first.
local cursor, budget = tonumber(ARGV[1] ~= '' and ARGV[1] or '0'), tonumber(ARGV[2])
local want = {status = ARGV[3] or '', queue = ARGV[4] or '', class = ARGV[5] or ''}
if not cursor or cursor < 0 or cursor % 1 ~= 0 then return redis.error_reply('sidejob search: bad cursor') end
if not budget or budget < 1 or budget > 1000 then return redis.error_reply('sidejob search: ids must be 1..1000') end
if redis.call('TYPE', 'jobs')['ok'] ~= 'set' then return {0, 0} end
if cursor == 0 then
    if redis.call('TYPE', 'jobs:last_id')['ok'] ~= 'string' then return {0, 0} end
    cursor = tonumber(redis.call('GET', 'jobs:last_id')) or 0
end
local function micros()
    local t = redis.call('TIME')
    return tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local function cut(text, limit)
    if text and #text > limit then return text:sub(1, limit) end
    return text or ''
end
local function jsonText(value)
    if value == nil or value == false then return '' end
    local ok, decoded = pcall(cjson.decode, value)
    if ok and type(decoded) == 'string' then return decoded end
    return value
end
-- The job's fields in whichever layout it has; nil when it has no record (being created).
local function fields(id)
    local key = 'job:' .. id
    local f = redis.call('MGET', key .. ':status', key .. ':worker')
    if f[1] or f[2] then
        local r = {layout = '4.1', status = f[1] or '', queue = '', class = '', args = f[2] or ''}
        local ok, worker = pcall(cjson.decode, f[2] or '')
        if ok and type(worker) == 'table' then
            r.queue = type(worker.queue) == 'string' and worker.queue or ''
            r.class = type(worker.class) == 'string' and worker.class or ''
            local at = f[2]:find(',"args":', 1, true) -- the library writes args last
            r.args = at and f[2]:sub(at + 8, -2) or ''
        end
        return r
    end
    if redis.call('TYPE', key)['ok'] ~= 'hash' then return nil end
    local h = redis.call('HMGET', key, 'status', 'queue', 'class', 'args')
    return {layout = '4.0', status = jsonText(h[1]), queue = jsonText(h[2]), class = jsonText(h[3]), args = h[4] or ''}
end
local function ports(id, out)
    local listed = 0
    for _, side in ipairs({'in', 'out'}) do
        local set = 'job:' .. id .. ':' .. side .. 'ports'
        if listed < 20 and redis.call('TYPE', set)['ok'] == 'set' then
            local names = redis.call('SSCAN', set, 0, 'COUNT', 20)[2]
            for _, name in ipairs(names) do
                if listed >= 20 then break end
                listed = listed + 1
                local list = 'job:' .. id .. ':' .. side .. ':' .. name
                if redis.call('TYPE', list)['ok'] == 'list' then
                    for _, value in ipairs(redis.call('LRANGE', list, 0, 9)) do
                        out[#out + 1] = side .. ':' .. name .. '\t' .. cut(value, 1024)
                    end
                end
            end
        end
    end
    return out
end
local started = micros()
local looked, bytes = 0, 0
local reply = {0, 0}
local id = cursor
while id >= 1 and looked < budget do
    looked = looked + 1
    local sid = string.format('%d', id)
    if redis.call('SISMEMBER', 'jobs', sid) == 1 then
        local r = fields(sid)
        if r and (want.status == '' or r.status == want.status) and (want.queue == '' or r.queue == want.queue)
            and (want.class == '' or r.class == want.class) then
            local found = ports(sid, {})
            local args = cut(r.args, 4096)
            bytes = bytes + #args
            for _, v in ipairs(found) do bytes = bytes + #v end
            reply[#reply + 1] = {sid, r.layout, r.status, r.queue, r.class, args, found}
        end
    end
    id = id - 1
    if bytes >= 524288 or micros() - started >= 1000 then break end
end
reply[1], reply[2] = id >= 1 and id or 0, looked
return reply
