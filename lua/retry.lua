-- SPDX-License-Identifier: GPL-3.0-or-later
-- retry(0, jid, queue, worker, now, [delay]): `worker` gives back the running job it holds in
-- `queue` to be tried again (after `delay` seconds), using up one of its retries. Replies with
-- the retries remaining; when none were left the job is failed into failed-retries-<queue> and
-- the reply is negative. False when the job is not running in `queue` for `worker`.
-- The retry is qless's (Qless.retry).
local S = 'Retry'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local queue = Qless.arg_string(S, 'queue', ARGV[2])
local worker = Qless.arg_string(S, 'worker', ARGV[3])
local now = Qless.arg_now(S, ARGV[4])
local delay = Qless.arg_not_negative(S, 'delay', ARGV[5], 0)
Qless.arg_none_after(S, ARGV, 5)

local fields = redis.call('hmget', Qless.job_key(jid), 'state', 'worker', 'queue')
if fields[1] ~= 'running' or fields[2] ~= worker or fields[3] ~= queue then
  return false
end
return Qless.retry(now, jid, queue, worker, delay)
