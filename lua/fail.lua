-- fail(0, jid, worker, group, message, now, [data]): marks a job failed into `group` with a
-- job-specific `message` (a traceback, say). Any job that is not complete can be failed; if a
-- worker holds it, that worker's heartbeat and complete then fail. Replies with the jid, or false
-- when the job does not exist or is complete.
local S = 'Fail'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local worker = Qless.arg_string(S, 'worker', ARGV[2])
local group = Qless.arg_string(S, 'group', ARGV[3])
local message = ARGV[4]
if message == nil then
  Qless.arg_error(S, 'message', 'missing')
end
local now = Qless.arg_now(S, ARGV[5])
local data = ARGV[6]
if data ~= nil then
  Qless.arg_json(S, 'data', data)
end
Qless.arg_none_after(S, ARGV, 6)

local hash = Qless.job_hash(jid)
if hash == nil or hash.state == 'complete' then
  return false
end
if data ~= nil then
  redis.call('hset', Qless.job_key(jid), 'data', data)
end
Qless.fail_job(jid, hash, group, message, now, worker)
return jid
