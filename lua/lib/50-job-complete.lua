-- SPDX-License-Identifier: GPL-3.0-or-later
-- Completing a job: done for good (kept for a while, then expired), or advanced to a next queue.

-- Forgets completed jobs beyond `jobs-history` seconds and `jobs-history-count` jobs.
function Qless.expire_completed(now)
  local keep_count = Qless.config_number('jobs-history-count', 50000)
  local keep_time = Qless.config_number('jobs-history', 604800)
  for _, jid in ipairs(redis.call('zrangebyscore', 'ql:completed', 0, now - keep_time)) do
    Qless.job_delete(jid)
  end
  redis.call('zremrangebyscore', 'ql:completed', 0, now - keep_time)
  for _, jid in ipairs(redis.call('zrange', 'ql:completed', 0, -1 - keep_count)) do
    Qless.job_delete(jid)
  end
  redis.call('zremrangebyrank', 'ql:completed', 0, -1 - keep_count)
end

-- complete(now, jid, worker, queue, data, ['next', q, ['delay', d | 'depends', '[jids]']]):
-- returns the job's new state.
function Qless.complete(now, jid, worker, queue, raw_data, args)
  Qless.arg('Complete', 'jid', jid)
  Qless.arg('Complete', 'worker', worker)
  Qless.arg('Complete', 'queue', queue)
  Qless.arg_json('Complete', 'data', raw_data)
  local options = Qless.arg_pairs('Complete', args, 1)
  local next_queue = options['next']
  local delay = Qless.arg_number('Complete', 'delay', options.delay, 0)
  local depends = {}
  if options.depends ~= nil then depends = Qless.arg_list('Complete', 'depends', options.depends) end
  if options.delay ~= nil and next_queue == nil then
    Qless.fail_with('Complete(): "delay" cannot be used without a "next".')
  end
  if options.depends ~= nil and next_queue == nil then
    Qless.fail_with('Complete(): "depends" cannot be used without a "next".')
  end

  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'worker', 'state', 'priority', 'retries', 'queue')
  Qless.job_check_running(jid, f[2], f[1], worker, 'Complete',
    'has been handed out to another worker')
  if queue ~= f[5] then
    Qless.fail_with('Complete(): Job ' .. jid .. ' running in another queue: ' .. tostring(f[5]))
  end
  local priority, retries = Qless.stored_number(f[3], 0), Qless.stored_number(f[4], 5)

  Qless.history_add(jid, now, 'done')
  redis.call('hset', key, 'data', raw_data)
  Qless.queue_remove_job(queue, jid)
  local popped_at = Qless.stored_number(redis.call('hget', key, 'time'), now)
  Qless.stat_add(queue, now, 'run', now - popped_at)
  redis.call('hset', key, 'time', string.format('%.20f', now))
  redis.call('zrem', Qless.worker_key(worker), jid)
  Qless.publish_if_tracked('completed', jid)

  if next_queue then
    Qless.log_event({ jid = jid, event = 'advanced', queue = queue, to = next_queue })
    Qless.history_add(jid, now, 'put', { q = next_queue })
    Qless.know_queue(next_queue, now)
    redis.call('hmset', key, 'state', 'waiting', 'worker', '', 'failure', '{}',
      'queue', next_queue, 'expires', 0, 'remaining', retries)
    if delay > 0 and #depends == 0 then
      redis.call('zadd', Qless.queue_key(next_queue, 'scheduled'), now + delay, jid)
      redis.call('hset', key, 'state', 'scheduled')
      return 'scheduled'
    end
    if Qless.depend_on(jid, depends) > 0 then
      redis.call('zadd', Qless.queue_key(next_queue, 'depends'), now, jid)
      redis.call('hset', key, 'state', 'depends')
      if delay > 0 then redis.call('hset', key, 'scheduled', now + delay) end
      return 'depends'
    end
    Qless.work_add(next_queue, now, priority, jid)
    return 'waiting'
  end

  Qless.log_event({ jid = jid, event = 'completed', queue = queue })
  redis.call('hmset', key, 'state', 'complete', 'worker', '', 'failure', '{}', 'queue', '',
    'expires', 0, 'remaining', retries)
  redis.call('zadd', 'ql:completed', now, jid)
  Qless.expire_completed(now)
  for _, dependent in ipairs(redis.call('smembers', key .. '-dependents')) do
    redis.call('srem', Qless.job_key(dependent) .. '-dependencies', jid)
    if redis.call('scard', Qless.job_key(dependent) .. '-dependencies') == 0 then
      Qless.job_release(dependent, now)
    end
  end
  redis.call('del', key .. '-dependents')
  return 'complete'
end
