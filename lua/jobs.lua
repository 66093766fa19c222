-- SPDX-License-Identifier: GPL-3.0-or-later
-- jobs(0, state, now, queue, [offset, [count]]) | jobs(0, 'complete', now, [offset, [count]])
-- The jids in one state of a queue, as a plain array, from `offset` (default 0), at most `count`
-- (default 25). States: waiting (pop order, due scheduled jobs and jobs qless timed out
-- included), running, stalled, scheduled (not yet due, soonest first), depends, recurring
-- (template jids, next run first), and complete (all queues, newest first). Changes nothing.
-- The same page as qless.lua's desk.jobs (Qless.desk_jobs), without its total.
local S = 'Jobs'
local state = ARGV[1]
local now = Qless.arg_now(S, ARGV[2])
local queue, first
if state == 'complete' then
  first = 3
else
  queue = Qless.arg_string(S, 'queue', ARGV[3])
  first = 4
end
local offset = Qless.arg_count(S, 'offset', ARGV[first], 0)
local count = Qless.arg_count(S, 'count', ARGV[first + 1], 25)
Qless.arg_none_after(S, ARGV, first + 1)
if state ~= 'complete' and not Qless.desk_states[state] then
  Qless.arg_error(S, 'state', 'must be one of waiting, running, stalled, scheduled, depends, ' ..
    'recurring, complete', state)
end
return Qless.desk_jobs(now, state, queue, offset, count).jobs
