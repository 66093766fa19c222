-- Events. A tracked job's jid goes out on the bare channel (put, popped, ...) and on the same
-- name prefixed `ql:`, as current deployments do. Every state change of any job also goes out as
-- a JSON object on `ql:log`, so a watcher can stay live without polling.

function Qless.publish(channel, message)
  redis.call('publish', channel, message)
  redis.call('publish', 'ql:' .. channel, message)
end

function Qless.is_tracked(jid)
  return redis.call('zscore', 'ql:tracked', jid) ~= false
end

-- `fields` (may be nil) is merged into the ql:log event.
function Qless.event(jid, what, fields)
  if Qless.is_tracked(jid) then
    Qless.publish(what, jid)
  end
  local event = {}
  for key, value in pairs(fields or {}) do
    event[key] = value
  end
  event.jid = jid
  event.event = what
  redis.call('publish', 'ql:log', cjson.encode(event))
end

-- Tell a worker that a job it holds was taken away (moved, cancelled, failed by someone else,
-- reclaimed after its lock expired). Current workers listen on ql:w:<worker>.
function Qless.notify_worker(worker, jid, what)
  if worker ~= nil and worker ~= false and worker ~= '' then
    redis.call('publish', 'ql:w:' .. worker, cjson.encode({ jid = jid, event = what, worker = worker }))
  end
end
