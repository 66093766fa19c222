-- priority(0, jid, priority): sets a job's priority (higher pops first). A waiting job is
-- re-ranked at once, keeping its place among jobs of its new priority by put time.
-- Replies with the new priority, or false when there is no such job.
local S = 'Priority'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local priority = Qless.arg_number(S, 'priority', ARGV[2])
Qless.arg_none_after(S, ARGV, 2)

local key = Qless.job_key(jid)
local fields = redis.call('hmget', key, 'jid', 'queue', 'priority', 'state')
if redis.call('exists', key) == 0 then
  return false
end
local queue = fields[2]
if queue and queue ~= '' then
  local work = Qless.queue_key(queue, 'work')
  local score = Qless.number(redis.call('zscore', work, jid))
  if score then
    local old = Qless.number(fields[3]) or 0
    redis.call('zadd', work, score - old + priority, jid)
  end
end
redis.call('hset', key, 'priority', priority)
Qless.event(jid, 'priority', { queue = queue, priority = priority })
return priority
