-- SPDX-License-Identifier: GPL-3.0-or-later
-- get(0, jid): the job object as JSON (qless's, read without changing anything, plus `time` and
-- `due`: Qless.face_job_object, the object desk.get replies), or nil when there is no such job.
local S = 'Get'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
Qless.arg_none_after(S, ARGV, 1)
local job = Qless.face_job_object(jid)
if job == nil then
  return false
end
return cjson.encode(job)
