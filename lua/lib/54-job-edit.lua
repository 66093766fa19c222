-- SPDX-License-Identifier: GPL-3.0-or-later
-- Changing a job in place: dependencies, lock renewal, priority, log entries, cancel.

-- depends(now, jid, 'on', jid...) | (now, jid, 'off', 'all' | jid...): only for a job in the
-- depends state. A job left with no dependency is released into its queue. Returns true.
function Qless.depends(now, jid, command, args)
  Qless.arg('Depends', 'jid', jid)
  Qless.arg('Depends', 'command', command)
  local key = Qless.job_key(jid)
  local state = redis.call('hget', key, 'state')
  if state ~= 'depends' then
    Qless.fail_with('Depends(): Job ' .. jid .. ' not in the depends state: ' .. tostring(state))
  end
  if command == 'on' then
    Qless.depend_on(jid, args)
    return true
  elseif command ~= 'off' then
    Qless.fail_with('Depends(): Argument "command" must be "on" or "off"')
  end
  local dropped = args
  if args[1] == 'all' then dropped = redis.call('smembers', key .. '-dependencies') end
  for _, dependency in ipairs(dropped) do
    redis.call('srem', Qless.job_key(dependency) .. '-dependents', jid)
    redis.call('srem', key .. '-dependencies', dependency)
  end
  if redis.call('scard', key .. '-dependencies') == 0 then Qless.job_release(jid, now) end
  return true
end

-- heartbeat(now, jid, worker, [data]): renews the lock of `worker` on a running job. Returns
-- the new expiry.
function Qless.heartbeat(now, jid, worker, raw_data)
  Qless.arg('Heartbeat', 'jid', jid)
  Qless.arg('Heartbeat', 'worker', worker)
  local data = Qless.arg_json_reencoded('Heartbeat', 'data', raw_data)
  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'worker', 'state', 'queue')
  local holder, state, queue = f[1], f[2], f[3] or ''
  if not holder then
    Qless.fail_with('Heartbeat(): Job ' .. jid .. ' does not exist')
  elseif state ~= 'running' then
    Qless.fail_with('Heartbeat(): Job ' .. jid .. ' not currently running: ' .. tostring(state))
  elseif holder ~= worker or holder == '' then
    Qless.fail_with('Heartbeat(): Job ' .. jid .. ' given out to another worker: ' .. holder)
  end
  local expires = Qless.lock_expiry(queue, now)
  redis.call('hmset', key, 'expires', expires, 'worker', worker)
  if data ~= nil then redis.call('hset', key, 'data', data) end
  redis.call('zadd', Qless.worker_key(worker), expires, jid)
  redis.call('zadd', 'ql:workers', now, worker)
  redis.call('zadd', Qless.queue_key(queue, 'locks'), expires, jid)
  return expires
end

-- priority(now, jid, priority): a waiting job is re-ranked at once. Returns the priority.
function Qless.priority(now, jid, priority)
  Qless.arg('Priority', 'jid', jid)
  priority = Qless.arg_number('Priority', 'priority', priority)
  local key = Qless.job_key(jid)
  local queue = redis.call('hget', key, 'queue')
  if not queue then
    Qless.fail_with('Priority(): Job ' .. jid .. ' does not exist')
  end
  if queue ~= '' and redis.call('zscore', Qless.queue_key(queue, 'work'), jid) then
    -- As qless does: re-ranked without its put time, i.e. ahead of equal priorities.
    Qless.work_add(queue, 0, priority, jid)
  end
  redis.call('hset', key, 'priority', priority)
  return priority
end

-- log(now, jid, message, [data]): a free-form history entry.
function Qless.log(now, jid, message, raw_data)
  if jid == nil then Qless.fail_with("Log(): Argument 'jid' missing") end
  if message == nil then Qless.fail_with("Log(): Argument 'message' missing") end
  local data = nil
  if raw_data ~= nil then
    local ok, decoded = pcall(cjson.decode, raw_data)
    if not ok or not pcall(cjson.encode, decoded) then Qless.fail_with("Log(): Argument 'data' not JSON: " .. tostring(raw_data)) end
    data = decoded
  end
  if not Qless.job_exists(jid) then Qless.fail_with('Log(): Job ' .. jid .. ' does not exist') end
  Qless.history_add(jid, now, message, data)
end

-- cancel(now, jid...): deletes the jobs. Refused, with nothing changed, while a job has a
-- dependent that is not cancelled in the same call. Complete and unknown jobs are skipped.
-- Returns the jids given. `taken` (the console's failure-group batches only): the group whose
-- list the jobs' entries were already taken out of (Qless.failure_forget).
function Qless.cancel(now, jids, taken)
  local cancelling = {}
  for _, jid in ipairs(jids) do cancelling[jid] = true end
  for _, jid in ipairs(jids) do
    for _, dependent in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependents')) do
      if not cancelling[dependent] then
        Qless.fail_with('Cancel(): ' .. jid .. ' is a dependency of ' .. dependent ..
          ' but is not mentioned to be canceled')
      end
    end
  end
  for _, jid in ipairs(jids) do
    local key = Qless.job_key(jid)
    local f = redis.call('hmget', key, 'state', 'queue', 'failure', 'worker')
    local state, queue, failure, worker = f[1], f[2], f[3], f[4]
    if state and state ~= 'complete' then
      local encoded = cjson.encode({ jid = jid, worker = worker, event = 'canceled', queue = queue })
      Qless.publish('log', encoded)
      if worker and worker ~= '' then
        redis.call('zrem', Qless.worker_key(worker), jid)
        Qless.publish('w:' .. worker, encoded)
      end
      Qless.queue_remove_job(queue, jid)
      for _, dependency in ipairs(redis.call('smembers', key .. '-dependencies')) do
        redis.call('srem', Qless.job_key(dependency) .. '-dependents', jid)
      end
      redis.call('del', key .. '-dependencies')
      if state == 'failed' then Qless.failure_forget(jid, failure, queue, taken) end
      Qless.publish_if_tracked('canceled', jid)
      Qless.job_delete(jid)
    end
  end
  return jids
end
