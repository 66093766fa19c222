-- SPDX-License-Identifier: GPL-3.0-or-later
-- The qless library behind lua/qless.lua, the unified script current qless clients load
-- (EVALSHA <sha> 0 <command> <now> args...), and behind the seed's per-command faces
-- (lua/<command>.lua). The files of lua/lib/ are joined in sorted order in front of each face at
-- build time (see lua/CMakeLists.txt).
-- Everything lives on one local table: Redis 7 forbids globals, and a Lua chunk may hold only
-- about 200 locals, so helpers are fields, not locals.
local Qless = {}

-- Keys ------------------------------------------------------------------------------------------
function Qless.job_key(jid) return 'ql:j:' .. jid end
function Qless.queue_key(queue, part) return 'ql:q:' .. queue .. '-' .. part end
function Qless.worker_key(worker) return 'ql:w:' .. worker .. ':jobs' end
function Qless.recur_key(jid) return 'ql:r:' .. jid end

-- Midnight (UTC) of the day `when` falls in: the bucket of every per-day statistic.
function Qless.day(when) return when - (when % 86400) end
function Qless.stats_key(kind, when, queue)
  return 'ql:s:' .. kind .. ':' .. Qless.day(when) .. ':' .. queue
end

-- Numbers ---------------------------------------------------------------------------------------
-- A finite decimal number (12, -0.5, 1.7e+09), else nil. Lua's tonumber would also take hex,
-- padding, 'inf' and 'nan', none of which JSON can carry back to a client.
function Qless.number(value)
  local n
  if type(value) == 'number' then
    n = value
  elseif type(value) == 'string' and (string.find(value, '^[-+]?%d*%.?%d+$')
      or string.find(value, '^[-+]?%d+%.$')
      or string.find(value, '^[-+]?%d*%.?%d+[eE][-+]?%d+$')
      or string.find(value, '^[-+]?%d+%.[eE][-+]?%d+$')) then
    n = tonumber(value)
  end
  if n == nil or n ~= n or n == math.huge or n == -math.huge then
    return nil
  end
  return n
end

