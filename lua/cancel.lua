-- cancel(0, jid, [jid, ...]): deletes the jobs and every trace of them; a worker holding one is
-- told, and its heartbeat and complete then fail. A job that others still depend on is refused
-- unless those dependents are cancelled in the same call; nothing is cancelled then.
-- Complete and unknown jobs are left alone. Replies with the jids cancelled.
local S = 'Cancel'
if #ARGV == 0 then
  Qless.arg_error(S, 'jid', 'missing')
end
local cancelling = {}
for i, jid in ipairs(ARGV) do
  Qless.arg_string(S, 'jid', jid)
  cancelling[jid] = true
end

-- Check every job before touching any.
local jobs = {}
for _, jid in ipairs(ARGV) do
  local hash = Qless.job_hash(jid)
  if hash ~= nil and hash.state ~= 'complete' then
    for _, dependent in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependents')) do
      if not cancelling[dependent] then
        error('Cancel(): ' .. jid .. ' is a dependency of ' .. dependent ..
          ' but is not mentioned to be canceled', 0)
      end
    end
    table.insert(jobs, { jid, hash })
  end
end

local cancelled = {}
for _, item in ipairs(jobs) do
  local jid, hash = item[1], item[2]
  Qless.detach(jid, hash, 0, 'canceled')
  for _, other in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependencies')) do
    redis.call('srem', Qless.job_key(other) .. '-dependents', jid)
  end
  Qless.event(jid, 'canceled', { queue = hash.queue, worker = hash.worker })
  redis.call('zrem', 'ql:tracked', jid)
  Qless.job_delete(jid)
  table.insert(cancelled, jid)
end
return cancelled
