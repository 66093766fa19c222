-- SPDX-License-Identifier: GPL-3.0-or-later
-- Recurring templates: the hash ql:r:<jid> and its entry in ql:q:<queue>-recur, scored by when
-- it next spawns a job (see Qless.spawn_recurring).

-- recur(now, queue, jid, klass, data, 'interval', seconds, offset, [name value]...): options
-- priority, tags, retries, backlog. Turning a template on again keeps its spawn count. Returns jid.
function Qless.recur(now, queue, jid, klass, raw_data, spec, args)
  local who = 'Recur'
  Qless.arg(who, 'queue', queue)
  Qless.arg(who, 'jid', jid)
  Qless.arg(who, 'klass', klass)
  Qless.arg_json(who, 'data', raw_data)
  if spec ~= 'interval' then
    Qless.fail_with('Recur(): schedule type "' .. tostring(spec) .. '" unknown')
  end
  local interval = Qless.arg_number(who, 'interval', args[1])
  local offset = Qless.arg_number(who, 'offset', args[2])
  if interval <= 0 then Qless.fail_with('Recur(): Arg "interval" must be greater than 0') end
  local options = Qless.arg_pairs(who, args, 3)
  local tags = {}
  if options.tags ~= nil then tags = Qless.arg_list(who, 'tags', options.tags) end
  local priority = Qless.arg_number(who, 'priority', options.priority, 0)
  local retries = Qless.arg_number(who, 'retries', options.retries, 0)
  local backlog = Qless.arg_number(who, 'backlog', options.backlog, 0)

  local key = Qless.recur_key(jid)
  local f = redis.call('hmget', key, 'count', 'queue')
  if f[2] then redis.call('zrem', Qless.queue_key(f[2], 'recur'), jid) end
  redis.call('hmset', key, 'jid', jid, 'klass', klass, 'data', raw_data, 'priority', priority,
    'tags', cjson.encode(tags), 'state', 'recur', 'queue', queue, 'type', 'interval',
    'count', Qless.stored_number(f[1], 0), 'interval', interval, 'retries', retries,
    'backlog', backlog)
  redis.call('zadd', Qless.queue_key(queue, 'recur'), now + offset, jid)
  Qless.know_queue(queue, now)
  return jid
end

-- The template as clients see it, or nil.
function Qless.recur_object(jid)
  local f = redis.call('hmget', Qless.recur_key(jid), 'jid', 'klass', 'state', 'queue',
    'priority', 'interval', 'retries', 'count', 'data', 'tags', 'backlog')
  if not f[1] then return nil end
  return {
    jid = f[1], klass = f[2], state = f[3], queue = f[4],
    priority = Qless.number_or_raw(f[5]), interval = Qless.number_or_raw(f[6]),
    retries = Qless.number_or_raw(f[7]), count = Qless.number_or_raw(f[8]), data = f[9],
    tags = Qless.decode_or_raw(f[10], {}), backlog = Qless.stored_number(f[11], 0),
  }
end

-- recur.update(now, jid, [name value]...): priority, interval, retries, data, klass, queue,
-- backlog. Every pair is checked before any is written. Returns true.
function Qless.recur_update(now, jid, args)
  local key = Qless.recur_key(jid)
  if redis.call('exists', key) == 0 then
    Qless.fail_with('Recur(): No recurring job ' .. tostring(jid))
  end
  local changes = {}
  for i = 1, #args, 2 do
    local name, value = args[i], args[i + 1]
    if value == nil then Qless.fail_with('No value provided for ' .. tostring(name)) end
    if name == 'priority' or name == 'interval' or name == 'retries' or name == 'backlog' then
      value = Qless.number(value) or
        Qless.fail_with('Recur(): Arg "' .. name .. '" must be a number: ' .. tostring(value))
    elseif name == 'data' then
      if not pcall(cjson.decode, value) then
        Qless.fail_with('Recur(): Arg "data" is not JSON-encoded: ' .. tostring(value))
      end
    elseif name ~= 'klass' and name ~= 'queue' then
      Qless.fail_with('Recur(): Unrecognized option "' .. tostring(name) .. '"')
    end
    table.insert(changes, { name, value })
  end
  for _, change in ipairs(changes) do
    local name, value = change[1], change[2]
    local queue = redis.call('hget', key, 'queue')
    if name == 'interval' then
      -- The next spawn moves by the change of interval.
      local old = Qless.stored_number(redis.call('hget', key, 'interval'), value)
      redis.call('zincrby', Qless.queue_key(queue, 'recur'), value - old, jid)
    elseif name == 'queue' then
      local score = redis.call('zscore', Qless.queue_key(queue, 'recur'), jid) or now
      redis.call('zrem', Qless.queue_key(queue, 'recur'), jid)
      redis.call('zadd', Qless.queue_key(value, 'recur'), score, jid)
      Qless.know_queue(value, now)
    end
    redis.call('hset', key, name, value)
  end
  return true
end

-- recur.tag / recur.untag (now, jid, tag...): returns the template's tags as JSON text.
function Qless.recur_retag(jid, args, adding)
  local key = Qless.recur_key(jid)
  local stored = redis.call('hget', key, 'tags')
  if not stored then
    if adding then Qless.fail_with('Tag(): Job ' .. tostring(jid) .. ' does not exist') end
    Qless.fail_with('Untag(): Job ' .. tostring(jid) .. ' does not exist')
  end
  local tags = Qless.decode_list(stored)
  local has = {}
  for _, tag in ipairs(tags) do has[tag] = true end
  local result = {}
  if adding then
    result = tags
    for _, tag in ipairs(args) do
      if not has[tag] then
        has[tag] = true
        table.insert(result, tag)
      end
    end
  else
    for _, tag in ipairs(args) do has[tag] = nil end
    for _, tag in ipairs(tags) do if has[tag] then table.insert(result, tag) end end
  end
  local encoded = cjson.encode(result)
  redis.call('hset', key, 'tags', encoded)
  return encoded
end

-- unrecur(now, jid): the template stops; jobs it spawned stay. Returns true.
function Qless.unrecur(jid)
  local queue = redis.call('hget', Qless.recur_key(jid), 'queue')
  if queue then
    redis.call('zrem', Qless.queue_key(queue, 'recur'), jid)
    redis.call('del', Qless.recur_key(jid))
  end
  return true
end
