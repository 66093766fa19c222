-- put(1, queue; jid, klass, data, now, delay, [priority p], [tags t], [retries r], [depends d])
-- Creates a job in `queue`, or moves an existing one there: it leaves its old queue, its worker
-- (whose heartbeat and complete then fail) and its failure group; `remaining` is reset to
-- `retries`; priority, tags and retries are kept unless given. Replies with the jid.
local S = 'Put'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local klass = Qless.arg_string(S, 'klass', ARGV[2])
Qless.arg_json(S, 'data', ARGV[3])
local data = ARGV[3]
local now = Qless.arg_now(S, ARGV[4])
local delay = Qless.arg_number(S, 'delay', ARGV[5])
if delay < 0 then
  Qless.arg_error(S, 'delay', 'negative', ARGV[5])
end
local options = Qless.arg_options(S, ARGV, 6, {
  priority = Qless.arg_number,
  tags = Qless.arg_string_list,
  retries = Qless.arg_count,
  depends = Qless.arg_string_list,
})

local key = Qless.job_key(jid)
local old = Qless.job_hash(jid) or {}
Qless.detach(jid, old, now, 'lock_lost')

local priority = options.priority or Qless.number(old.priority) or 0
local retries = options.retries or Qless.number(old.retries) or 5

-- Tags: the index follows the job's tag list; unchanged tags keep their index score.
local old_tags = Qless.job_tags(jid)
local tags = options.tags or old_tags
if options.tags then
  local keep = {}
  for _, tag in ipairs(tags) do
    keep[tag] = true
  end
  for _, tag in ipairs(old_tags) do
    if type(tag) == 'string' and not keep[tag] then
      Qless.tag_index_remove(jid, tag)
    end
  end
end
for _, tag in ipairs(tags) do
  if type(tag) == 'string' then
    Qless.tag_index_add(jid, tag, now)
  end
end

-- New dependencies replace the old ones; without `depends`, unfinished old ones still hold.
if options.depends then
  local wanted = {}
  for _, other in ipairs(options.depends) do
    wanted[other] = true
  end
  for _, other in ipairs(redis.call('smembers', key .. '-dependencies')) do
    if not wanted[other] then
      redis.call('srem', key .. '-dependencies', other)
      redis.call('srem', Qless.job_key(other) .. '-dependents', jid)
    end
  end
  Qless.depend_on(jid, options.depends)
end

local encoded_tags = Qless.json_list(tags)
redis.call('hmset', key,
  'jid', jid, 'klass', klass, 'data', data, 'priority', priority, 'tags', encoded_tags,
  'worker', '', 'expires', 0, 'queue', queue, 'retries', retries, 'remaining', retries,
  'time', string.format('%.6f', now), 'failure', '{}')
if old.state == nil then
  redis.call('hset', key, 'history', '[]')
end
Qless.history_add(jid, now, 'put', { q = queue })
local state = Qless.place(jid, queue, priority, now, delay)
Qless.queue_register(queue, now)
Qless.event(jid, 'put', { queue = queue, state = state })
return jid
