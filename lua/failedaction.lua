-- SPDX-License-Identifier: GPL-3.0-or-later
-- failedaction(0, action, now, group, count, skip, key, [queue]): one batch of a bulk action on
-- failure group `group`. It takes the `count` oldest entries of ql:f:<group> after passing over
-- the `skip` oldest ones, and works through them oldest first:
--   retry   each job back into the queue it failed in (as qless's put, keeping what it has),
--   move    each job into `queue` (required for move, refused otherwise),
--   cancel  each job deleted as qless's cancel does.
-- An entry whose job is gone is removed (skipped "missing"), as is one whose job is no longer
-- failed ("not failed") and the second entry of a jid listed twice ("duplicate"). Left in the
-- list: for cancel, a job that others depend on unless those are cancelled in this same batch
-- ("has dependents"); for retry, a job without a queue ("no queue"). A caller raises `skip` by
-- those left in place for its next batch; they are remembered in ql:desk:kept:<group>, and only
-- those still listed are passed over (`unkept`: how many of the `skip` had left the group, by
-- which the caller lowers it). The group leaves ql:failures once its list is empty.
-- Replies {"taken": entries looked at, "done": n, "skipped": {"<reason>": [jids]}, "unkept": n}.
-- `key` names the batch: the reply is kept as ql:receipt:<key> for a day, and a call whose key
-- has a receipt changes nothing and replies with it, so a caller that lost the reply can send
-- the same batch again. count 0 takes nothing (and leaves a receipt like any batch).
-- The same library call as qless.lua's desk.failedaction (the library's 92-desk-failed.lua).
local S = 'FailedAction'
local action = Qless.arg_string(S, 'action', ARGV[1])
if action ~= 'retry' and action ~= 'move' and action ~= 'cancel' then
  Qless.arg_error(S, 'action', 'not retry, move or cancel', action)
end
local now = Qless.arg_now(S, ARGV[2])
local group = Qless.arg_string(S, 'group', ARGV[3])
local count = Qless.arg_count(S, 'count', ARGV[4])
local skip = Qless.arg_count(S, 'skip', ARGV[5])
local key = Qless.arg_string(S, 'key', ARGV[6])
local target = nil
if action == 'move' then
  target = Qless.arg_string(S, 'queue', ARGV[7])
elseif ARGV[7] ~= nil then
  Qless.arg_error(S, 'queue', 'only for move', ARGV[7])
end
Qless.arg_none_after(S, ARGV, 7)

return Qless.desk_failed_batch(now, action, group, count, skip, key, target)
