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
    local dependent = Qless.dependent_outside(jid, cancelling)
    if dependent ~= nil then
      error('Cancel(): ' .. jid .. ' is a dependency of ' .. dependent ..
        ' but is not mentioned to be canceled', 0)
    end
    table.insert(jobs, { jid, hash })
  end
end

local cancelled = {}
for _, item in ipairs(jobs) do
  local jid, hash = item[1], item[2]
  Qless.cancel_job(jid, hash)
  table.insert(cancelled, jid)
end
return cancelled
