-- SPDX-License-Identifier: GPL-3.0-or-later
-- A job's history: the list ql:j:<jid>-history of JSON entries [when, what, {extra}].
-- Jobs written by the 2012 scripts keep it instead in the job hash's `history` field, a list of
-- stages {q, put, popped, done, failed, worker}; the first touch turns those stages into entries
-- (as current qless does) so that every later reader sees one form.

function Qless.history_key(jid) return 'ql:j:' .. jid .. '-history' end

-- One 2012 stage as entries, in the order its times happened.
function Qless.history_stage_entries(stage)
  local entries = {}
  if type(stage) ~= 'table' then return entries end
  local function at(field) return Qless.number(stage[field]) end
  if at('put') then table.insert(entries, { math.floor(at('put')), 'put', { q = stage.q } }) end
  if at('popped') then
    table.insert(entries, { math.floor(at('popped')), 'popped', { worker = stage.worker } })
  end
  if at('failed') then table.insert(entries, { math.floor(at('failed')), 'failed' }) end
  if at('done') then table.insert(entries, { math.floor(at('done')), 'done' }) end
  return entries
end

-- Moves a 2012 `history` field into the list. A field that is not a JSON list is left as found:
-- it is someone's data we cannot read, and deleting it would lose it.
function Qless.history_upgrade(jid)
  local field = redis.call('hget', Qless.job_key(jid), 'history')
  if not field then return end
  local stages = Qless.decode(field, nil)
  if type(stages) ~= 'table' then return end
  for _, stage in ipairs(stages) do
    for _, entry in ipairs(Qless.history_stage_entries(stage)) do
      redis.call('rpush', Qless.history_key(jid), cjson.encode(entry))
    end
  end
  redis.call('hdel', Qless.job_key(jid), 'history')
end

-- The entries' texts, oldest first. `read_only`: a 2012 `history` field is read where it is, as
-- the upgrade would append it, instead of being moved (the console's views change nothing).
function Qless.history_texts(jid, read_only)
  if not read_only then Qless.history_upgrade(jid) end
  local texts = {}
  -- Some other tool's value under the key (not a list) reads as no history rather than an error.
  if redis.call('type', Qless.history_key(jid))['ok'] == 'list' then
    texts = redis.call('lrange', Qless.history_key(jid), 0, -1)
  end
  if read_only then
    local stages = Qless.decode(redis.call('hget', Qless.job_key(jid), 'history'), nil)
    if type(stages) == 'table' then
      for _, stage in ipairs(stages) do
        for _, entry in ipairs(Qless.history_stage_entries(stage)) do
          table.insert(texts, cjson.encode(entry))
        end
      end
    end
  end
  return texts
end

-- The history as clients see it: {when, what, extra...} per entry; an entry that does not parse
-- is shown as {what = 'invalid', raw = <text>}. An entry's extra that is not an object (a `log`
-- entry's data may be any JSON) is merged as qless merges it (a list's items by index, anything
-- else dropped), or with `keep_data` kept whole under `data`, as the console shows it.
function Qless.history_read(jid, read_only, keep_data)
  local events = {}
  for _, text in ipairs(Qless.history_texts(jid, read_only)) do
    local entry = Qless.decode(text, nil)
    if type(entry) == 'table' and entry[2] ~= nil then
      local event = {}
      local extra = entry[3]
      if keep_data and extra ~= nil and (type(extra) ~= 'table' or #extra > 0) then
        event.data = extra
      elseif type(extra) == 'table' then
        for key, value in pairs(extra) do event[key] = value end
      end
      event.when = entry[1]
      event.what = entry[2]
      table.insert(events, event)
    else
      table.insert(events, { what = 'invalid', raw = text })
    end
  end
  return events
end

-- Appends [floor(now), what, extra]. With `max-job-history` (default 100) above 0 the list keeps
-- its first entry (when the job was made) and the most recent ones, so it cannot grow forever.
function Qless.history_add(jid, now, what, extra)
  Qless.history_upgrade(jid)
  local key = Qless.history_key(jid)
  local keep = Qless.config_number('max-job-history', 100)
  if keep > 0 then
    local first = redis.call('lpop', key)
    redis.call('ltrim', key, -keep + 2, -1)
    if first then redis.call('lpush', key, first) end
  end
  return redis.call('rpush', key, cjson.encode({ math.floor(now), what, extra }))
end
