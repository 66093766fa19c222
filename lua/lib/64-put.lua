-- SPDX-License-Identifier: GPL-3.0-or-later
-- Putting jobs into queues: put (new or existing job), requeue (existing only), unfail.

-- Parses put's arguments into a table; every check happens before anything is written.
function Qless.put_args(args)
  local p = {}
  p.jid = Qless.arg('Put', 'jid', args[1])
  p.klass = Qless.arg('Put', 'klass', args[2])
  p.raw_data = args[3]
  Qless.arg_json('Put', 'data', args[3])
  p.delay = Qless.arg_number('Put', 'delay', args[4])
  local options = Qless.arg_pairs('Put', args, 5)
  if options.retries ~= nil then p.retries = Qless.arg_number('Put', 'retries', options.retries) end
  if options.priority ~= nil then
    p.priority = Qless.arg_number('Put', 'priority', options.priority)
  end
  if options.tags ~= nil then p.tags = Qless.arg_list('Put', 'tags', options.tags) end
  if options.depends ~= nil then p.depends = Qless.arg_list('Put', 'depends', options.depends) end
  return p
end

-- Drops the old dependencies of `jid` that `depends` no longer names.
function Qless.put_replace_dependencies(jid, depends)
  local wanted = {}
  for _, dependency in ipairs(depends) do wanted[dependency] = true end
  local key = Qless.job_key(jid) .. '-dependencies'
  for _, old in ipairs(redis.call('smembers', key)) do
    if not wanted[old] then
      redis.call('srem', Qless.job_key(old) .. '-dependents', jid)
      redis.call('srem', key, old)
    end
  end
end

-- put(now, worker, queue, jid, klass, data, delay, [name value]...): `worker` is who puts it
-- (a worker moving its own job is not told it lost the lock). Returns the jid. `taken` (the
-- console's failure-group batches only): see Qless.failure_forget.
function Qless.put(now, worker, queue, args, taken)
  Qless.arg('Put', 'queue', queue)
  local p = Qless.put_args(args)
  local jid = p.jid
  local key = Qless.job_key(jid)
  local old = redis.call('hmget', key, 'priority', 'tags', 'queue', 'state', 'failure',
    'retries', 'worker')
  local old_tags = Qless.decode_list(old[2])
  local old_queue, old_state, old_worker = old[3], old[4], old[7]

  for _, tag in ipairs(old_tags) do Qless.tag_index_remove(jid, tag) end
  local retries = p.retries or Qless.stored_number(old[6], 5)
  local priority = p.priority or Qless.stored_number(old[1], 0)
  local tags = p.tags or old_tags
  local depends = p.depends or {}
  if #depends > 0 then Qless.put_replace_dependencies(jid, depends) end

  Qless.log_event({ jid = jid, event = 'put', queue = queue })
  Qless.history_add(jid, now, 'put', { q = queue })
  if old_queue then Qless.queue_remove_job(old_queue, jid) end
  if old_worker and old_worker ~= '' then
    redis.call('zrem', Qless.worker_key(old_worker), jid)
    if old_worker ~= worker then Qless.tell_lock_lost(jid, old_worker) end
  end
  if old_state == 'complete' then redis.call('zrem', 'ql:completed', jid) end
  for _, tag in ipairs(tags) do Qless.tag_index_add(jid, tag, now) end
  if old_state == 'failed' then Qless.failure_forget(jid, old[5], old_queue, taken) end

  local state = 'waiting'
  if p.delay > 0 then state = 'scheduled' end
  redis.call('hmset', key, 'jid', jid, 'klass', p.klass, 'data', p.raw_data,
    'priority', priority, 'tags', cjson.encode(tags), 'state', state, 'worker', '',
    'expires', 0, 'queue', queue, 'retries', retries, 'remaining', retries,
    'time', string.format('%.20f', now))
  -- A put starts the job afresh: no delay left over from an earlier put with dependencies, no
  -- stalled-lock warning from an earlier run (qless-core keeps both, and a later release or
  -- lock expiry then acts on the stale value).
  redis.call('hdel', key, 'scheduled', 'grace')

  Qless.depend_on(jid, depends)
  local waits = redis.call('scard', key .. '-dependencies') > 0
  if waits then
    -- A delay given with dependencies starts when the last of them completes.
    redis.call('zadd', Qless.queue_key(queue, 'depends'), now, jid)
    redis.call('hset', key, 'state', 'depends')
    if p.delay > 0 then redis.call('hset', key, 'scheduled', now + p.delay) end
  elseif p.delay > 0 then
    redis.call('zadd', Qless.queue_key(queue, 'scheduled'), now + p.delay, jid)
  else
    Qless.work_add(queue, now, priority, jid)
  end

  Qless.know_queue(queue, now)
  Qless.publish_if_tracked('put', jid)
  return jid
end

-- requeue: put for a job that must already exist.
function Qless.requeue(now, worker, queue, args)
  local jid = Qless.arg('Requeue', 'jid', args[1])
  if not Qless.job_exists(jid) then
    Qless.fail_with('Requeue(): Job ' .. jid .. ' does not exist')
  end
  return Qless.put(now, worker, queue, args)
end

-- Moves the `count` oldest jobs of failure `group` into `queue`, waiting. A listed jid whose job
-- is gone is dropped from the group and not counted. Returns how many jobs moved.
function Qless.unfail(now, queue, group, count)
  Qless.arg('Unfail', 'queue', queue)
  Qless.arg('Unfail', 'group', group)
  count = Qless.arg_number('Unfail', 'count', count, 25)
  local list = 'ql:f:' .. group
  local jids = redis.call('lrange', list, -count, -1)
  local moved = 0
  for _, jid in ipairs(jids) do
    local f = redis.call('hmget', Qless.job_key(jid), 'jid', 'retries', 'priority')
    if f[1] then
      Qless.history_add(jid, now, 'put', { q = queue })
      redis.call('hmset', Qless.job_key(jid), 'state', 'waiting', 'worker', '', 'expires', 0,
        'queue', queue, 'remaining', Qless.stored_number(f[2], 5))
      Qless.work_add(queue, now, Qless.stored_number(f[3], 0), jid)
      moved = moved + 1
    end
  end
  redis.call('ltrim', list, 0, -count - 1)
  if redis.call('llen', list) == 0 then redis.call('srem', 'ql:failures', group) end
  if moved > 0 then Qless.know_queue(queue, now) end
  return moved
end
