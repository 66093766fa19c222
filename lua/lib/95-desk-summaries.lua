-- SPDX-License-Identifier: GPL-3.0-or-later
-- Job summaries (desk.summaries): what a row of the console's job lists shows of a job, built
-- here so a page of 500 rows does not carry every job's data (up to 10 MB) and history (up to
-- 100,000 entries) over the wire only to be dropped by the client.
--
-- A summary is the job object of Qless.face_job_object (same keys, same damage marks) without
-- `data`, `dependents`' members and most of `history`:
--   * `history` holds only the entries the row reads, in their order: the last `put` (the row's
--     put time), for a job qless timed out the last `timed-out` and `popped` (when, whose lock),
--     for a complete job the last entry naming a queue (qless empties its `queue`), and the first
--     entry that cannot be read, if any (the row is marked `history`);
--   * `data_problem` says what is wrong with the data, as the client marks it: 'missing',
--     'invalid' (not JSON) or 'not-object' (with `data_head`, its first bytes);
--   * a failure's message is cut to its first line; raw text of a damaged field to RawKept bytes;
--   * `dependents` is left out (no row shows it); its key's damage is still marked.
--
-- Cost per job, bounded whatever the job holds: one HMGET, a TYPE, HSTRLEN and ZSCORE, SMEMBERS
-- of its dependencies (what it waits on, shown in rows), the data read and parsed only when it
-- is at most 4 KB (see summary_data_problem), the history's LLEN, and that history read from its
-- end in growing chunks until the entries above are found, 1000 entries at most, plus its first
-- entry (qless keeps a job's first entry, its creation `put`, when it trims). So a put beyond
-- that window in an untrimmed history gives an earlier put time, and a bad entry there is not
-- marked in the row; the job window reads the whole job and shows both.

Qless.summary_limits = { raw_kept = 200, data_checked = 4096, history_scanned = 1000 }

-- Text cut to what a row keeps of a damaged value.
function Qless.summary_cut(text)
  if type(text) == 'string' then return string.sub(text, 1, Qless.summary_limits.raw_kept) end
  return text
end

-- What is wrong with the job's data as the client would mark it: nil (fine, or too large to
-- look at), 'missing', 'invalid', 'not-object'. Reading and parsing the data is most of a
-- summary's cost (46 of 60 ms for 500 jobs of 20 KB data; reading 20 KB without parsing still
-- 40 ms), so only data of up to data_checked bytes is read; larger data's flaws are left to the
-- job window, which reads it all.
function Qless.summary_data_problem(key, summary)
  local length = redis.call('hstrlen', key, 'data')
  if length == 0 and redis.call('hexists', key, 'data') == 0 then return 'missing' end
  if length > Qless.summary_limits.data_checked then return nil end
  local data = redis.call('hget', key, 'data')
  -- Read as the client reads it: the text in a list, the first item must be an object.
  if not pcall(cjson.decode, '[' .. data .. ']') then return 'invalid' end
  if not string.find(data, '^%s*{') then
    summary.data_head = string.sub(data, 1, 4 * Qless.summary_limits.raw_kept)
    return 'not-object'
  end
  return nil
end

-- One entry's text as an event object of the history the face shows; an entry that does not
-- parse as {what = 'invalid', raw}.
function Qless.summary_event(text)
  local entry = Qless.decode(text, nil)
  if type(entry) ~= 'table' or entry[2] == nil then
    return { what = 'invalid', raw = Qless.summary_cut(text) }
  end
  local event = {}
  local extra = entry[3]
  if type(extra) == 'table' and #extra == 0 then
    event.q, event.worker, event.group = extra.q, extra.worker, extra.group
  end
  event.when, event.what = entry[1], entry[2]
  return event
end

