-- The job object of the seed's per-command faces: qless's (read without moving a 2012 history,
-- so always a list of events) plus `time` (the hash's field, the last change) and `due` (when a
-- scheduled job falls due: its score in the queue's scheduled set).
function Qless.face_job_object(jid)
  local object = Qless.job_object(jid, true)
  if object == nil then return nil end
  local f = redis.call('hmget', Qless.job_key(jid), 'time', 'state', 'queue')
  object.time = Qless.number_or_raw(f[1])
  if f[2] == 'scheduled' and f[3] and f[3] ~= '' then
    object.due = Qless.number(redis.call('zscore', Qless.queue_key(f[3], 'scheduled'), jid))
  end
  return object
end
