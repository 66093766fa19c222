-- Actions on a job that exists, shared by the scripts that offer them: requeue (move, unfail,
-- failedaction retry/move) and cancel (cancel, failedaction cancel). `hash` is the job's hash
-- as read (Qless.job_hash).

-- Puts the job into `queue` keeping what it has, as put would without new arguments: it leaves
-- its old queue, its worker (told lock_lost, so its heartbeat and complete then fail), its
-- failure group (failure cleared) or the completed set; klass, data, priority, tags, retries and
-- its unfinished dependencies stay; `remaining` is reset to `retries`. It becomes depends while
-- dependencies remain, else waiting. `fields` (may be nil) go into the `put` event on ql:log;
-- `unlisted_group` (may be nil): see Qless.failure_clear. Returns the new state.
function Qless.requeue(jid, hash, queue, now, fields, unlisted_group)
  Qless.detach(jid, hash, now, 'lock_lost', unlisted_group)
  local retries = Qless.number(hash.retries) or 5
  local priority = Qless.number(hash.priority) or 0
  redis.call('hmset', Qless.job_key(jid), 'queue', queue, 'remaining', retries,
    'worker', '', 'expires', 0, 'time', string.format('%.6f', now), 'failure', '{}')
  Qless.history_add(jid, now, 'put', { q = queue })
  local state = Qless.place(jid, queue, priority, now, 0)
  Qless.queue_register(queue, now)
  local event = { queue = queue, state = state }
  for key, value in pairs(fields or {}) do
    event[key] = value
  end
  Qless.event(jid, 'put', event)
  return state
end

-- The first job that depends on `jid` and is not a key of `cancelling`, or nil when none: a
-- job may only be cancelled together with everything that still waits for it.
function Qless.dependent_outside(jid, cancelling)
  for _, dependent in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependents')) do
    if not cancelling[dependent] then
      return dependent
    end
  end
  return nil
end

-- Deletes the job and every trace of it (Qless.job_delete), also from ql:tracked and from the
-- dependents of the jobs it waited for. A worker holding it is told `canceled`. The caller has
-- made sure no job outside those it cancels depends on it. `unlisted_group` (may be nil): see
-- Qless.failure_clear.
function Qless.cancel_job(jid, hash, unlisted_group)
  Qless.detach(jid, hash, 0, 'canceled', unlisted_group)
  for _, other in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependencies')) do
    redis.call('srem', Qless.job_key(other) .. '-dependents', jid)
  end
  Qless.event(jid, 'canceled', { queue = hash.queue, worker = hash.worker })
  redis.call('zrem', 'ql:tracked', jid)
  Qless.job_delete(jid)
end
