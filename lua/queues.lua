-- SPDX-License-Identifier: GPL-3.0-or-later
-- queues(0, now, [queue]): counts per queue, as JSON: [{name, waiting, running, stalled,
-- scheduled, depends, recurring, paused, max_concurrency}, ...] in the order queues were first
-- seen, or one such object for `queue`. Scheduled jobs already due count as waiting (pop would
-- move them), without being moved; jobs qless timed out (at +inf in the work set) are waiting too,
-- as qless counts them. `max_concurrency` is `<queue>-max-concurrency` (0: no limit), the most
-- jobs current qless lets run at once. Changes nothing. The same counts as qless.lua's
-- desk.queues (Qless.desk_queue_counts).
local S = 'Queues'
local now = Qless.arg_now(S, ARGV[1])
local only = ARGV[2]
if only ~= nil then
  Qless.arg_string(S, 'queue', only)
end
Qless.arg_none_after(S, ARGV, 2)

if only ~= nil then
  return cjson.encode(Qless.desk_queue_counts(only, now))
end
return Qless.json_list(Qless.desk_queues_counts(now))
