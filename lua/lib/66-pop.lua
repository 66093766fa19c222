-- SPDX-License-Identifier: GPL-3.0-or-later
-- Handing out work: pop and peek, and the housekeeping both do first (stalled locks, due
-- recurring templates, due scheduled jobs).

-- The lock a pop or heartbeat gives: `<queue>-heartbeat`, else `heartbeat`, seconds from now.
function Qless.lock_expiry(queue, now)
  local seconds = Qless.config_number(queue .. '-heartbeat', nil)
  if seconds == nil then seconds = Qless.config_number('heartbeat', 60) end
  return now + seconds
end

-- The `count` best jids waiting in work, highest score first.
function Qless.work_peek(queue, count)
  if count <= 0 then return {} end
  return redis.call('zrevrange', Qless.queue_key(queue, 'work'), 0, count - 1)
end

-- A job whose retries ran out while stalled: failed into `failed-retries-<queue>`.
function Qless.fail_exhausted(queue, jid, now, worker)
  local group = 'failed-retries-' .. queue
  local message = 'Job exhausted retries in queue "' .. queue .. '"'
  Qless.queue_remove_job(queue, jid)
  Qless.history_add(jid, now, 'failed', { group = group })
  redis.call('hmset', Qless.job_key(jid), 'state', 'failed', 'worker', '', 'expires', '')
  -- The job no longer has a worker when the failure is written, so it names none (as qless).
  Qless.failure_record(jid, now, queue, group, message, '', now)
  Qless.publish_if_tracked('failed', jid)
  Qless.log_event({ jid = jid, event = 'failed', group = group, worker = worker,
    message = message })
end

-- Reclaims up to `count` jobs whose lock expired. With a grace period the first expiry only warns
-- the worker (lock_lost) and extends the lock by the grace; the next one takes the job back.
-- A job taken back costs one retry; with none left it fails. Returns the jids to hand out again.
function Qless.reclaim_stalled(queue, now, count)
  local reclaimed = {}
  if count <= 0 then return reclaimed end
  local locks = Qless.queue_key(queue, 'locks')
  local grace = Qless.config_number('grace-period', 10)
  for _, jid in ipairs(redis.call('zrangebyscore', locks, '-inf', now, 'LIMIT', 0, count)) do
    local key = Qless.job_key(jid)
    local f = redis.call('hmget', key, 'jid', 'worker', 'grace')
    local worker = f[2] or ''
    if not f[1] then
      redis.call('zrem', locks, jid) -- a lock left behind by a job that is gone
    else
      if worker ~= '' then redis.call('zrem', Qless.worker_key(worker), jid) end
      local warned = Qless.number(f[3]) == 1
      local warn, take = not warned, warned
      if grace <= 0 then warn, take = true, true end
      if warn then
        Qless.publish_if_tracked('stalled', jid)
        Qless.history_add(jid, now, 'timed-out')
        redis.call('hset', key, 'grace', 1)
        Qless.tell_lock_lost(jid, worker)
        redis.call('zadd', locks, now + grace, jid)
        redis.call('hincrby', Qless.stats_key('stats', now, queue), 'retries', 1)
      end
      if take then
        redis.call('hdel', key, 'grace')
        local remaining = Qless.job_spend_retry(jid)
        if remaining < 0 then
          Qless.fail_exhausted(queue, jid, now, worker)
        else
          table.insert(reclaimed, jid)
        end
      end
    end
  end
  return reclaimed
end

