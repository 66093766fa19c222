-- get(0, jid): the job object as JSON, or nil when there is no such job. Changes nothing.
local S = 'Get'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
Qless.arg_none_after(S, ARGV, 1)
local job = Qless.job_object(jid)
if job == nil then
  return false
end
return cjson.encode(job)
