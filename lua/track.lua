-- track(0) -> {jobs: [job objects], expired: [jids whose job is gone]}; changes nothing.
-- track(0, 'track', jid, now, [tag, ...]) -> true, or false when there is no such job.
-- track(0, 'untrack', jid, now) -> true. Tracking publishes `track` / `untrack` with the jid.
local S = 'Track'
local command = ARGV[1]
if command == nil then
  local jobs = {}
  local expired = {}
  for _, jid in ipairs(redis.call('zrange', 'ql:tracked', 0, -1)) do
    local job = Qless.job_object(jid)
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
if command == 'track' then
  if redis.call('exists', Qless.job_key(jid)) == 0 then
    return false
  end
  redis.call('zadd', 'ql:tracked', now, jid)
  Qless.publish('track', jid)
  return true
elseif command == 'untrack' then
  Qless.arg_none_after(S, ARGV, 3)
  if redis.call('zrem', 'ql:tracked', jid) == 1 then
    Qless.publish('untrack', jid)
  end
  return true
end
