-- SPDX-License-Identifier: GPL-3.0-or-later
-- move(0, jid, queue, now, [state]): puts an existing job into `queue` ('' = the queue it is in
-- now: an operator's retry) in one step, as qless's put would with what the job has: klass,
-- data, priority, tags, retries and its unfinished dependencies kept; `remaining` reset to
-- `retries`; it leaves its worker (told lock_lost), its failure group or the completed set. With
-- `state`, only a job currently in that state is moved: a guard for bulk steps that are replayed
-- or raced. Replies with the job's new state (waiting, or depends), or false when there is no
-- such job or it is not in `state`. The same library call as qless.lua's desk.move.
local S = 'Move'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local queue = ARGV[2]
if queue == nil then
  Qless.arg_error(S, 'queue', 'missing')
end
local now = Qless.arg_now(S, ARGV[3])
local state = ARGV[4]
if state ~= nil then
  Qless.arg_string(S, 'state', state)
end
Qless.arg_none_after(S, ARGV, 4)
return Qless.desk_move(now, jid, queue, state, S)
