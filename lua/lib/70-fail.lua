-- Failing a job: used by fail, and by pop and retry when a job runs out of retries.
-- `hash` is the job's hash as read; `worker` is who reports the failure ('' for qless itself).
function Qless.fail_job(jid, hash, group, message, now, worker)
  local why = nil
  if hash.worker ~= worker then
    why = 'lock_lost'
  end
  Qless.detach(jid, hash, now, why)
  local queue = hash.queue
  redis.call('hmset', Qless.job_key(jid),
    'state', 'failed', 'worker', '', 'expires', 0,
    'failure', cjson.encode({ group = group, message = message, when = now, worker = worker }))
  redis.call('lpush', 'ql:f:' .. group, jid)
  redis.call('sadd', 'ql:failures', group)
  Qless.stat_count(queue, now, 'failures', 1)
  Qless.stat_count(queue, now, 'failed', 1)
  Qless.history_add(jid, now, 'failed', { group = group, worker = worker })
  Qless.event(jid, 'failed', { queue = queue, group = group, worker = worker })
end

-- The group qless itself fails a job into when its retries in `queue` run out.
function Qless.retries_group(queue)
  return 'failed-retries-' .. queue
end

function Qless.retries_message(queue)
  return 'Job exhausted retries in queue "' .. queue .. '"'
end
