-- SPDX-License-Identifier: GPL-3.0-or-later
-- The job object the console reads (desk.get, desk views) and the seed's per-command faces reply
-- with: qless's, read without changing anything, plus `time` (the hash's field, the last change)
-- and `due` (when a scheduled job falls due: its score in the queue's scheduled set). Where qless
-- would hide a value it cannot read, this object passes the stored value on for the reader to
-- mark as damaged: bad data is shown, never trusted and never silently replaced.
--
-- Where qless would fail outright (a key of the wrong type: WRONGTYPE ends the whole script, so
-- one spoiled job would blank a page of fifty) or would not see the job at all (a hash without
-- its `jid` field), the object names the damage instead: `unreadable` maps a part (`job`,
-- `history`, `dependents`, `dependencies`) to what is wrong with its key, `missing` lists fields
-- qless always writes that the hash lacks (`jid`, `tags`). Both are left out when empty.

-- What `key` holds, as TYPE names it ('none' when there is no such key).
function Qless.key_type(key)
  return redis.call('type', key)['ok']
end

-- "ql:q:crawl-work holds a string, not a sorted set": a key of the wrong type, for people.
function Qless.wrong_type(key, kind, wanted)
  local names = { zset = 'sorted set' }
  return key .. ' holds a ' .. (names[kind] or kind) .. ', not a ' .. (names[wanted] or wanted)
end

-- Whether `key` can be read as `wanted` (absent counts: it reads as empty); if not, what is
-- wrong with it is put in `damaged[part]`.
function Qless.key_readable(key, wanted, damaged, part)
  local kind = Qless.key_type(key)
  if kind == 'none' or kind == wanted then return true end
  damaged[part] = Qless.wrong_type(key, kind, wanted)
  return false
end

-- redis.call(command, key, ...) when `key` can be read as `wanted` (absent counts: it reads as
-- empty); if not, nil, with what is wrong with it in `damaged[part]`. One call where
-- key_readable and the read take two: the key's type is asked only when the read is refused.
function Qless.read_typed(damaged, part, wanted, command, key, ...)
  -- ACL: forwards (the permission check reads `command` where it is called)
  local reply = redis.pcall(command, key, ...)
  if type(reply) ~= 'table' or not reply.err then return reply end
  if not string.find(reply.err, '^WRONGTYPE') then error(reply) end
  damaged[part] = Qless.wrong_type(key, Qless.key_type(key), wanted)
  return nil
end

-- The history as kept: a 2012 `history` field of stages (with no list beside it) as written,
-- or its text when it does not parse; else the list's events, a log entry's data kept whole.
function Qless.face_history(jid)
  local field = redis.call('hget', Qless.job_key(jid), 'history')
  if field and redis.call('type', Qless.history_key(jid))['ok'] ~= 'list' then
    return Qless.decode_or_raw(field, {})
  end
  return Qless.history_read(jid, true, true)
end

function Qless.face_job_object(jid)
  local key = Qless.job_key(jid)
  local kind = Qless.key_type(key)
  if kind == 'none' then return nil end
  if kind ~= 'hash' then return { jid = jid, unreadable = { job = Qless.wrong_type(key, kind, 'hash') } } end
  local unreadable, missing = {}, {}
  local object = Qless.job_object_fields(jid, unreadable)
  if object.jid == nil then
    object.jid = jid
    table.insert(missing, 'jid')
  end
  local f = redis.call('hmget', key, 'time', 'state', 'queue', 'expires', 'tags')
  object.time = Qless.number_or_raw(f[1])
  -- qless reads an absent, empty or unreadable `expires` as 0 (no lock); only a value that is
  -- there and is not a number is passed on as it is.
  if f[4] and f[4] ~= '' then object.expires = Qless.number_or_raw(f[4]) end
  if not f[5] then
    object.tags = nil
    table.insert(missing, 'tags')
  end
  if Qless.key_readable(Qless.history_key(jid), 'list', unreadable, 'history') then
    object.history = Qless.face_history(jid)
  end
  if f[2] == 'scheduled' and f[3] and f[3] ~= ''
      and Qless.key_readable(Qless.queue_key(f[3], 'scheduled'), 'zset', unreadable, 'due') then
    object.due = Qless.number(redis.call('zscore', Qless.queue_key(f[3], 'scheduled'), jid))
  end
  if next(unreadable) then object.unreadable = unreadable end
  if #missing > 0 then object.missing = missing end
  return object
end

-- What a bulk run reads back of a job whose step was refused, to say why (desk.states): its jid,
-- state and lock expiry (a stalled job without a lock was timed out), nil when there is no such
-- job. One HMGET of three fields, whatever the job's data, history or failure hold: the whole
-- object (face_job_object) of a job with large data took 150 us and more.
function Qless.desk_job_state(jid)
  local key = Qless.job_key(jid)
  local damaged = {}
  local f = Qless.read_typed(damaged, 'job', 'hash', 'hmget', key, 'jid', 'state', 'expires')
  if not f then return { jid = jid, unreadable = damaged } end
  if not f[1] and not f[2] and redis.call('exists', key) == 0 then return nil end
  local object = { jid = jid, state = f[2], expires = 0 }
  if f[3] and f[3] ~= '' then object.expires = Qless.number_or_raw(f[3]) end
  return object
end
