-- SPDX-License-Identifier: GPL-3.0-or-later
-- unfail(0, now, group, queue, [count]): moves the `count` (default 25) oldest jobs of failure
-- `group` into `queue` (as desk.move does, Qless.desk_requeue: waiting, or depends while unfinished
-- dependencies remain; failure cleared),
-- with their retries restored. Much cheaper than moving them one by one. Replies with how many
-- jobs were moved.
local S = 'Unfail'
local now = Qless.arg_now(S, ARGV[1])
local group = Qless.arg_string(S, 'group', ARGV[2])
local queue = Qless.arg_string(S, 'queue', ARGV[3])
local count = Qless.arg_count(S, 'count', ARGV[4], 25)
Qless.arg_none_after(S, ARGV, 4)
if count == 0 then
  return 0
end

local list = 'ql:f:' .. group
-- The list is pushed newest first: the oldest are at its tail.
local jids = redis.call('lrange', list, -count, -1)
local moved = 0
for i = #jids, 1, -1 do
  local jid = jids[i]
  local state = redis.call('hget', Qless.job_key(jid), 'state')
  redis.call('lrem', list, -1, jid)
  if state == 'failed' then
    Qless.desk_requeue(now, jid, queue, group)
    moved = moved + 1
  end
end
if redis.call('llen', list) == 0 then
  redis.call('srem', 'ql:failures', group)
end
-- Each moved job registered `queue` (Qless.requeue); an unfail that moved nothing names no queue
-- in ql:queues, so a mistyped queue or an empty group leaves no phantom queue behind.
return moved
