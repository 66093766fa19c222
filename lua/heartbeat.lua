-- heartbeat(0, jid, worker, now, [data]): renews the lock `worker` holds on a running job and
-- optionally replaces its data. Replies with the new expiry, or false when the job is not
-- running or is held by another worker (it was moved, failed, cancelled or reclaimed).
local S = 'Heartbeat'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local worker = Qless.arg_string(S, 'worker', ARGV[2])
local now = Qless.arg_now(S, ARGV[3])
local data = ARGV[4]
if data ~= nil then
  Qless.arg_json(S, 'data', data)
end
Qless.arg_none_after(S, ARGV, 4)

local key = Qless.job_key(jid)
local fields = redis.call('hmget', key, 'state', 'worker', 'queue')
if fields[1] ~= 'running' or fields[2] ~= worker then
  return false
end
local queue = fields[3]
local expires = now + Qless.heartbeat_for(queue)
redis.call('hmset', key, 'expires', expires)
if data ~= nil then
  redis.call('hset', key, 'data', data)
end
redis.call('zadd', Qless.queue_key(queue, 'locks'), expires, jid)
redis.call('zadd', 'ql:w:' .. worker .. ':jobs', expires, jid)
redis.call('zadd', 'ql:workers', now, worker)
return expires
