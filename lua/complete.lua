-- SPDX-License-Identifier: GPL-3.0-or-later
-- complete(0, jid, worker, queue, now, data, ['next', n, [('delay', d) | ('depends', '[...]')]])
-- `worker` finishes the running job it holds in `queue`. With `next` the job moves on to queue n
-- (waiting, scheduled after `delay`, or depending on `depends`); without, it is complete, kept
-- for jobs-history / jobs-history-count, and the jobs that waited on it are released.
-- Replies with the new state, or false when the job is not running in `queue` for `worker`.
-- The completion is qless's (Qless.complete).
local S = 'Complete'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local worker = Qless.arg_string(S, 'worker', ARGV[2])
local queue = Qless.arg_string(S, 'queue', ARGV[3])
local now = Qless.arg_now(S, ARGV[4])
local data = Qless.arg_json_text(S, 'data', ARGV[5])
local options, given = Qless.arg_options(S, ARGV, 6, {
  next = Qless.arg_string,
  delay = Qless.arg_not_negative,
  depends = Qless.arg_string_list,
})
if options.next == nil and (options.delay ~= nil or options.depends ~= nil) then
  Qless.arg_error(S, options.delay ~= nil and 'delay' or 'depends', 'given without "next"')
end

local fields = redis.call('hmget', Qless.job_key(jid), 'state', 'worker', 'queue')
if fields[1] ~= 'running' or fields[2] ~= worker or fields[3] ~= queue then
  return false
end
return Qless.complete(now, jid, worker, queue, data, given)
