-- SPDX-License-Identifier: GPL-3.0-or-later
-- fail(0, jid, worker, group, message, now, [data]): marks a job failed into `group` with a
-- job-specific `message` (a traceback, say). Any job that is not complete can be failed
-- (Qless.fail_any_state: a running job of `worker` as qless's fail); if another worker holds it,
-- that worker is told lock_lost and its heartbeat and complete then fail. `data` replaces the
-- job's data. Replies with the jid, or false when the job does not exist or is complete.
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
  Qless.face_json(S, 'data', data)
end
Qless.arg_none_after(S, ARGV, 6)

return Qless.fail_any_state(now, jid, worker, group, message, data) or false
