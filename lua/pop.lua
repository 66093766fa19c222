-- pop(1, queue; worker, count, now): up to `count` jobs for `worker`, locked until now plus the
-- queue's heartbeat. First stalled jobs (lock expired: reclaimed with `remaining` decremented,
-- failed into failed-retries-<queue> once it goes below 0), then waiting jobs in priority order,
-- after spawning due recurring jobs and moving due scheduled jobs into work.
-- Replies with an array of job objects (JSON). A paused queue gives nothing.
local S = 'Pop'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local worker = Qless.arg_string(S, 'worker', ARGV[1])
local count = Qless.arg_count(S, 'count', ARGV[2])
local now = Qless.arg_now(S, ARGV[3])
Qless.arg_none_after(S, ARGV, 3)

if redis.call('sismember', 'ql:paused_queues', queue) == 1 then
  return {}
end

-- Workers register by popping; this is also where long-gone ones are forgotten, so that the
-- read-only `workers` view need not prune.
redis.call('zremrangebyscore', 'ql:workers', '-inf', now - Qless.config_number('max-worker-age'))
redis.call('zadd', 'ql:workers', now, worker)

local locks = Qless.queue_key(queue, 'locks')
local popped = {}

-- 1. Stalled jobs: their worker stopped heartbeating.
for _, jid in ipairs(redis.call('zrangebyscore', locks, '-inf', now, 'LIMIT', 0, count)) do
  local hash = Qless.job_hash(jid)
  redis.call('zrem', locks, jid)
  if hash ~= nil then
    local old_worker = hash.worker or ''
    if old_worker ~= '' then
      redis.call('zrem', 'ql:w:' .. old_worker .. ':jobs', jid)
      Qless.notify_worker(old_worker, jid, 'lock_lost')
    end
    local remaining = (Qless.number(hash.remaining) or 0) - 1
    Qless.stat_count(queue, now, 'retries', 1)
    Qless.history_add(jid, now, 'timed-out', { worker = old_worker })
    Qless.event(jid, 'stalled', { queue = queue, worker = old_worker })
    if remaining < 0 then
      hash.worker = ''
      hash.state = 'stalled'
      Qless.fail_job(jid, hash, Qless.retries_group(queue), Qless.retries_message(queue), now, '')
    else
      redis.call('hset', Qless.job_key(jid), 'remaining', remaining)
      table.insert(popped, jid)
    end
  end
end

-- 2. Recurring templates that are due spawn their jobs (<template jid>-<n>) into work.
local function spawn_recurring(limit)
  local recur = Qless.queue_key(queue, 'recur')
  for _, template in ipairs(redis.call('zrangebyscore', recur, '-inf', now, 'LIMIT', 0, limit)) do
    local r = redis.call('hmget', 'ql:r:' .. template,
      'klass', 'data', 'priority', 'tags', 'retries', 'interval', 'count')
    local interval = Qless.number(r[6])
    if r[1] == false or interval == nil or interval <= 0 then
      -- a template we cannot run is left alone, not spun on
    else
      local score = Qless.number(redis.call('zscore', recur, template)) or now
      local spawned = Qless.number(r[7]) or 0
      local priority = Qless.number(r[3]) or 0
      local retries = Qless.number(r[5]) or 5
      local tags = Qless.decode_or_raw(r[4], {})
      if type(tags) ~= 'table' then
        tags = {}
      end
      while score <= now and limit > 0 do
        -- A template turned off and on again counts from 0: skip numbers whose job still exists.
        local jid
        repeat
          spawned = spawned + 1
          jid = template .. '-' .. spawned
        until redis.call('exists', Qless.job_key(jid)) == 0
        limit = limit - 1
        redis.call('hmset', Qless.job_key(jid),
          'jid', jid, 'klass', r[1], 'data', r[2] or '{}', 'priority', priority,
          'tags', r[4] or '[]', 'state', 'waiting', 'worker', '', 'expires', 0,
          'queue', queue, 'retries', retries, 'remaining', retries,
          'time', string.format('%.6f', score), 'spawned_from_jid', template,
          'failure', '{}', 'history', '[]')
        Qless.history_add(jid, score, 'put', { q = queue })
        for _, tag in ipairs(tags) do
          if type(tag) == 'string' then
            Qless.tag_index_add(jid, tag, score)
          end
        end
        Qless.enqueue_waiting(queue, jid, priority, score)
        Qless.event(jid, 'put', { queue = queue, spawned_from_jid = template })
        score = score + interval
      end
      redis.call('hset', 'ql:r:' .. template, 'count', spawned)
      redis.call('zadd', recur, score, template)
    end
    if limit <= 0 then
      break
    end
  end
end
if count > #popped then
  spawn_recurring(count - #popped)
end

-- 3. Scheduled jobs that are due become waiting, ranked by when they fell due.
local scheduled = Qless.queue_key(queue, 'scheduled')
local due = redis.call('zrangebyscore', scheduled, '-inf', now, 'WITHSCORES')
for i = 1, #due, 2 do
  local jid = due[i]
  local priority = Qless.number(redis.call('hget', Qless.job_key(jid), 'priority')) or 0
  Qless.enqueue_waiting(queue, jid, priority, Qless.number(due[i + 1]) or now)
  redis.call('hset', Qless.job_key(jid), 'state', 'waiting')
end
if #due > 0 then
  redis.call('zremrangebyscore', scheduled, '-inf', now)
end

-- 4. Waiting jobs, highest priority first.
local work = Qless.queue_key(queue, 'work')
local wanted = count - #popped
while wanted > 0 do
  local jids = redis.call('zrevrange', work, 0, wanted - 1)
  if #jids == 0 then
    break
  end
  for _, jid in ipairs(jids) do
    redis.call('zrem', work, jid)
    local put_time = Qless.number(redis.call('hget', Qless.job_key(jid), 'time'))
    if redis.call('exists', Qless.job_key(jid)) == 1 then
      if put_time then
        Qless.stat_duration(queue, 'wait', now, now - put_time)
      end
      table.insert(popped, jid)
      wanted = wanted - 1
    end
  end
end

local expires = now + Qless.heartbeat_for(queue)
local worker_jobs = 'ql:w:' .. worker .. ':jobs'
local reply = {}
for _, jid in ipairs(popped) do
  redis.call('hmset', Qless.job_key(jid), 'worker', worker, 'expires', expires, 'state', 'running')
  redis.call('zadd', locks, expires, jid)
  redis.call('zadd', worker_jobs, expires, jid)
  Qless.history_add(jid, now, 'popped', { worker = worker, q = queue })
  Qless.event(jid, 'popped', { queue = queue, worker = worker })
  table.insert(reply, cjson.encode(Qless.job_object(jid)))
end
return reply
