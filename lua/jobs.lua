-- jobs(0, state, now, queue, [offset, [count]]) | jobs(0, 'complete', now, [offset, [count]])
-- The jids in one state of a queue, as a plain array, from `offset` (default 0), at most `count`
-- (default 25). States: waiting (pop order, due scheduled jobs included), running, stalled,
-- scheduled (not yet due, soonest first), depends, recurring (template jids, next run first),
-- and complete (all queues, newest first). Changes nothing.
local S = 'Jobs'
local state = ARGV[1]
local now = Qless.arg_now(S, ARGV[2])
local queue, first
if state == 'complete' then
  first = 3
else
  queue = Qless.arg_string(S, 'queue', ARGV[3])
  first = 4
end
local offset = Qless.arg_count(S, 'offset', ARGV[first], 0)
local count = Qless.arg_count(S, 'count', ARGV[first + 1], 25)
Qless.arg_none_after(S, ARGV, first + 1)
if count == 0 then
  return {}
end
local last = offset + count - 1

if state == 'complete' then
  return redis.call('zrevrange', 'ql:completed', offset, last)
elseif state == 'waiting' then
  return Qless.waiting_page(queue, now, offset, count)
elseif state == 'running' then
  return redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '(' .. now, '+inf',
    'LIMIT', offset, count)
elseif state == 'stalled' then
  return redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '-inf', now,
    'LIMIT', offset, count)
elseif state == 'scheduled' then
  return redis.call('zrangebyscore', Qless.queue_key(queue, 'scheduled'), '(' .. now, '+inf',
    'LIMIT', offset, count)
elseif state == 'depends' then
  return redis.call('zrange', Qless.queue_key(queue, 'depends'), offset, last)
elseif state == 'recurring' then
  return redis.call('zrange', Qless.queue_key(queue, 'recur'), offset, last)
end
Qless.arg_error(S, 'state', 'must be one of waiting, running, stalled, scheduled, depends, ' ..
  'recurring, complete', state)
