-- failedaction(0, action, now, group, count, skip, key, [queue]): one batch of a bulk action on
-- failure group `group`. It takes the `count` oldest entries of ql:f:<group> after passing over
-- the `skip` oldest ones, and works through them oldest first:
--   retry   each job back into the queue it failed in (Qless.requeue),
--   move    each job into `queue` (required for move, refused otherwise),
--   cancel  each job deleted as cancel does.
-- An entry whose job is gone is removed (skipped "missing"), as is one whose job is no longer
-- failed ("not failed") and the second entry of a jid listed twice ("duplicate"). Left in the
-- list: for cancel, a job that others depend on unless those are cancelled in this same batch
-- ("has dependents"); for retry, a job without a queue ("no queue"). A caller raises `skip` by
-- those left in place for its next batch. The group leaves ql:failures once its list is empty.
-- Replies {"taken": entries looked at, "done": n, "skipped": {"<reason>": [jids]}}.
-- `key` names the batch: the reply is kept as ql:receipt:<key> for a day, and a call whose key
-- has a receipt changes nothing and replies with it, so a caller that lost the reply can send
-- the same batch again. count 0 takes nothing (and leaves a receipt like any batch).
local S = 'FailedAction'
local action = Qless.arg_string(S, 'action', ARGV[1])
if action ~= 'retry' and action ~= 'move' and action ~= 'cancel' then
  Qless.arg_error(S, 'action', 'not retry, move or cancel', action)
end
local now = Qless.arg_now(S, ARGV[2])
local group = Qless.arg_string(S, 'group', ARGV[3])
local count = Qless.arg_count(S, 'count', ARGV[4])
local skip = Qless.arg_count(S, 'skip', ARGV[5])
local key = Qless.arg_string(S, 'key', ARGV[6])
local target = nil
if action == 'move' then
  target = Qless.arg_string(S, 'queue', ARGV[7])
elseif ARGV[7] ~= nil then
  Qless.arg_error(S, 'queue', 'only for move', ARGV[7])
end
Qless.arg_none_after(S, ARGV, 7)

local receipt = 'ql:receipt:' .. key
local stored = redis.call('get', receipt)
if stored then
  return stored
end

local list = 'ql:f:' .. group
-- Newest first: the oldest are at the tail, and the batch is read oldest first.
local entries = {}
if count > 0 then
  local window = redis.call('lrange', list, -(skip + count), -(skip + 1))
  for i = #window, 1, -1 do
    table.insert(entries, window[i])
  end
end

-- Decide every entry before changing anything: `verdict[i]` is 'done', or the reason it is
-- skipped; `remove[i]` whether its entry leaves the list.
local verdict, remove, hashes, seen = {}, {}, {}, {}
local cancelling = {}
for i, jid in ipairs(entries) do
  local hash = nil
  if seen[jid] then
    verdict[i] = 'duplicate'
  else
    seen[jid] = true
    hash = Qless.job_hash(jid)
    if hash == nil then
      verdict[i] = 'missing'
    elseif hash.state ~= 'failed' then
      verdict[i] = 'not failed'
    elseif action == 'retry' and (hash.queue == nil or hash.queue == '') then
      verdict[i] = 'no queue'
    else
      verdict[i] = 'done'
      if action == 'cancel' then
        cancelling[jid] = true
      end
    end
  end
  hashes[i] = hash
  remove[i] = verdict[i] ~= 'has dependents' and verdict[i] ~= 'no queue'
end

-- Cancel: a job stays while anything outside this batch's cancellations depends on it; each one
-- that stays may hold back others that it depends on, so repeat until nothing changes.
if action == 'cancel' then
  local changed = true
  while changed do
    changed = false
    for i, jid in ipairs(entries) do
      if verdict[i] == 'done' and Qless.dependent_outside(jid, cancelling) ~= nil then
        verdict[i] = 'has dependents'
        remove[i] = false
        cancelling[jid] = nil
        changed = true
      end
    end
  end
end

local done = 0
local skipped = {}
for i, jid in ipairs(entries) do
  if remove[i] then
    -- The entry is near the tail: LREM from there finds it at once.
    redis.call('lrem', list, -1, jid)
  end
  if verdict[i] == 'done' then
    if action == 'cancel' then
      Qless.cancel_job(jid, hashes[i], group)
    else
      Qless.requeue(jid, hashes[i], target or hashes[i].queue, now, { unfailed = group }, group)
    end
    done = done + 1
  else
    skipped[verdict[i]] = skipped[verdict[i]] or {}
    table.insert(skipped[verdict[i]], jid)
  end
end
if redis.call('llen', list) == 0 then
  redis.call('srem', 'ql:failures', group)
end

local reply = cjson.encode({ taken = #entries, done = done, skipped = skipped })
redis.call('set', receipt, reply, 'EX', 86400)
return reply
