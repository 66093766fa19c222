-- SPDX-License-Identifier: GPL-3.0-or-later
-- pop(1, queue; worker, count, now): up to `count` jobs for `worker`, locked until now plus the
-- queue's heartbeat, as qless's pop hands them out (Qless.pop): first jobs whose lock expired
-- (after the grace period; each costs a retry and fails into failed-retries-<queue> when none
-- are left), then waiting jobs in priority order, after spawning due recurring jobs and moving
-- due scheduled jobs into work; `<queue>-max-concurrency` caps the jobs running at once.
-- Replies with an array of job objects (JSON, as `get` replies them). A paused queue gives
-- nothing.
local S = 'Pop'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local worker = Qless.arg_string(S, 'worker', ARGV[1])
local count = Qless.arg_count(S, 'count', ARGV[2])
local now = Qless.arg_now(S, ARGV[3])
Qless.arg_none_after(S, ARGV, 3)

local reply = {}
for _, jid in ipairs(Qless.pop(now, queue, worker, count)) do
  table.insert(reply, cjson.encode(Qless.face_job_object(jid)))
end
return reply
