-- SPDX-License-Identifier: GPL-3.0-or-later
-- heartbeat(0, jid, worker, now, [data]): renews the lock `worker` holds on a running job and
-- optionally replaces its data (stored re-encoded, as qless does). Replies with the new expiry,
-- or false when the job is not running or is held by another worker (it was moved, failed,
-- cancelled or reclaimed). The renewal is qless's heartbeat (Qless.heartbeat).
local S = 'Heartbeat'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local worker = Qless.arg_string(S, 'worker', ARGV[2])
local now = Qless.arg_now(S, ARGV[3])
local data = ARGV[4]
if data ~= nil then
  Qless.face_json(S, 'data', data)
end
Qless.arg_none_after(S, ARGV, 4)

local fields = redis.call('hmget', Qless.job_key(jid), 'state', 'worker')
if fields[1] ~= 'running' or fields[2] ~= worker then
  return false
end
return Qless.heartbeat(now, jid, worker, data)
