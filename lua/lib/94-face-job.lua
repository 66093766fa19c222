-- The job object the console reads (desk.get, desk views) and the seed's per-command faces reply
-- with: qless's, read without changing anything, plus `time` (the hash's field, the last change)
-- and `due` (when a scheduled job falls due: its score in the queue's scheduled set). Where qless
-- would hide a value it cannot read, this object passes the stored value on for the reader to
-- mark as damaged: bad data is shown, never trusted and never silently replaced.

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
  local object = Qless.job_object_fields(jid)
  if object == nil then return nil end
  local f = redis.call('hmget', Qless.job_key(jid), 'time', 'state', 'queue', 'expires')
  object.time = Qless.number_or_raw(f[1])
  -- qless reads an absent, empty or unreadable `expires` as 0 (no lock); only a value that is
  -- there and is not a number is passed on as it is.
  if f[4] and f[4] ~= '' then object.expires = Qless.number_or_raw(f[4]) end
  object.history = Qless.face_history(jid)
  if f[2] == 'scheduled' and f[3] and f[3] ~= '' then
    object.due = Qless.number(redis.call('zscore', Qless.queue_key(f[3], 'scheduled'), jid))
  end
  return object
end
