-- Queues: ql:q:<q>-work (waiting, scored priority - put time / 1e10 and read highest first, so
-- higher priority pops first and equal priorities in put order), -locks (running and stalled, by
-- lock expiry), -scheduled (by due time), -depends, -recur. ql:queues lists every queue.

function Qless.queue_register(queue, now)
  redis.call('zadd', 'ql:queues', 'NX', now, queue)
end

function Qless.work_score(priority, when)
  return priority - (when / 10000000000)
end

function Qless.enqueue_waiting(queue, jid, priority, when)
  redis.call('zadd', Qless.queue_key(queue, 'work'), Qless.work_score(priority, when), jid)
end

-- Puts a job that is already in its hash into `queue`: depends while it has unfinished
-- dependencies, scheduled while `delay` runs, else waiting. Returns the new state.
function Qless.place(jid, queue, priority, now, delay)
  local key = Qless.job_key(jid)
  local state
  if redis.call('scard', key .. '-dependencies') > 0 then
    state = 'depends'
    redis.call('zadd', Qless.queue_key(queue, 'depends'), now, jid)
    if delay > 0 then
      redis.call('hset', key, 'scheduled', now + delay)
    else
      redis.call('hdel', key, 'scheduled')
    end
  elseif delay > 0 then
    state = 'scheduled'
    redis.call('zadd', Qless.queue_key(queue, 'scheduled'), now + delay, jid)
  else
    state = 'waiting'
    Qless.enqueue_waiting(queue, jid, priority, now)
  end
  redis.call('hset', key, 'state', state)
  return state
end

-- Takes a job out of wherever it is now: its queue's sets, its worker's set (telling the
-- worker why, unless `why` is nil), its failure group, the completed set. The hash is the
-- caller's to rewrite. `unlisted_group` (may be nil): see Qless.failure_clear.
function Qless.detach(jid, hash, now, why, unlisted_group)
  if hash.queue and hash.queue ~= '' then
    for _, part in ipairs({ 'work', 'locks', 'scheduled', 'depends' }) do
      redis.call('zrem', Qless.queue_key(hash.queue, part), jid)
    end
  end
  if hash.worker and hash.worker ~= '' then
    redis.call('zrem', 'ql:w:' .. hash.worker .. ':jobs', jid)
    if why and (hash.state == 'running' or hash.state == 'stalled') then
      Qless.notify_worker(hash.worker, jid, why)
    end
  end
  if hash.state == 'failed' then
    Qless.failure_clear(jid, hash, unlisted_group)
  elseif hash.state == 'complete' then
    -- Put back to work: it must not be expired as an old completed job.
    redis.call('zrem', 'ql:completed', jid)
  end
end

-- Removes a failed job from its group's list and from the day's `failed` figure. A caller that
-- works through the list of group `unlisted_group` itself (unfail, failedaction) removes the
-- entry there and passes that group: a LREM over a whole list per job would make batches on big
-- groups slow.
function Qless.failure_clear(jid, hash, unlisted_group)
  local failure = Qless.decode_or_raw(hash.failure, {})
  if type(failure) ~= 'table' or type(failure.group) ~= 'string' then
    return
  end
  if failure.group ~= unlisted_group then
    local list = 'ql:f:' .. failure.group
    redis.call('lrem', list, 0, jid)
    if redis.call('llen', list) == 0 then
      redis.call('srem', 'ql:failures', failure.group)
    end
  end
  local when = Qless.number(failure.when)
  if when and hash.queue and hash.queue ~= '' then
    local key = 'ql:s:stats:' .. Qless.day(when) .. ':' .. hash.queue
    if (Qless.number(redis.call('hget', key, 'failed')) or 0) > 0 then
      redis.call('hincrby', key, 'failed', -1)
    end
  end
  redis.call('hset', Qless.job_key(jid), 'failure', '{}')
end

