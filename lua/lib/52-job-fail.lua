-- SPDX-License-Identifier: GPL-3.0-or-later
-- A worker gives a job back: fail (for good, into a failure group), retry (again, costing one
-- retry), or timeout (an operator declares its lock lost now).

-- fail(now, jid, worker, group, message, [data]): returns the jid.
function Qless.fail(now, jid, worker, group, message, raw_data)
  Qless.arg('Fail', 'jid', jid)
  Qless.arg('Fail', 'worker', worker)
  Qless.arg('Fail', 'group', group)
  Qless.arg('Fail', 'message', message)
  local data = Qless.arg_json_reencoded('Fail', 'data', raw_data)

  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'queue', 'state', 'worker')
  local queue, state, holder = f[1], f[2], f[3]
  if not state then
    Qless.fail_with('Fail(): Job ' .. jid .. ' does not exist')
  elseif state ~= 'running' then
    Qless.fail_with('Fail(): Job ' .. jid .. ' not currently running: ' .. state)
  elseif holder ~= worker then
    Qless.fail_with('Fail(): Job ' .. jid .. ' running with another worker: ' .. tostring(holder))
  end

  Qless.log_event({ jid = jid, event = 'failed', worker = worker, group = group, message = message })
  Qless.publish_if_tracked('failed', jid)
  redis.call('zrem', Qless.worker_key(worker), jid)
  Qless.history_add(jid, now, 'failed', { worker = worker, group = group })
  Qless.queue_remove_job(queue, jid)
  if data ~= nil then redis.call('hset', key, 'data', data) end
  redis.call('hmset', key, 'state', 'failed', 'worker', '', 'expires', '')
  Qless.failure_record(jid, now, queue or '', group, message, worker, math.floor(now))
  return jid
end

-- retry(now, jid, queue, worker, [delay, [group, message]]): back into `queue` (after `delay`),
-- or failed when no retries are left (into `group` with `message` when given). Returns the
-- retries left, negative when the job failed.
function Qless.retry(now, jid, queue, worker, delay, group, message)
  Qless.arg('Retry', 'jid', jid)
  Qless.arg('Retry', 'queue', queue)
  Qless.arg('Retry', 'worker', worker)
  delay = Qless.arg_number('Retry', 'delay', delay, 0)

  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'queue', 'state', 'worker', 'priority')
  Qless.job_check_running(jid, f[2], f[3], worker, 'Retry', 'has been given to another worker')
  local old_queue = f[1]

  local remaining = Qless.job_spend_retry(jid)
  redis.call('hdel', key, 'grace')
  redis.call('zrem', Qless.queue_key(old_queue, 'locks'), jid)
  redis.call('zrem', Qless.worker_key(worker), jid)
  local explained = group ~= nil and message ~= nil

  if remaining < 0 then
    group = group or ('failed-retries-' .. queue)
    Qless.history_add(jid, now, 'failed', { group = group })
    redis.call('hmset', key, 'state', 'failed', 'worker', '', 'expires', '')
    if explained then
      Qless.failure_record(jid, now, queue, group, message, worker, math.floor(now))
    else
      -- Like qless: the job's worker is already cleared when the failure is written.
      Qless.failure_record(jid, now, queue, group,
        'Job exhausted retries in queue "' .. old_queue .. '"', '', now)
    end
    Qless.publish_if_tracked('failed', jid)
  else
    -- The job goes into `queue`; its hash says so too (qless-core keeps the old name, so a job
    -- retried into another queue is later removed from the wrong one and lingers as a ghost).
    if queue ~= old_queue then redis.call('hset', key, 'queue', queue) end
    -- The worker gave the job back: it no longer holds it (qless-core leaves its name and lock
    -- expiry on the waiting job, so a later put would tell it a lock it gave up was lost).
    redis.call('hmset', key, 'worker', '', 'expires', 0)
    if delay > 0 then
      redis.call('zadd', Qless.queue_key(queue, 'scheduled'), now + delay, jid)
      redis.call('hset', key, 'state', 'scheduled')
    else
      Qless.work_add(queue, now, Qless.stored_number(f[4], 0), jid)
      redis.call('hset', key, 'state', 'waiting')
    end
    if explained then
      redis.call('hset', key, 'failure', cjson.encode({
        group = group, message = message, when = math.floor(now), worker = worker }))
    end
  end
  return math.floor(remaining)
end

-- timeout(now, jid...): each running job's lock is declared lost now; the job goes to the front
-- of its queue's work as stalled and its worker is told.
function Qless.timeout(now, jids)
  -- Every job is checked before any is changed: Redis does not undo a script's earlier writes.
  local found = {}
  for i, jid in ipairs(jids) do
    found[i] = redis.call('hmget', Qless.job_key(jid), 'queue', 'state', 'worker')
    if not found[i][1] then
      Qless.fail_with('Timeout(): Job ' .. jid .. ' does not exist')
    elseif found[i][2] ~= 'running' then
      Qless.fail_with('Timeout(): Job ' .. jid .. ' not running')
    end
  end
  for i, jid in ipairs(jids) do
    local key = Qless.job_key(jid)
    local queue, worker = found[i][1], found[i][3]
    Qless.history_add(jid, now, 'timed-out')
    redis.call('zrem', Qless.queue_key(queue, 'locks'), jid)
    Qless.work_add(queue, now, '+inf', jid)
    redis.call('hmset', key, 'state', 'stalled', 'expires', 0)
    Qless.tell_lock_lost(jid, worker or '')
  end
end

-- The seed's fail: a job in any state but complete can be failed (by an operator, say), not only
-- a running one held by `worker`. A running job of `worker` fails exactly as qless's fail; any
-- other leaves its queue, its holder (told lock_lost) and its old failure group, and is then
-- recorded as qless records a failure. Returns the jid, or nil when there is no such job or it
-- is complete.
function Qless.fail_any_state(now, jid, worker, group, message, raw_data)
  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'state', 'worker', 'queue', 'failure')
  local state, holder, queue = f[1], f[2] or '', f[3]
  if not state or state == 'complete' then return nil end
  if state == 'running' and holder == worker then
    return Qless.fail(now, jid, worker, group, message, raw_data)
  end
  local data = Qless.arg_json_reencoded('Fail', 'data', raw_data)
  Qless.log_event({ jid = jid, event = 'failed', worker = worker, group = group, message = message })
  Qless.publish_if_tracked('failed', jid)
  if holder ~= '' then
    redis.call('zrem', Qless.worker_key(holder), jid)
    if state == 'running' or state == 'stalled' then Qless.tell_lock_lost(jid, holder) end
  end
  Qless.history_add(jid, now, 'failed', { worker = worker, group = group })
  Qless.queue_remove_job(queue, jid)
  if state == 'failed' then Qless.failure_forget(jid, f[4], queue) end
  if data ~= nil then redis.call('hset', key, 'data', data) end
  redis.call('hmset', key, 'state', 'failed', 'worker', '', 'expires', '')
  Qless.failure_record(jid, now, queue or '', group, message, worker, math.floor(now))
  return jid
end
