-- SPDX-License-Identifier: GPL-3.0-or-later
-- Workers: ql:workers (scored by when each was last seen) and ql:w:<worker>:jobs (its jobs,
-- scored by when their locks expire).

-- Workers not seen for `max-worker-age` seconds are forgotten, with their job lists.
function Qless.workers_prune(now)
  local cutoff = now - Qless.config_number('max-worker-age', 86400)
  for _, worker in ipairs(redis.call('zrangebyscore', 'ql:workers', 0, cutoff)) do
    redis.call('del', Qless.worker_key(worker))
  end
  redis.call('zremrangebyscore', 'ql:workers', 0, cutoff)
end

-- workers(now): [{name, jobs, stalled}] most recently seen first.
-- workers(now, worker): {jobs: [jids], stalled: [jids]} (locks still held / expired).
function Qless.workers(now, worker)
  Qless.workers_prune(now)
  if worker then return Qless.worker_jobs(now, worker) end
  local all = {}
  for _, name in ipairs(redis.call('zrevrange', 'ql:workers', 0, -1)) do
    table.insert(all, Qless.worker_summary(now, name))
  end
  return all
end

-- A worker's jobs whose locks it still holds and those that expired, as jids.
function Qless.worker_jobs(now, worker)
  local key = Qless.worker_key(worker)
  return {
    jobs = redis.call('zrevrangebyscore', key, now + 8640000, now),
    stalled = redis.call('zrevrangebyscore', key, now, 0),
  }
end

-- {name, jobs, stalled}: how many locks the worker holds and how many of them expired.
function Qless.worker_summary(now, name)
  local key = Qless.worker_key(name)
  return {
    name = name,
    jobs = redis.call('zcount', key, now, now + 8640000),
    stalled = redis.call('zcount', key, 0, now),
  }
end

function Qless.workers_forget(names)
  if #names > 0 then Qless.call_in_slices('zrem', 'ql:workers', names) end
end