-- Waiting jids of `queue` in pop order, from `offset`, at most `count`, without moving anything:
-- scheduled jobs already due count as waiting, ranked as pop would rank them once moved.
function Qless.waiting_page(queue, now, offset, count)
  if count <= 0 then
    return {}
  end
  local work = Qless.queue_key(queue, 'work')
  local due = redis.call('zrangebyscore', Qless.queue_key(queue, 'scheduled'), '-inf', now, 'WITHSCORES')
  if #due == 0 then
    return redis.call('zrevrange', work, offset, offset + count - 1)
  end
  local candidates = {}
  for i = 1, #due, 2 do
    local priority = Qless.number(redis.call('hget', Qless.job_key(due[i]), 'priority')) or 0
    table.insert(candidates, { due[i], Qless.work_score(priority, Qless.number(due[i + 1]) or now) })
  end
  local top = redis.call('zrevrange', work, 0, offset + count - 1, 'WITHSCORES')
  for i = 1, #top, 2 do
    table.insert(candidates, { top[i], Qless.number(top[i + 1]) or 0 })
  end
  table.sort(candidates, function(a, b)
    if a[2] ~= b[2] then
      return a[2] > b[2]
    end
    return a[1] > b[1] -- zrevrange's order among equal scores
  end)
  local page = {}
  for i = offset + 1, math.min(offset + count, #candidates) do
    table.insert(page, candidates[i][1])
  end
  return page
end

-- After `jid` completed: every job waiting on it loses that dependency, and a job left with none
-- becomes waiting (or scheduled, if it was put with a delay still running), ranked by its put
-- time so that jobs released together keep their put order.
function Qless.release_dependents(jid, now)
  local dependents_key = Qless.job_key(jid) .. '-dependents'
  for _, dependent in ipairs(redis.call('smembers', dependents_key)) do
    local key = Qless.job_key(dependent)
    redis.call('srem', key .. '-dependencies', jid)
    if redis.call('scard', key .. '-dependencies') == 0 then
      local fields = redis.call('hmget', key, 'state', 'queue', 'priority', 'scheduled', 'time')
      if fields[1] == 'depends' and fields[2] then
        local queue = fields[2]
        redis.call('zrem', Qless.queue_key(queue, 'depends'), dependent)
        local scheduled = Qless.number(fields[4])
        redis.call('hdel', key, 'scheduled')
        if scheduled and scheduled > now then
          redis.call('zadd', Qless.queue_key(queue, 'scheduled'), scheduled, dependent)
          redis.call('hset', key, 'state', 'scheduled')
        else
          Qless.enqueue_waiting(queue, dependent, Qless.number(fields[3]) or 0, Qless.number(fields[5]) or now)
          redis.call('hset', key, 'state', 'waiting')
        end
        Qless.event(dependent, 'put', { queue = queue, why = 'dependencies done' })
      end
    end
  end
  redis.call('del', dependents_key)
end

-- Adds `dependencies` (jids) to a job; only jobs that exist and are not complete count.
-- Returns how many were added.
function Qless.depend_on(jid, dependencies)
  local added = 0
  for _, other in ipairs(dependencies) do
    if other ~= jid then
      local state = redis.call('hget', Qless.job_key(other), 'state')
      if state and state ~= 'complete' then
        redis.call('sadd', Qless.job_key(other) .. '-dependents', jid)
        added = added + redis.call('sadd', Qless.job_key(jid) .. '-dependencies', other)
      end
    end
  end
  return added
end

-- Completed jobs are kept for jobs-history seconds and at most jobs-history-count of them.
function Qless.expire_completed(now)
  local max_age = Qless.config_number('jobs-history')
  local max_count = Qless.config_number('jobs-history-count')
  for _, jid in ipairs(redis.call('zrangebyscore', 'ql:completed', '-inf', now - max_age)) do
    Qless.job_delete(jid)
  end
  redis.call('zremrangebyscore', 'ql:completed', '-inf', now - max_age)
  local excess = redis.call('zcard', 'ql:completed') - max_count
  if excess > 0 then
    for _, jid in ipairs(redis.call('zrange', 'ql:completed', 0, excess - 1)) do
      Qless.job_delete(jid)
    end
    redis.call('zremrangebyrank', 'ql:completed', 0, excess - 1)
  end
end
