-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.completed: the completed jobs of one queue and/or class, newest first, for the Completed
-- page's filter. ql:completed holds every queue's completed jobs in one sorted set (up to
-- jobs-history-count of them, 50,000 by default but often millions) and qless empties a complete
-- job's `queue`, so no index answers "completed in crawl": each entry must be looked at. One call
-- looks at a bounded window from a cursor and says where to go on, so Redis is never held for
-- long however rare the matches; the client pages through.

-- At most this many ql:completed entries are looked at in one call...
Qless.desk_completed_window = 1000
-- ...and at most this many history entries read for their queue (most jobs cost a few: the
-- put that names it is a few entries from the end; a long log after it costs more). With a
-- queue to match, this is what bounds a call (a few ms): about 300 jobs.
Qless.desk_completed_history_budget = 1000

-- The queue a complete job completed in, as the Completed list's row shows it (desk_summary's
-- choice): the hash's `queue` when set (qless empties it; the 2012 scripts did not), else the
-- last history event naming one, the 2012 `history` field's stages (appended after the list's
-- events by qless's first touch) before the list's. Returns the queue (nil: none found) and
-- how many history entries were read.
local function completed_queue(jid, stored, field)
  if stored and stored ~= '' then return stored, 0 end
  if field then
    local stages = Qless.decode(field, nil)
    if type(stages) == 'table' then
      for i = #stages, 1, -1 do
        local stage = stages[i]
        if type(stage) == 'table' and type(stage.q) == 'string' and stage.q ~= '' then return stage.q, 0 end
      end
    end
  end
  local key = Qless.history_key(jid)
  -- A key of another type (someone else's data) reads as no history.
  local length = redis.pcall('llen', key)
  if type(length) ~= 'number' then return nil, 0 end
  -- The same reach as a row's summary.
  local found = nil
  local _, read = Qless.history_walk_back(jid, length, function(text)
    -- Only an entry that names a queue is worth decoding (most do not: popped, done, log).
    if not string.find(text, '"q"', 1, true) then return false end
    local event = Qless.summary_event(text)
    if type(event.q) == 'string' and event.q ~= '' then found = event.q end
    return found ~= nil
  end)
  return found, read
end

-- Where a cursor {score, jid} (the last entry a previous call looked at) reads on: the rank of
-- the next entry, newest first. The jid's own rank while it is still there with that score;
-- else (it was deleted, or completed again later) the first entry older than it, found by score
-- (entries of equal score come in descending jid order, as ZREVRANGE gives them).
local function start_rank(cursor)
  if cursor == nil then return 0 end
  local score, jid = Qless.number(cursor[1]), cursor[2]
  if score == nil or jid == nil then
    Qless.fail_with('Desk.completed(): Arg "after" not a cursor this command gave')
  end
  local rank = redis.call('zrevrank', 'ql:completed', jid)
  if rank and Qless.number(redis.call('zscore', 'ql:completed', jid)) == score then return rank + 1 end
  local same = redis.call('zrevrangebyscore', 'ql:completed', cursor[1], '-inf', 'WITHSCORES',
    'LIMIT', 0, Qless.desk_completed_window)
  for i = 1, #same, 2 do
    if Qless.number(same[i + 1]) < score or same[i] < jid then
      return redis.call('zrevrank', 'ql:completed', same[i])
    end
  end
  -- More than a window of entries share that score: past them all.
  return redis.call('zcount', 'ql:completed', '(' .. cursor[1], '+inf')
    + redis.call('zcount', 'ql:completed', cursor[1], cursor[1])
end

-- Up to `count` jids of completed jobs matching `queue` (the queue it completed in, exactly)
-- and `klass` (contained in the class name, ignoring case), newest first, after `cursor` (nil: from
-- the newest). Returns a Redis array {cursor, total, jids} as desk.scan's: `cursor` {score, jid}
-- of the last entry looked at ({}: the list was read to its end), `total` ql:completed's count.
function Qless.desk_completed(count, queue, klass, cursor)
  if klass ~= nil then klass = string.lower(klass) end
  local rank = start_rank(cursor)
  local total = redis.call('zcard', 'ql:completed')
  local jids, looked, history_read = {}, 0, 0
  local last = nil
  while #jids < count and looked < Qless.desk_completed_window
      and history_read < Qless.desk_completed_history_budget do
    local step = math.min(100, Qless.desk_completed_window - looked)
    local entries = redis.call('zrevrange', 'ql:completed', rank, rank + step - 1, 'WITHSCORES')
    if #entries == 0 then return { {}, total, jids } end
    for i = 1, #entries, 2 do
      local jid = entries[i]
      looked, rank, last = looked + 1, rank + 1, { entries[i + 1], jid }
      -- A job key of another type (someone else's data) matches nothing, as a gone job.
      local f = redis.pcall('hmget', Qless.job_key(jid), 'klass', 'queue', 'history')
      if type(f) ~= 'table' or f.err then f = {} end
      local match = klass == nil or (type(f[1]) == 'string' and string.find(string.lower(f[1]), klass, 1, true) ~= nil)
      if match and queue ~= nil then
        local completed_in, read = completed_queue(jid, f[2], f[3])
        history_read = history_read + read
        match = completed_in == queue
      end
      if match then table.insert(jids, jid) end
      if #jids >= count or history_read >= Qless.desk_completed_history_budget then break end
    end
    if #entries < 2 * step and #jids < count and history_read < Qless.desk_completed_history_budget then
      return { {}, total, jids }
    end
  end
  if rank >= total then return { {}, total, jids } end
  return { last, total, jids }
end
