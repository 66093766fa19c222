-- queues(0, now, [queue]): counts per queue, as JSON: [{name, waiting, running, stalled,
-- scheduled, depends, recurring, paused, max_concurrency}, ...] in the order queues were first
-- seen, or one such object for `queue`. Scheduled jobs already due count as waiting (pop would
-- move them), without being moved; jobs qless timed out (at +inf in the work set) are waiting too,
-- as qless counts them. `max_concurrency` is `<queue>-max-concurrency` (0: no limit), the most
-- jobs current qless lets run at once. Changes nothing.
local S = 'Queues'
local now = Qless.arg_now(S, ARGV[1])
local only = ARGV[2]
if only ~= nil then
  Qless.arg_string(S, 'queue', only)
end
Qless.arg_none_after(S, ARGV, 2)

local function counts(name)
  local locks = Qless.queue_key(name, 'locks')
  local scheduled = Qless.queue_key(name, 'scheduled')
  local due = redis.call('zcount', scheduled, '-inf', now)
  return {
    name = name,
    waiting = redis.call('zcard', Qless.queue_key(name, 'work')) + due,
    running = redis.call('zcount', locks, '(' .. now, '+inf'),
    stalled = redis.call('zcount', locks, '-inf', now),
    scheduled = redis.call('zcard', scheduled) - due,
    depends = redis.call('zcard', Qless.queue_key(name, 'depends')),
    recurring = redis.call('zcard', Qless.queue_key(name, 'recur')),
    paused = redis.call('sismember', 'ql:paused_queues', name) == 1,
    max_concurrency = Qless.number(redis.call('hget', 'ql:config', name .. '-max-concurrency')) or 0,
  }
end

if only ~= nil then
  return cjson.encode(counts(only))
end
local reply = {}
for _, name in ipairs(redis.call('zrange', 'ql:queues', 0, -1)) do
  table.insert(reply, counts(name))
end
return Qless.json_list(reply)
