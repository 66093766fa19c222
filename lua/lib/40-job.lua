-- Jobs: the hash ql:j:<jid>, its dependency sets, its history in either form, its tags.

function Qless.job_key(jid)
  return 'ql:j:' .. jid
end

function Qless.queue_key(queue, part)
  return 'ql:q:' .. queue .. '-' .. part
end

-- The job hash as a table, or nil when there is no such job.
function Qless.job_hash(jid)
  local flat = redis.call('hgetall', Qless.job_key(jid))
  if #flat == 0 then
    return nil
  end
  local hash = {}
  for i = 1, #flat, 2 do
    hash[flat[i]] = flat[i + 1]
  end
  return hash
end

-- Whether cjson can write `value` back: it refuses numbers like 1e999 that it reads as inf.
function Qless.encodable(value)
  if type(value) == 'number' then
    return Qless.number(value) ~= nil
  elseif type(value) == 'table' then
    return (pcall(cjson.encode, value))
  end
  return true
end

-- JSON text decoded, or the text itself when it is not JSON (the reader flags it as invalid) or
-- holds what JSON replies cannot carry: bad data in Redis is shown, never trusted, and never a
-- reason for a script to fail after it has written.
function Qless.decode_or_raw(text, default)
  if text == nil or text == false then
    return default
  end
  local ok, value = pcall(cjson.decode, text)
  if ok and Qless.encodable(value) then
    return value
  end
  return text
end

-- A number field as a number; kept as text when it is not one, absent when absent.
local function number_or_raw(text)
  if text == nil then
    return nil
  end
  return Qless.number(text) or text
end

function Qless.history_key(jid)
  return 'ql:j:' .. jid .. '-history'
end

function Qless.has_history_list(jid)
  return redis.call('type', Qless.history_key(jid))['ok'] == 'list'
end

-- History in the form it is kept: a `ql:j:<jid>-history` list of [when, what, {extra}] entries
-- (current deployments), read as {when, what, extra...} events; else the job hash's `history`
-- field, the spec's list of stages {q, put, popped, done, failed, worker}.
function Qless.history_read(jid, field)
  if Qless.has_history_list(jid) then
    local events = {}
    for _, entry in ipairs(redis.call('lrange', Qless.history_key(jid), 0, -1)) do
      local ok, value = pcall(cjson.decode, entry)
      ok = ok and Qless.encodable(value)
      if ok and type(value) == 'table' and value[2] ~= nil then
        local event = {}
        if type(value[3]) == 'table' and #value[3] == 0 then
          for key, item in pairs(value[3]) do
            event[key] = item
          end
        elseif value[3] ~= nil then
          -- qless's `log` takes any JSON as data; a list, a number or a text is kept under `data`
          event.data = value[3]
        end
        event.when = value[1]
        event.what = value[2]
        table.insert(events, event)
      elseif ok and type(value) == 'table' then
        table.insert(events, value)
      else
        table.insert(events, { what = 'invalid', raw = entry })
      end
    end
    return events
  end
  return Qless.decode_or_raw(field, {})
end

-- Records `what` (put, popped, done, failed) in the job's history, in the form the job already
-- keeps. `extra` carries q, worker, group.
function Qless.history_add(jid, now, what, extra)
  extra = extra or {}
  if Qless.has_history_list(jid) then
    redis.call('rpush', Qless.history_key(jid), cjson.encode({ math.floor(now), what, extra }))
    return
  end
  local text = redis.call('hget', Qless.job_key(jid), 'history')
  local stages = {}
  if text then
    local ok, value = pcall(cjson.decode, text)
    if not ok or type(value) ~= 'table' then
      return -- unreadable history is left as found rather than overwritten
    end
    stages = value
  end
  local last = stages[#stages]
  if what == 'put' or last == nil then
    last = { q = extra.q, put = now }
    table.insert(stages, last)
  end
  if what == 'popped' then
    last.popped = now
    last.worker = extra.worker
  elseif what == 'done' then
    last.done = now
  elseif what == 'failed' then
    last.failed = now
    if extra.worker and extra.worker ~= '' then
      last.worker = extra.worker
    end
  end
  redis.call('hset', Qless.job_key(jid), 'history', cjson.encode(stages))
end

-- When the job was last popped, from either history form; nil if never.
function Qless.last_popped(jid)
  local history = Qless.history_read(jid, redis.call('hget', Qless.job_key(jid), 'history'))
  if type(history) ~= 'table' then
    return nil
  end
  for i = #history, 1, -1 do
    local entry = history[i]
    if type(entry) == 'table' then
      if entry.what == 'popped' then
        return Qless.number(entry.when)
      elseif entry.what == nil and entry.popped ~= nil then
        return Qless.number(entry.popped)
      end
    end
  end
  return nil
end

-- The job as scripts reply with it (COMPAT.md's job object), or nil. `data` stays the text the
-- client stored; JSON fields that do not parse are passed on as text for the reader to flag.
function Qless.job_object(jid)
  local hash = Qless.job_hash(jid)
  if hash == nil then
    return nil
  end
  -- When a scheduled job falls due lives only in its queue's zset; views want to show it.
  local due = nil
  if hash.state == 'scheduled' and hash.queue and hash.queue ~= '' then
    due = Qless.number(redis.call('zscore', Qless.queue_key(hash.queue, 'scheduled'), jid))
  end
  return {
    jid = hash.jid or jid,
    klass = hash.klass,
    state = hash.state,
    queue = hash.queue,
    worker = hash.worker,
    tracked = Qless.is_tracked(jid),
    priority = number_or_raw(hash.priority),
    expires = number_or_raw(hash.expires),
    retries = number_or_raw(hash.retries),
    remaining = number_or_raw(hash.remaining),
    data = hash.data,
    tags = Qless.decode_or_raw(hash.tags, {}),
    history = Qless.history_read(jid, hash.history),
    failure = Qless.decode_or_raw(hash.failure, {}),
    dependents = redis.call('smembers', Qless.job_key(jid) .. '-dependents'),
    dependencies = redis.call('smembers', Qless.job_key(jid) .. '-dependencies'),
    spawned_from_jid = hash.spawned_from_jid,
    time = number_or_raw(hash.time),
    due = due,
  }
end

-- A job's tags as a list; an unreadable field counts as no tags.
function Qless.job_tags(jid)
  local tags = Qless.decode_or_raw(redis.call('hget', Qless.job_key(jid), 'tags'), {})
  if type(tags) ~= 'table' then
    return {}
  end
  return tags
end

-- ql:t:<tag> holds the jids with the tag (scored by when it was added); ql:tags counts uses.
function Qless.tag_index_add(jid, tag, now)
  if redis.call('zadd', 'ql:t:' .. tag, 'NX', now, jid) == 1 then
    redis.call('zincrby', 'ql:tags', 1, tag)
  end
end

function Qless.tag_index_remove(jid, tag)
  if redis.call('zrem', 'ql:t:' .. tag, jid) == 1 then
    if (Qless.number(redis.call('zincrby', 'ql:tags', -1, tag)) or 0) <= 0 then
      redis.call('zrem', 'ql:tags', tag)
    end
  end
end

-- Deletes every trace of a job except its membership of ql:tracked (a tracked jid whose job is
-- gone is reported as expired) and of ql:completed (the caller trims that).
function Qless.job_delete(jid)
  for _, tag in ipairs(Qless.job_tags(jid)) do
    if type(tag) == 'string' then
      Qless.tag_index_remove(jid, tag)
    end
  end
  local key = Qless.job_key(jid)
  redis.call('del', key, key .. '-dependents', key .. '-dependencies', Qless.history_key(jid))
end
