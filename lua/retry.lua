-- retry(0, jid, queue, worker, now, [delay]): `worker` gives back the running job it holds in
-- `queue` to be tried again (after `delay` seconds), using up one of its retries. Replies with
-- the retries remaining; when none were left the job is failed into failed-retries-<queue> and
-- the reply is negative. False when the job is not running in `queue` for `worker`.
local S = 'Retry'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local queue = Qless.arg_string(S, 'queue', ARGV[2])
local worker = Qless.arg_string(S, 'worker', ARGV[3])
local now = Qless.arg_now(S, ARGV[4])
local delay = Qless.arg_number(S, 'delay', ARGV[5], 0)
if delay < 0 then
  Qless.arg_error(S, 'delay', 'negative', ARGV[5])
end
Qless.arg_none_after(S, ARGV, 5)

local hash = Qless.job_hash(jid)
if hash == nil or hash.state ~= 'running' or hash.worker ~= worker or hash.queue ~= queue then
  return false
end
local remaining = (Qless.number(hash.remaining) or 0) - 1
Qless.stat_count(queue, now, 'retries', 1)
if remaining < 0 then
  Qless.fail_job(jid, hash, Qless.retries_group(queue), Qless.retries_message(queue), now, worker)
  return remaining
end
Qless.detach(jid, hash, now, nil)
redis.call('hmset', Qless.job_key(jid), 'remaining', remaining, 'worker', '', 'expires', 0,
  'time', string.format('%.6f', now))
Qless.history_add(jid, now, 'put', { q = queue })
local state = Qless.place(jid, queue, Qless.number(hash.priority) or 0, now, delay)
Qless.event(jid, 'put', { queue = queue, state = state, retry = true })
return remaining