-- Spawns the jobs of due recurring templates, at most `count` in all. Each child `<jid>-<n>` is
-- put as of the time it was due; a template with a backlog limit spawns at most that many of the
-- runs it missed. A number whose child job still exists is skipped, so no job is overwritten.
function Qless.spawn_recurring(queue, now, count)
  if count <= 0 then return end
  local recur = Qless.queue_key(queue, 'recur')
  local spawned = 0
  for _, jid in ipairs(redis.call('zrangebyscore', recur, 0, now, 'LIMIT', 0, count)) do
    local f = redis.call('hmget', Qless.recur_key(jid), 'klass', 'data', 'priority', 'tags',
      'retries', 'interval', 'backlog')
    local interval = Qless.number(f[6])
    local score = Qless.number(redis.call('zscore', recur, jid))
    if redis.call('exists', Qless.recur_key(jid)) == 0 then
      redis.call('zrem', recur, jid) -- a template that is gone: it would block the ones behind
    elseif interval and interval > 0 and score then
      score = math.floor(score)
      local backlog = Qless.stored_number(f[7], 0)
      if backlog ~= 0 then
        local missed = (now - score) / interval
        if missed > backlog then score = score + math.ceil(missed - backlog) * interval end
      end
      local tags = Qless.decode_list(f[4])
      local priority = Qless.stored_number(f[3], 0)
      local retries = Qless.stored_number(f[5], 0)
      while score <= now and spawned < count do
        local child
        repeat
          child = jid .. '-' .. redis.call('hincrby', Qless.recur_key(jid), 'count', 1)
        until not Qless.job_exists(child)
        spawned = spawned + 1
        for _, tag in ipairs(tags) do Qless.tag_index_add(child, tag, now) end
        redis.call('hmset', Qless.job_key(child), 'jid', child, 'klass', f[1] or '',
          'data', f[2] or '{}', 'priority', priority, 'tags', cjson.encode(tags),
          'state', 'waiting', 'worker', '', 'expires', 0, 'queue', queue,
          'retries', retries, 'remaining', retries, 'time', string.format('%.20f', score),
          'spawned_from_jid', jid)
        Qless.history_add(child, score, 'put', { q = queue })
        Qless.work_add(queue, score, priority, child)
        score = score + interval
        redis.call('zadd', recur, score, jid)
      end
    end
  end
end

-- The jids the next pop of `count` would hand out (stalled first); like current qless it spawns
-- due recurring jobs and moves due scheduled ones into work on the way.
function Qless.peek(now, queue, count)
  Qless.arg('Peek', 'queue', queue)
  count = Qless.arg_number('Peek', 'count', count)
  local jids = {}
  if count > 0 then
    jids = redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '-inf', now,
      'LIMIT', 0, count)
  end
  Qless.spawn_recurring(queue, now, count - #jids)
  Qless.queue_release_scheduled(queue, now, count - #jids)
  return Qless.append(jids, Qless.work_peek(queue, count - #jids))
end

-- Hands one job to `worker` under a lock until `expires`, counting how long it waited.
function Qless.pop_one(queue, jid, worker, now, expires)
  local key = Qless.job_key(jid)
  Qless.history_add(jid, now, 'popped', { worker = worker })
  local put_at = Qless.stored_number(redis.call('hget', key, 'time'), now)
  Qless.stat_add(queue, now, 'wait', now - put_at)
  redis.call('hset', key, 'time', string.format('%.20f', now))
  redis.call('zadd', Qless.worker_key(worker), expires, jid)
  redis.call('hmset', key, 'worker', worker, 'expires', expires, 'state', 'running')
  redis.call('zadd', Qless.queue_key(queue, 'locks'), expires, jid)
  Qless.publish_if_tracked('popped', jid)
end

-- Gives `worker` up to `count` jobs of `queue` (none while it is paused), running under a lock
-- it must renew by heartbeat. Returns their jids.
function Qless.pop(now, queue, worker, count)
  Qless.arg('Pop', 'queue', queue)
  Qless.arg('Pop', 'worker', worker)
  count = Qless.arg_number('Pop', 'count', count)
  local expires = Qless.lock_expiry(queue, now)
  if Qless.queue_paused(queue) then return {} end
  redis.call('zadd', 'ql:workers', now, worker)

  local limit = Qless.config_number(queue .. '-max-concurrency', 0)
  if limit > 0 then
    local running = redis.call('zcount', Qless.queue_key(queue, 'locks'), now, '+inf')
    count = math.min(count, math.max(0, limit - running))
    if count <= 0 then return {} end
  end

  local jids = Qless.reclaim_stalled(queue, now, count)
  Qless.spawn_recurring(queue, now, count - #jids)
  Qless.queue_release_scheduled(queue, now, count - #jids)
  Qless.append(jids, Qless.work_peek(queue, count - #jids))

  local given = {}
  for _, jid in ipairs(jids) do
    -- A jid left in work by a job that is gone is dropped, not handed out as a half-made job.
    if Qless.job_exists(jid) then
      table.insert(given, jid)
      Qless.pop_one(queue, jid, worker, now, expires)
    end
  end
  if #jids > 0 then Qless.call_in_slices('zrem', Qless.queue_key(queue, 'work'), jids) end
  return given
end

