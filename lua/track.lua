-- SPDX-License-Identifier: GPL-3.0-or-later
-- track(0) -> {jobs: [job objects], expired: [jids whose job is gone]}; changes nothing. The
--   job objects are those `get` replies.
-- track(0, 'track', jid, now, [tag, ...]) -> true, or false when there is no such job.
-- track(0, 'untrack', jid, now) -> true. Tracking and untracking are qless's track: the jid is
-- published on ql:track / ql:untrack. An untracked jid whose job is gone leaves ql:tracked too.
local S = 'Track'
local command = ARGV[1]
if command == nil then
  local jobs = {}
  local expired = {}
  for _, jid in ipairs(redis.call('zrange', 'ql:tracked', 0, -1)) do
    local job = Qless.face_job_object(jid)
    if job then
      table.insert(jobs, job)
    else
      table.insert(expired, jid)
    end
  end
  return '{"jobs":' .. Qless.json_list(jobs) .. ',"expired":' .. Qless.json_list(expired) .. '}'
end

if command ~= 'track' and command ~= 'untrack' then
  Qless.arg_error(S, 'command', 'must be track or untrack', command)
end
local jid = Qless.arg_string(S, 'jid', ARGV[2])
local now = Qless.arg_now(S, ARGV[3])
if command == 'untrack' then
  Qless.arg_none_after(S, ARGV, 3)
end
if not Qless.job_exists(jid) then
  if command == 'untrack' then
    redis.call('zrem', 'ql:tracked', jid)
    return true
  end
  return false
end
Qless.track(now, command, jid)
return true
