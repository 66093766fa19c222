-- SPDX-License-Identifier: GPL-3.0-or-later
-- Queues: sorted sets ql:q:<queue>-work (score priority - put_time/1e10, popped highest first),
-- -locks (lock expiry), -scheduled (when due), -depends (when put), -recur (next spawn).

-- Ranks a job in work: higher priority first, then earlier `when`. A stalled job timed out by
-- hand goes in with score +inf, ahead of everything.
function Qless.work_add(queue, now, priority, jid)
  local score
  if priority == '+inf' then
    score = '+inf'
  else
    score = (Qless.number(priority) or 0) - (now / 10000000000)
  end
  redis.call('zadd', Qless.queue_key(queue, 'work'), score, jid)
end

-- Takes a job out of every set of `queue` (work, locks, scheduled, depends).
function Qless.queue_remove_job(queue, jid)
  if not queue or queue == '' then return end
  for _, part in ipairs({ 'work', 'locks', 'scheduled', 'depends' }) do
    redis.call('zrem', Qless.queue_key(queue, part), jid)
  end
end

function Qless.queue_paused(queue)
  return redis.call('sismember', 'ql:paused_queues', queue) == 1
end

function Qless.queues_pause(names)
  if #names > 0 then Qless.call_in_slices('sadd', 'ql:paused_queues', names) end
end

function Qless.queues_unpause(names)
  if #names > 0 then Qless.call_in_slices('srem', 'ql:paused_queues', names) end
end

-- Queues named here leave ql:queues (their jobs stay where they are).
function Qless.queues_forget(names)
  if #names > 0 then Qless.call_in_slices('zrem', 'ql:queues', names) end
end

-- Jobs a queue holds: running (locked, stalled too), waiting and scheduled.
function Qless.queue_length(queue)
  return redis.call('zcard', Qless.queue_key(queue, 'locks'))
    + redis.call('zcard', Qless.queue_key(queue, 'work'))
    + redis.call('zcard', Qless.queue_key(queue, 'scheduled'))
end

-- Moves up to `count` scheduled jobs that are due into work, ranked by when they fell due.
function Qless.queue_release_scheduled(queue, now, count)
  local key = Qless.queue_key(queue, 'scheduled')
  if count == nil then count = redis.call('zcard', key) end
  if count <= 0 then return end
  for _, jid in ipairs(redis.call('zrangebyscore', key, 0, now, 'LIMIT', 0, count)) do
    redis.call('zrem', key, jid)
    -- A jid whose job is gone is only dropped: writing its state would make a half-made job.
    if Qless.job_exists(jid) then
      local priority = Qless.stored_number(redis.call('hget', Qless.job_key(jid), 'priority'), 0)
      Qless.work_add(queue, now, priority, jid)
      redis.call('hset', Qless.job_key(jid), 'state', 'waiting')
    end
  end
end

-- One queue's counts; like current qless it first moves the due scheduled jobs into work.
function Qless.queue_counts(queue, now)
  local locks = Qless.queue_key(queue, 'locks')
  local stalled = redis.call('zcount', locks, 0, now)
  Qless.queue_release_scheduled(queue, now, nil)
  return {
    name = queue,
    waiting = redis.call('zcard', Qless.queue_key(queue, 'work')),
    stalled = stalled,
    running = redis.call('zcard', locks) - stalled,
    scheduled = redis.call('zcard', Qless.queue_key(queue, 'scheduled')),
    depends = redis.call('zcard', Qless.queue_key(queue, 'depends')),
    recurring = redis.call('zcard', Qless.queue_key(queue, 'recur')),
    paused = Qless.queue_paused(queue),
  }
end

function Qless.queues_counts(now)
  local all = {}
  for _, queue in ipairs(redis.call('zrange', 'ql:queues', 0, -1)) do
    table.insert(all, Qless.queue_counts(queue, now))
  end
  return all
end

-- Jids of `queue` in `state`, `count` from `offset`.
function Qless.queue_jobs(queue, state, now, offset, count)
  local last = offset + count - 1
  if state == 'running' then
    return redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), now, '+inf',
      'LIMIT', offset, count)
  elseif state == 'stalled' then
    return redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '-inf', now,
      'LIMIT', offset, count)
  elseif state == 'scheduled' then
    Qless.queue_release_scheduled(queue, now, nil)
    return redis.call('zrange', Qless.queue_key(queue, 'scheduled'), offset, last)
  elseif state == 'depends' then
    return redis.call('zrange', Qless.queue_key(queue, 'depends'), offset, last)
  elseif state == 'recurring' then
    return redis.call('zrangebyscore', Qless.queue_key(queue, 'recur'), '-inf', '+inf',
      'LIMIT', offset, count)
  end
  Qless.fail_with('Jobs(): Unknown type "' .. tostring(state) .. '"')
end