-- The 2012 `history` field's stages as event objects, each time a stage went through an event
-- of its own with the stage's queue (and worker, but on `put`). `floor`: the times as the
-- upgrade writes them (the face's reading when a list sits beside the field).
function Qless.summary_stage_events(stages, floor)
  local events = {}
  for _, stage in ipairs(stages) do
    if type(stage) ~= 'table' then
      table.insert(events, { what = 'invalid', raw = Qless.summary_cut(cjson.encode(stage)) })
    else
      for _, what in ipairs({ 'put', 'popped', 'failed', 'done' }) do
        local when = stage[what]
        if when ~= nil and when ~= cjson.null then
          when = Qless.number(when) or 0
          if floor then when = math.floor(when) end
          table.insert(events, { when = when, what = what, q = stage.q,
            worker = what ~= 'put' and stage.worker or nil })
        end
      end
    end
  end
  return events
end

-- Picks, walking a history from its end, the entries a row reads (see the head of this file).
-- `want` names those still wanted (put, timed-out, popped: the last with a time; queue: the last
-- naming one); `picked` maps position -> event, and `picked.invalid` is the first bad entry met.
-- True once nothing is wanted any more (a bad entry is taken when met, never searched for).
function Qless.summary_pick(event, position, want, picked)
  local what = event.what
  if what == 'invalid' then
    if not picked.invalid then picked.invalid, picked[position] = true, event end
  elseif want[what] and what ~= 'queue' and (Qless.number(event.when) or 0) > 0 then
    picked[position], want[what] = event, nil
  end
  if want.queue and type(event.q) == 'string' and event.q ~= '' then picked[position], want.queue = event, nil end
  return next(want) == nil
end

-- Walks the `length` entries of `jid`'s history list from the newest back, in growing chunks
-- (most readers find what they want in the last few), at most summary_limits.history_scanned
-- of them: visit(text, position) for each until it returns true. Returns whether one did, and
-- how many entries were read.
function Qless.history_walk_back(jid, length, visit)
  local key = Qless.history_key(jid)
  local scanned, chunk = 0, 16
  while scanned < length and scanned < Qless.summary_limits.history_scanned do
    local last = length - 1 - scanned
    local first = math.max(0, last - chunk + 1, length - Qless.summary_limits.history_scanned)
    local texts = redis.call('lrange', key, first, last)
    for i = #texts, 1, -1 do
      if visit(texts[i], first + i - 1) then return true, scanned + (#texts - i + 1) end
    end
    scanned = scanned + #texts
    chunk = chunk * 4
  end
  return false, scanned
end

-- The summary's `history` (nil when there is none to show): see the head of this file. `length`:
-- the history list's (0: there is none; Redis keeps no empty list).
function Qless.summary_history(jid, field, want, length)
  local picked = {}
  local tail = {}
  if field and length == 0 then
    local stages = Qless.decode_or_raw(field, {})
    if type(stages) ~= 'table' then return Qless.summary_cut(field) end
    tail = Qless.summary_stage_events(stages, false)
  elseif field then
    local stages = Qless.decode(field, nil)
    if type(stages) == 'table' then tail = Qless.summary_stage_events(stages, true) end
  end
  local done = false
  for i = #tail, 1, -1 do
    done = Qless.summary_pick(tail[i], length + i, want, picked)
    if done then break end
  end
  local scanned = 0
  if not done then
    done, scanned = Qless.history_walk_back(jid, length, function(text, position)
      return Qless.summary_pick(Qless.summary_event(text), position, want, picked)
    end)
  end
  if not done and scanned < length then
    Qless.summary_pick(Qless.summary_event(redis.call('lindex', Qless.history_key(jid), 0)), 0, want, picked)
  end
  local positions = {}
  for position in pairs(picked) do
    if type(position) == 'number' then table.insert(positions, position) end
  end
  table.sort(positions)
  local history = {}
  for _, position in ipairs(positions) do table.insert(history, picked[position]) end
  return history
end

-- The summary of one job, nil when there is no such job (see the head of this file).
function Qless.desk_summary(jid)
  local key = Qless.job_key(jid)
  local damaged = {}
  local f = Qless.read_typed(damaged, 'job', 'hash', 'hmget', key, 'jid', 'klass', 'state', 'queue', 'worker',
    'priority', 'expires', 'retries', 'remaining', 'tags', 'failure', 'spawned_from_jid', 'time', 'history')
  if not f then return { jid = jid, unreadable = damaged } end
  -- No field at all (each reads false): no job, unless a hash holds none of them.
  local any = false
  for i = 1, 14 do any = any or f[i] ~= false end
  if not any and redis.call('exists', key) == 0 then return nil end
  local unreadable, missing = {}, {}
  local summary = {
    jid = f[1], klass = f[2], state = f[3], queue = f[4], worker = f[5] or '',
    tracked = Qless.is_tracked(jid),
    priority = Qless.number_or_raw(f[6]),
    expires = 0,
    retries = Qless.number_or_raw(f[8]),
    remaining = Qless.number(f[9]) and math.floor(Qless.number(f[9])) or Qless.number_or_raw(f[9]),
    tags = Qless.summary_cut(Qless.decode_or_raw(f[10], {})),
    failure = Qless.summary_cut(Qless.decode_or_raw(f[11] or '{}', {})),
    spawned_from_jid = f[12],
    time = Qless.number_or_raw(f[13]),
  }
  if summary.jid == nil then
    summary.jid = jid
    table.insert(missing, 'jid')
  end
  if f[7] and f[7] ~= '' then summary.expires = Qless.number_or_raw(f[7]) end
  if not f[10] then
    summary.tags = nil
    table.insert(missing, 'tags')
  end
  local failure = summary.failure
  if type(failure) == 'table' and type(failure.message) == 'string' then
    failure.message = string.match(failure.message, '^[^\r\n]*')
  end
  Qless.key_readable(key .. '-dependents', 'set', unreadable, 'dependents')
  summary.dependencies = Qless.read_typed(unreadable, 'dependencies', 'set', 'smembers', key .. '-dependencies') or {}
  summary.data_problem = Qless.summary_data_problem(key, summary)
  local length = Qless.read_typed(unreadable, 'history', 'list', 'llen', Qless.history_key(jid))
  if length then
    -- Timed out by qless: stalled with no lock (the client reads an unreadable expires as none).
    local timed_out = f[3] == 'stalled' and (Qless.number(summary.expires) or 0) <= 0
    local want = { put = true }
    if timed_out then want['timed-out'], want.popped = true, true end
    if f[3] == 'complete' and (f[4] == nil or f[4] == '') then want.queue = true end
    summary.history = Qless.summary_history(jid, f[14], want, length)
  end
  if f[3] == 'scheduled' and f[4] and f[4] ~= ''
      and Qless.key_readable(Qless.queue_key(f[4], 'scheduled'), 'zset', unreadable, 'due') then
    summary.due = Qless.number(redis.call('zscore', Qless.queue_key(f[4], 'scheduled'), jid))
  end
  if next(unreadable) then summary.unreadable = unreadable end
  if #missing > 0 then summary.missing = missing end
  return summary
end
