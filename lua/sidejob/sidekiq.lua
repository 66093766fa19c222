-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob sidekiq (read only): the Sidekiq side SideJob runs on, in one picture: totals, queues
-- with their lengths and oldest item, and processes with their heartbeat fields.
-- EVAL <source> 0
-- Reply: {stats, queues, processes}:
--   stats {processed, failed, schedule, retry, dead}: stat:* as stored ("" when missing) and the
--     sizes of the sorted sets (-1 when the key is of another type);
--   queues {total, name, length, oldest, registered, orphans, ...}: the first 100 names of `queues`
--     (sorted), LLEN of queue:{q} (-1: not a list), its oldest item (the one fetched next, cut to
--     500 bytes), how many worker classes workers:{q} registers (-1: not a hash), and how many of
--     the 100 items fetched next carry an integer jid that is not in `jobs` (a deleted job's item);
--   processes {total, identity, present, info, busy, beat, quiet, ...}: the first 100 members of
--     `processes` (sorted); present 0 when its hash is gone (a killed process), info cut to 2000.
-- Bound: SCARD and at most 100 members of each set (SMEMBERS of a set of 100 or fewer, else one
-- SSCAN COUNT 100); per queue TYPE, LLEN, LINDEX, HLEN and an LRANGE of 100 items (at most 1000
-- items in all a call), each a SISMEMBER; per process TYPE and one HMGET.
local function kind(k) return redis.call('TYPE', k)['ok'] end
local function cut(text, limit)
    if text and #text > limit then return text:sub(1, limit) end
    return text or ''
end
local function members(k, limit)
    if kind(k) ~= 'set' then return 0, {} end
    local total = redis.call('SCARD', k)
    local list = total <= limit and redis.call('SMEMBERS', k) or redis.call('SSCAN', k, 0, 'COUNT', limit)[2]
    local out = {}
    for i = 1, math.min(#list, limit) do out[i] = list[i] end
    table.sort(out)
    return total, out
end
local function size(k)
    local t = kind(k)
    if t == 'none' then return 0 end
    if t ~= 'zset' then return -1 end
    return redis.call('ZCARD', k)
end
local stats = redis.call('MGET', 'stat:processed', 'stat:failed')
local reply = {{stats[1] or '', stats[2] or '', size('schedule'), size('retry'), size('dead')}}
local total, names = members('queues', 100)
local queues = {total}
local itemBudget = 1000
local jobsIsSet = kind('jobs') == 'set'
for _, q in ipairs(names) do
    local k = 'queue:' .. q
    local t = kind(k)
    local length, oldest = 0, ''
    if t == 'list' then
        length = redis.call('LLEN', k)
        oldest = cut(redis.call('LINDEX', k, -1), 500)
    elseif t ~= 'none' then
        length = -1
    end
    local orphans = 0
    if t == 'list' and itemBudget > 0 then
        local items = redis.call('LRANGE', k, -math.min(100, itemBudget), -1)
        itemBudget = itemBudget - #items
        for _, item in ipairs(items) do
            local jid = item:match('"jid":(%d+)[,}]')
            if jid and not (jobsIsSet and redis.call('SISMEMBER', 'jobs', jid) == 1) then orphans = orphans + 1 end
        end
    end
    local registered = 0
    local w = kind('workers:' .. q)
    if w == 'hash' then registered = redis.call('HLEN', 'workers:' .. q) elseif w ~= 'none' then registered = -1 end
    queues[#queues + 1] = q
    queues[#queues + 1] = length
    queues[#queues + 1] = oldest
    queues[#queues + 1] = registered
    queues[#queues + 1] = orphans
end
reply[2] = queues
total, names = members('processes', 100)
local processes = {total}
for _, identity in ipairs(names) do
    local present, info, busy, beat, quiet = 0, '', '', '', ''
    if kind(identity) == 'hash' then
        present = 1
        local h = redis.call('HMGET', identity, 'info', 'busy', 'beat', 'quiet')
        info, busy, beat, quiet = cut(h[1], 2000), h[2] or '', h[3] or '', h[4] or ''
    end
    processes[#processes + 1] = identity
    processes[#processes + 1] = present
    processes[#processes + 1] = info
    processes[#processes + 1] = busy
    processes[#processes + 1] = beat
    processes[#processes + 1] = quiet
end
reply[3] = processes
return reply