-- A stored number read tolerantly: `default` when absent or not a number, so bad data in Redis
-- never makes a script stop halfway (Redis does not roll a script's writes back).
function Qless.stored_number(value, default)
  local n = Qless.number(value)
  if n == nil then return default end
  return n
end

-- Argument checks ---------------------------------------------------------------------------------
-- A refusal, raised as qless-core raises its own: with the position of the refusing line in
-- front ('user_script:812: Put(): Arg "delay" not a number: x'). Clients depend on that prefix:
-- the qless gem turns an error reply into Qless::LuaScriptError (whose subclasses its worker
-- rescues, CantCompleteError among them) only when it matches /user_script:\d+:\s*(\w+.+$)/.
-- The line is the caller's; a caller Lua cannot name (a tail call has no line) gets this one's,
-- since error() would otherwise leave the prefix out.
function Qless.fail_with(text)
  local _, where = pcall(error, '', 3)
  if where == '' then error(text, 1) end
  error(text, 2)
end

-- A required argument; `who` is the face's name, e.g. 'Put'.
function Qless.arg(who, name, value)
  if value == nil then Qless.fail_with(who .. '(): Arg "' .. name .. '" missing') end
  return value
end

-- A number argument; `default` when absent (an absent one without default is an error).
function Qless.arg_number(who, name, value, default)
  if value == nil and default ~= nil then return default end
  local n = Qless.number(value)
  if n == nil then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" missing or not a number: ' .. tostring(value))
  end
  return n
end

-- A JSON argument, decoded; absent or unparsable is an error.
function Qless.arg_json(who, name, value)
  local ok, decoded = false, nil
  if value ~= nil then ok, decoded = pcall(cjson.decode, value) end
  if not ok then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" missing or not JSON: ' .. tostring(value))
  end
  return decoded
end

-- A JSON argument stored re-encoded (fail's and heartbeat's data, as qless does): returns the
-- text to store, or nil when absent. Checked here, before any write, so that a value cjson reads
-- but cannot write (1e999) is refused instead of failing the script halfway.
function Qless.arg_json_reencoded(who, name, value)
  if value == nil then return nil end
  local decoded = Qless.arg_json(who, name, value)
  local ok, encoded = pcall(cjson.encode, decoded)
  if not ok then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" cannot be stored as JSON: ' .. tostring(value))
  end
  return encoded
end

-- A JSON array of strings (tags, jids); cjson reads [] and {} alike, both accepted.
function Qless.arg_list(who, name, value)
  local decoded = Qless.arg_json(who, name, value)
  if type(decoded) ~= 'table' then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" not a JSON array: ' .. tostring(value))
  end
  local list = {}
  for i = 1, #decoded do list[i] = tostring(decoded[i]) end
  return list
end

-- Trailing name/value pairs (put's priority, tags, ...) as a table; an odd count is an error.
function Qless.arg_pairs(who, args, first)
  local options = {}
  local last = #args
  if (last - first + 1) % 2 == 1 then
    Qless.fail_with(who .. '(): Odd number of additional args, option "' ..
      tostring(args[last]) .. '" has no value')
  end
  for i = first, last, 2 do options[args[i]] = args[i + 1] end
  return options
end

-- Reading stored JSON ------------------------------------------------------------------------------
-- Decoded JSON text, or `default` when absent or unparsable: the same Redis may hold data other
-- scripts wrote, and a read must never fail on it.
-- JSON that cjson reads but cannot write back (1e999 reads as inf) counts as unparsable, or the
-- reply's encoding would fail.
function Qless.decode(text, default)
  if text == nil or text == false then return default end
  local ok, value = pcall(cjson.decode, text)
  if ok and pcall(cjson.encode, value) then return value end
  return default
end

-- Decoded JSON text, or the raw text itself when it does not parse (shown, not trusted).
function Qless.decode_or_raw(text, default)
  if text == nil or text == false then return default end
  local ok, value = pcall(cjson.decode, text)
  if ok and pcall(cjson.encode, value) then return value end
  return text
end

-- A stored JSON list of strings; anything else counts as empty.
function Qless.decode_list(text)
  local value = Qless.decode(text, {})
  if type(value) ~= 'table' then return {} end
  local list = {}
  for _, item in ipairs(value) do
    if type(item) == 'string' or type(item) == 'number' then table.insert(list, tostring(item)) end
  end
  return list
end

-- Tables and Redis calls ---------------------------------------------------------------------------
function Qless.append(list, more)
  for _, item in ipairs(more) do table.insert(list, item) end
  return list
end

-- redis.call(command, key, items...) in slices: Lua's stack holds only about 8000 values, so a
-- long list must not be unpacked into one call.
function Qless.call_in_slices(command, key, items)
  -- ACL: forwards (the permission check reads `command` where it is called)
  local slice = 500
  for first = 1, #items, slice do
    local last = math.min(first + slice - 1, #items)
    redis.call(command, key, unpack(items, first, last))
  end
end

-- Events -------------------------------------------------------------------------------------------
-- Every channel is in the ql: namespace: ql:log for the event stream, ql:<event> for tracked
-- jobs' jids, ql:w:<worker> for what a worker must learn about its jobs.
function Qless.publish(channel, message)
  -- ACL: forwards (the permission check reads `channel` where it is called)
  redis.call('publish', 'ql:' .. channel, message)
end

-- What the user running a script may do is checked before the script's first write: Redis runs
-- a script's writes as they come and keeps them when a later call is refused, so a PUBLISH or a
-- write refused by the user's ACL halfway would leave a job half-moved (out of its failure group
-- but still failed, its tags gone). Redis 7 creates users without channel permissions
-- (acl-pubsub-default resetchannels): `ACL SETUSER ops on >pw ~* +@all` may write but not publish.
-- Every command is checked but these, which only read (tag and track only list with these
-- arguments): the reads of a console whose user may not write must go on.
Qless.reading_commands = {
  get = true, multiget = true, ['config.get'] = true, queues = true, failed = true, jobs = true,
  workers = true, peek = true, stats = true, length = true, ['recur.get'] = true,
  tag = function(args) return args[1] == 'get' or args[1] == 'top' end,
  config = function(args) return args[1] == 'get' end, -- the seed's face
  track = function(args) return args[1] == nil end,
  ['desk.queues'] = true, ['desk.queuepage'] = true, ['desk.waitingsince'] = true,
  ['desk.jobs'] = true, ['desk.get'] = true, ['desk.multiget'] = true, ['desk.summaries'] = true,
  ['desk.peek'] = true, ['desk.workers'] = true, ['desk.workerpage'] = true,
  ['desk.failed'] = true, ['desk.failuresigs'] = true, ['desk.failuregroups'] = true,
  ['desk.failurenewest'] = true, ['desk.failurecounts'] = true, ['desk.statssum'] = true,
  ['desk.states'] = true, ['desk.permissions'] = true,
  ['desk.tracked'] = true, ['desk.trackedstates'] = true, ['desk.tags'] = true,
  ['desk.scan'] = true, ['desk.completed'] = true, ['desk.search'] = true,
  ['desk.recur.get'] = true,
}
-- Every channel the scripts publish to; `w:*` stands for ql:w:<worker>, whose names come from the
-- data: only a user who may publish to any worker's channel (&ql:w:*, &ql:*, &*) passes.
Qless.published_channels = {
  'log', 'w:*', 'put', 'popped', 'completed', 'failed', 'stalled', 'canceled', 'track', 'untrack',
}
-- Every command the scripts write with, all on keys under ql:.
Qless.write_commands = {
  'hset', 'hmset', 'hdel', 'hincrby', 'zadd', 'zrem', 'zincrby', 'zremrangebyscore',
  'zremrangebyrank', 'sadd', 'srem', 'lpush', 'rpush', 'lpop', 'lrem', 'ltrim', 'set', 'del',
  'expire',
}
-- The text of this refusal tells clients (ours: RedisError) that nothing was changed.
Qless.permission_refusal = 'refused before changing anything'

-- The first of everything the scripts may write or publish that this user may not, as kind
-- ('channel' or 'command') and name; nil when the user may do all of it. Asked with the key's
-- name once (DEL takes every argument as a key, the others their first).
function Qless.missing_of_all(check, key)
  for _, channel in ipairs(Qless.published_channels) do
    if not check('publish', 'ql:' .. channel, '') then return 'channel', channel end
  end
  for _, name in ipairs(Qless.write_commands) do
    if not check(name, key) then return 'command', name end
  end
end

-- Refuses `command` (with `args` as the API passes them) when the user running the script may not
-- do everything it may do. Redis before 7.0 cannot be asked (no redis.acl_check_cmd); its users
-- may publish everywhere unless told otherwise (6.2's acl-pubsub-default is allchannels).
-- The unified qless.lua asks only what the called command's definitions can write or publish
-- (Qless.missing_permission, which lua/joiner generates from their text: every check costs the
-- call); the seed's per-command scripts, joined whole, ask everything (Qless.missing_of_all).
-- Every argument a key under ql:: a user kept to ~ql:* passes.
function Qless.check_permissions(command, args)
  local check = redis.acl_check_cmd
  if check == nil then return end
  local reads = Qless.reading_commands[command]
  if type(reads) == 'function' then reads = reads(args) end
  if reads then return end
  local asked = rawget(Qless, 'missing_permission') or Qless.missing_of_all
  local kind, name = asked(check, 'ql:desk:acl')
  if kind == nil then return end
  local missing
  if kind == 'channel' then
    missing = 'publish to ql:' .. name .. ', where it tells of its changes (ACL channel ' ..
      'permissions: Redis 7 gives a new user none unless granted &ql:* or &*)'
  else
    missing = 'run ' .. string.upper(name) .. ' on keys under ql: (ACL commands and keys)'
  end
  Qless.fail_with('Permission(): ' .. command .. ' ' .. Qless.permission_refusal ..
    ': this Redis user may not ' .. missing)
end

function Qless.log_event(event)
  Qless.publish('log', cjson.encode(event))
end

function Qless.is_tracked(jid)
  return redis.call('zscore', 'ql:tracked', jid) ~= false
end

-- The bare jid on ql:<event> for a tracked job (put, popped, completed, failed, ...).
function Qless.publish_if_tracked(event, jid)
  -- ACL: forwards (the permission check reads `event` where it is called)
  if Qless.is_tracked(jid) then Qless.publish(event, jid) end
end

-- Tell a worker (and the log) that it no longer holds `jid`.
function Qless.tell_lock_lost(jid, worker)
  local encoded = cjson.encode({ jid = jid, event = 'lock_lost', worker = worker })
  Qless.publish('w:' .. worker, encoded)
  Qless.publish('log', encoded)
end

-- ql:queues lists every queue a job, a template or a user named, in order of first sight.
function Qless.know_queue(queue, now)
  if redis.call('zscore', 'ql:queues', queue) == false then
    redis.call('zadd', 'ql:queues', now, queue)
  end
end
