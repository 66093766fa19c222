-- SPDX-License-Identifier: GPL-3.0-or-later
-- workers(0, now, [worker]): without a worker, [{name, jobs, stalled, last}, ...] most recently
-- active first (`last`: when it was last seen), leaving out workers not seen for max-worker-age;
-- with one, {jobs: [running jids], stalled: [stalled jids]}. Changes nothing: unlike the
-- reference script it prunes no worker (pop does that). The same listing as qless.lua's
-- desk.workers (Qless.desk_workers, Qless.desk_worker_jobs).
local S = 'Workers'
local now = Qless.arg_now(S, ARGV[1])
local worker = ARGV[2]
Qless.arg_none_after(S, ARGV, 2)

if worker ~= nil then
  Qless.arg_string(S, 'worker', worker)
  local jobs = Qless.desk_worker_jobs(now, worker)
  return '{"jobs":' .. Qless.json_list(jobs.jobs) .. ',"stalled":' .. Qless.json_list(jobs.stalled) .. '}'
end
return Qless.json_list(Qless.desk_workers(now))
