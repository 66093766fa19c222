-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob sortedpage (read only): a window of one of Sidekiq's sorted sets (schedule, retry, dead),
-- soonest first, with its size and, for each item, whether its jid is a SideJob job.
-- EVAL <source> 0 <schedule|retry|dead> <offset> <count 1..100>
-- Reply: {total, item, score, known, ...}; total -1 when the key is not a sorted set. known: 1 when
-- the item's jid is an integer in `jobs`, 0 when it is not there (a deleted job), -1 when the jid
-- is not an integer (an ordinary Sidekiq job). Items are cut to 2000 bytes.
-- Bound: TYPE, ZCARD, one ZRANGE of at most 100 and a SISMEMBER per item.
local name, offset, count = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if name ~= 'schedule' and name ~= 'retry' and name ~= 'dead' then
    return redis.error_reply('sidejob sortedpage: the set must be schedule, retry or dead')
end
if not offset or offset < 0 then return redis.error_reply('sidejob sortedpage: offset must be >= 0') end
if not count or count < 1 or count > 100 then return redis.error_reply('sidejob sortedpage: count must be 1..100') end
local t = redis.call('TYPE', name)['ok']
if t == 'none' then return {0} end
if t ~= 'zset' then return {-1} end
local reply = {redis.call('ZCARD', name)}
local window = redis.call('ZRANGE', name, offset, offset + count - 1, 'WITHSCORES')
local isSet = redis.call('TYPE', 'jobs')['ok'] == 'set'
for i = 1, #window, 2 do
    local item = window[i]
    local jid = item:match('"jid":(%d+)[,}]')
    local known = -1
    if jid then known = isSet and redis.call('SISMEMBER', 'jobs', jid) or 0 end
    reply[#reply + 1] = #item > 2000 and item:sub(1, 2000) or item
    reply[#reply + 1] = window[i + 1]
    reply[#reply + 1] = known
end
return reply
