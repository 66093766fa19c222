-- Recurring jobs: a template ql:r:<jid> in queue's ql:q:<queue>-recur zset, scored by its next
-- run; pop spawns <jid>-<count> jobs from it as they fall due.
-- recur(0, 'on', queue, jid, klass, data, now, 'interval', secs, offset,
--       [priority p], [tags t], [retries r])           -> jid; first run at now + offset
-- recur(0, 'off', jid, ...)                             -> number of templates removed
-- recur(0, 'get', jid)                                  -> template JSON (with `backlog` when current
--                                                          qless set one), or nil; changes nothing
-- recur(0, 'update', jid, [priority p], [interval i], [retries r], [data d], [klass k], [queue q])
--                                                       -> true, or false when no such template
-- recur(0, 'tag', jid, tag, ...) / recur(0, 'untag', jid, tag, ...) -> tags (JSON), or false
local S = 'Recur'
local command = ARGV[1]

local function template_key(jid)
  return 'ql:r:' .. jid
end

local function positive(script, name, value)
  local n = Qless.arg_number(script, name, value)
  if n <= 0 then
    Qless.arg_error(script, name, 'not above 0', value)
  end
  return n
end

local function json_text(script, name, value)
  Qless.arg_json(script, name, value)
  return value
end

if command == 'on' then
  local queue = Qless.arg_string(S, 'queue', ARGV[2])
  local jid = Qless.arg_string(S, 'jid', ARGV[3])
  local klass = Qless.arg_string(S, 'klass', ARGV[4])
  local data = json_text(S, 'data', ARGV[5])
  local now = Qless.arg_now(S, ARGV[6])
  if ARGV[7] ~= 'interval' then
    Qless.arg_error(S, 'type', 'must be "interval"', ARGV[7])
  end
  local interval = positive(S, 'interval', ARGV[8])
  local offset = Qless.arg_number(S, 'offset', ARGV[9])
  local options = Qless.arg_options(S, ARGV, 10, {
    priority = Qless.arg_number,
    tags = Qless.arg_string_list,
    retries = Qless.arg_count,
  })
  local key = template_key(jid)
  -- Re-registering a template moves it: out of its old queue's set first.
  local old_queue = redis.call('hget', key, 'queue')
  if old_queue then
    redis.call('zrem', Qless.queue_key(old_queue, 'recur'), jid)
  end
  redis.call('hmset', key,
    'jid', jid, 'klass', klass, 'data', data, 'priority', options.priority or 0,
    'tags', Qless.json_list(options.tags or {}), 'state', 'recur', 'queue', queue,
    'type', 'interval', 'count', redis.call('hget', key, 'count') or 0, 'interval', interval,
    'retries', options.retries or 5)
  redis.call('zadd', Qless.queue_key(queue, 'recur'), now + offset, jid)
  Qless.queue_register(queue, now)
  return jid
elseif command == 'off' then
  local removed = 0
  if ARGV[2] == nil then
    Qless.arg_error(S, 'jid', 'missing')
  end
  for i = 2, #ARGV do
    Qless.arg_string(S, 'jid', ARGV[i])
  end
  for i = 2, #ARGV do
    local jid = ARGV[i]
    local queue = redis.call('hget', template_key(jid), 'queue')
    if queue then
      redis.call('zrem', Qless.queue_key(queue, 'recur'), jid)
    end
    removed = removed + redis.call('del', template_key(jid))
  end
  return removed
elseif command == 'get' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  Qless.arg_none_after(S, ARGV, 2)
  local flat = redis.call('hgetall', template_key(jid))
  if #flat == 0 then
    return false
  end
  local hash = {}
  for i = 1, #flat, 2 do
    hash[flat[i]] = flat[i + 1]
  end
  local next_run = redis.call('zscore', Qless.queue_key(hash.queue or '', 'recur'), jid)
  return cjson.encode({
    jid = jid,
    klass = hash.klass,
    state = hash.state,
    queue = hash.queue,
    type = hash.type,
    priority = Qless.number(hash.priority) or hash.priority,
    interval = Qless.number(hash.interval) or hash.interval,
    retries = Qless.number(hash.retries) or hash.retries,
    count = Qless.number(hash.count) or hash.count,
    data = hash.data,
    tags = Qless.decode_or_raw(hash.tags, {}),
    next = Qless.number(next_run),
    -- current qless's `recur ... backlog n`: at most n missed runs spawned at once
    backlog = Qless.number(hash.backlog) or hash.backlog,
  })
elseif command == 'update' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  local options = Qless.arg_options(S, ARGV, 3, {
    priority = Qless.arg_number,
    interval = positive,
    retries = Qless.arg_count,
    data = json_text,
    klass = Qless.arg_string,
    queue = Qless.arg_string,
  })
  local key = template_key(jid)
  local queue = redis.call('hget', key, 'queue')
  if not queue then
    return false
  end
  for _, name in ipairs({ 'priority', 'interval', 'retries', 'data', 'klass' }) do
    if options[name] ~= nil then
      redis.call('hset', key, name, options[name])
    end
  end
  if options.queue and options.queue ~= queue then
    local old = Qless.queue_key(queue, 'recur')
    local score = redis.call('zscore', old, jid)
    redis.call('zrem', old, jid)
    redis.call('zadd', Qless.queue_key(options.queue, 'recur'), score or 0, jid)
    redis.call('hset', key, 'queue', options.queue)
    Qless.queue_register(options.queue, Qless.number(score) or 0)
  end
  return true
elseif command == 'tag' or command == 'untag' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  if ARGV[3] == nil then
    Qless.arg_error(S, 'tag', 'missing')
  end
  for i = 3, #ARGV do
    Qless.arg_string(S, 'tag', ARGV[i])
  end
  local key = template_key(jid)
  if redis.call('exists', key) == 0 then
    return false
  end
  local current = Qless.decode_or_raw(redis.call('hget', key, 'tags'), {})
  if type(current) ~= 'table' then
    current = {}
  end
  local named = {}
  for i = 3, #ARGV do
    named[ARGV[i]] = true
  end
  local tags = {}
  for _, tag in ipairs(current) do
    if command == 'tag' or not named[tag] then
      table.insert(tags, tag)
      named[tag] = command == 'tag' and 'present' or named[tag]
    end
  end
  if command == 'tag' then
    for i = 3, #ARGV do
      if named[ARGV[i]] == true then
        table.insert(tags, ARGV[i])
        named[ARGV[i]] = 'present'
      end
    end
  end
  local text = Qless.json_list(tags)
  redis.call('hset', key, 'tags', text)
  return text
end
Qless.arg_error(S, 'command', 'must be on, off, get, update, tag or untag', command)
