-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob portpage (read only): a window of the values waiting on one port, oldest first, with
-- how many wait, read together.
-- EVAL <source> 0 <id> <in|out> <port> <offset> <count 1..100>
-- Reply: {total, type, value, ...}: total is LLEN (-1 when the key is not a list; its TYPE is then
-- `type`); each value as stored (4.1: {"data":...,"context":...}; 4.0: the plain JSON value).
-- Bound: TYPE, LLEN and one LRANGE of at most 100.
local id, side, port = ARGV[1], ARGV[2], ARGV[3]
local offset, count = tonumber(ARGV[4]), tonumber(ARGV[5])
if not id or not id:match('^%d+$') then return redis.error_reply('sidejob portpage: the id must be a number') end
if side ~= 'in' and side ~= 'out' then return redis.error_reply('sidejob portpage: side must be in or out') end
if not port or port == '' then return redis.error_reply('sidejob portpage: a port is required') end
if not offset or offset < 0 then return redis.error_reply('sidejob portpage: offset must be >= 0') end
if not count or count < 1 or count > 100 then return redis.error_reply('sidejob portpage: count must be 1..100') end
local key = 'job:' .. id .. ':' .. side .. ':' .. port
local t = redis.call('TYPE', key)['ok']
if t == 'none' then return {0, t} end
if t ~= 'list' then return {-1, t} end
local reply = {redis.call('LLEN', key), t}
for _, value in ipairs(redis.call('LRANGE', key, offset, offset + count - 1)) do reply[#reply + 1] = value end
return reply
