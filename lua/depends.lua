-- depends(0, jid, 'on', jid, ...) | depends(0, jid, 'off', ('all' | jid, ...))
-- Adds or removes dependencies of a job in the depends state; a job left with none becomes
-- waiting (or scheduled, if put with a delay still running). Replies true, or false when the job
-- is not in the depends state.
local S = 'Depends'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local command = ARGV[2]
if command ~= 'on' and command ~= 'off' then
  Qless.arg_error(S, 'command', 'must be "on" or "off"', command)
end
local others = {}
for i = 3, #ARGV do
  table.insert(others, Qless.arg_string(S, 'jid', ARGV[i]))
end
if #others == 0 then
  Qless.arg_error(S, 'jid', 'missing')
end

local key = Qless.job_key(jid)
local fields = redis.call('hmget', key, 'state', 'queue', 'priority', 'scheduled', 'time')
if fields[1] ~= 'depends' then
  return false
end
local queue = fields[2]

if command == 'on' then
  Qless.depend_on(jid, others)
  return true
end

if others[1] == 'all' and #others == 1 then
  others = redis.call('smembers', key .. '-dependencies')
end
for _, other in ipairs(others) do
  redis.call('srem', key .. '-dependencies', other)
  redis.call('srem', Qless.job_key(other) .. '-dependents', jid)
end
if redis.call('scard', key .. '-dependencies') == 0 then
  -- Ranked by its put time, as a completed dependency would release it.
  local put_time = Qless.number(fields[5])
    or Qless.number(redis.call('zscore', Qless.queue_key(queue, 'depends'), jid)) or 0
  redis.call('zrem', Qless.queue_key(queue, 'depends'), jid)
  local scheduled = Qless.number(fields[4])
  redis.call('hdel', key, 'scheduled')
  if scheduled then
    redis.call('zadd', Qless.queue_key(queue, 'scheduled'), scheduled, jid)
    redis.call('hset', key, 'state', 'scheduled')
  else
    Qless.enqueue_waiting(queue, jid, Qless.number(fields[3]) or 0, put_time)
    redis.call('hset', key, 'state', 'waiting')
  end
  Qless.event(jid, 'put', { queue = queue, why = 'dependencies removed' })
end
return true
