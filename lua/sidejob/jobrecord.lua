-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob jobrecord (read only): one job's whole record in either layout, with its parent's and
-- children's statuses (to walk the tree), its ports and what waits in each, its aliases, its lock
-- and whether Sidekiq holds an item for it: one script, one consistent picture.
-- EVAL <source> 0 <id> <now seconds> [children cursor]
-- Reply: {inJobs, layout, fields, state, children, parentStatus, inports, outports, aliases, lock,
-- rate, sidekiq}:
--   inJobs 1/0; layout "4.1", "4.0", "none" (no keys: being created, or gone), "odd:<TYPE>";
--   fields {name, value, ...}: 4.1 the string keys as stored (status, worker, created_at,
--     created_by, ran_at, parent); 4.0 the hash job:{id} (JSON values, the state mixed in);
--   state {total, name, value, ...} (4.1's job:{id}:state); children {total, next, name, id, status, ...}:
--     a window of 200 children from the HSCAN cursor given ("0": the first), `next` the cursor of the
--     following window ("0": no more), so ten thousand children are walked 200 at a time;
--   parentStatus: the parent's status ("" when it has none or it is gone);
--   inports / outports {total, name, waiting (LLEN), default, channels, head (the oldest value), ...};
--   aliases {total, alias, ...}; lock {token, ttl, workerTaking 0/1}; rate: runs started this minute;
--   sidekiq {inQueue 0/1 (among queue:{q}'s 1000 newest items), inSchedule 0/1 (among the first 1000)}.
-- Long values are cut to 4096 bytes, heads to 200.
-- Bound: about 25 O(1) calls; HGETALL or HSCAN of at most 200 fields for the hash, the state and the
-- children (one HSCAN step of COUNT 200, each child one MGET or HGET); at most 50 ports a side, each LLEN, LINDEX, two HGETs;
-- 50 aliases; one LRANGE and one ZRANGE of 1000 items, each searched as text.
local id, now, childCursor = ARGV[1], tonumber(ARGV[2]), ARGV[3] or '0'
if not childCursor:match('^%d+$') then return redis.error_reply('sidejob jobrecord: bad children cursor') end
if not id or not id:match('^%d+$') then return redis.error_reply('sidejob jobrecord: the id must be a number') end
if not now then return redis.error_reply('sidejob jobrecord: now must be seconds') end
local key = 'job:' .. id
local function kind(k) return redis.call('TYPE', k)['ok'] end
local function cut(text, limit)
    if text and #text > limit then return text:sub(1, limit) end
    return text or ''
end
-- The first `limit` fields of a hash (all of a small one): {total, name, value, ...}.
local function hashWindow(k, limit)
    if kind(k) ~= 'hash' then return {0} end
    local total = redis.call('HLEN', k)
    local flat = total <= limit and redis.call('HGETALL', k) or redis.call('HSCAN', k, 0, 'COUNT', limit)[2]
    local out = {total}
    for i = 1, math.min(#flat, limit * 2), 2 do
        out[#out + 1] = flat[i]
        out[#out + 1] = cut(flat[i + 1], 4096)
    end
    return out
end
local function setWindow(k, limit)
    if kind(k) ~= 'set' then return 0, {} end
    local total = redis.call('SCARD', k)
    local members = total <= limit and redis.call('SMEMBERS', k) or redis.call('SSCAN', k, 0, 'COUNT', limit)[2]
    local out = {}
    for i = 1, math.min(#members, limit) do out[i] = members[i] end
    table.sort(out)
    return total, out
end
local function statusOf(other)
    if not other or other == '' then return '' end
    local s = redis.call('MGET', 'job:' .. other .. ':status')[1]
    if s then return s end
    if kind('job:' .. other) == 'hash' then
        local raw = redis.call('HGET', 'job:' .. other, 'status')
        local ok, decoded = pcall(cjson.decode, raw or '')
        if ok and type(decoded) == 'string' then return decoded end
        return raw or ''
    end
    return ''
end
local inJobs = kind('jobs') == 'set' and redis.call('SISMEMBER', 'jobs', id) or 0
local layout, fields, queue, parent = '4.1', {}, nil, nil
local names = {'status', 'worker', 'created_at', 'created_by', 'ran_at', 'parent'}
local keys = {}
for i, name in ipairs(names) do keys[i] = key .. ':' .. name end
local values = redis.call('MGET', unpack(keys))
local any = false
for i, name in ipairs(names) do
    if values[i] then
        any = true
        fields[#fields + 1] = name
        fields[#fields + 1] = cut(values[i], 4096)
    end
end
if any then
    local ok, worker = pcall(cjson.decode, values[2] or '')
    if ok and type(worker) == 'table' and type(worker.queue) == 'string' then queue = worker.queue end
    parent = values[6]
else
    local t = kind(key)
    if t == 'hash' then
        layout = '4.0'
        local window = hashWindow(key, 200)
        for i = 2, #window do fields[#fields + 1] = window[i] end
        local h = redis.call('HMGET', key, 'queue', 'parent')
        local ok, q = pcall(cjson.decode, h[1] or '')
        if ok and type(q) == 'string' then queue = q end
        parent = h[2]
    else
        layout = t == 'none' and 'none' or 'odd:' .. t
    end
end
local state = layout == '4.1' and hashWindow(key .. ':state', 200) or {0}
local children = {0, '0'}
local childKey = key .. ':children'
if kind(childKey) == 'hash' then
    children[1] = redis.call('HLEN', childKey)
    local flat
    if children[1] <= 200 then
        flat = childCursor == '0' and redis.call('HGETALL', childKey) or {}
    else
        local step = redis.call('HSCAN', childKey, childCursor, 'COUNT', 200)
        children[2], flat = step[1], step[2]
    end
    for i = 1, #flat, 2 do
        children[#children + 1] = flat[i]
        children[#children + 1] = flat[i + 1]
        children[#children + 1] = statusOf(flat[i + 1]:match('^%d+$'))
    end
end
local parentStatus = parent and statusOf(parent:match('^%d+$')) or ''
local function ports(side, list)
    local total, members = setWindow(key .. ':' .. side, 50)
    local out = {total}
    for _, name in ipairs(members) do
        local values = key .. ':' .. list .. ':' .. name
        local waiting, head = 0, ''
        if kind(values) == 'list' then
            waiting = redis.call('LLEN', values)
            head = cut(redis.call('LINDEX', values, 0), 200)
        elseif kind(values) ~= 'none' then
            waiting = -1
            head = 'odd:' .. kind(values)
        end
        local default, channels = '', ''
        if kind(key .. ':' .. side .. ':default') == 'hash' then
            default = cut(redis.call('HGET', key .. ':' .. side .. ':default', name), 200)
        end
        if kind(key .. ':' .. side .. ':channels') == 'hash' then
            channels = cut(redis.call('HGET', key .. ':' .. side .. ':channels', name), 200)
        end
        out[#out + 1] = name
        out[#out + 1] = waiting
        out[#out + 1] = default or ''
        out[#out + 1] = channels or ''
        out[#out + 1] = head
    end
    return out
end
local aliasTotal, aliasMembers = setWindow(key .. ':aliases', 50)
local aliases = {aliasTotal}
for _, a in ipairs(aliasMembers) do aliases[#aliases + 1] = a end
local lock = {'', -2, redis.call('EXISTS', key .. ':lock:worker')}
if kind(key .. ':lock') == 'string' then lock = {redis.call('GET', key .. ':lock'), redis.call('TTL', key .. ':lock'), lock[3]} end
local rate = redis.call('MGET', key .. ':rate:' .. math.floor(now / 60))[1] or ''
local needle = ',"jid":' .. id .. ','
local inQueue, inSchedule = 0, 0
if queue and kind('queue:' .. queue) == 'list' then
    for _, item in ipairs(redis.call('LRANGE', 'queue:' .. queue, 0, 999)) do
        if item:find(needle, 1, true) then inQueue = 1 break end
    end
end
if kind('schedule') == 'zset' then
    for _, item in ipairs(redis.call('ZRANGE', 'schedule', 0, 999)) do
        if item:find(needle, 1, true) then inSchedule = 1 break end
    end
end
return {inJobs, layout, fields, state, children, parentStatus, ports('inports', 'in'), ports('outports', 'out'),
    aliases, lock, rate, {inQueue, inSchedule}}
