-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.failedaction: one batch of a bulk action on a failure group, safe to send again.

-- The first job depending on `jid` that is not a key of `cancelling`, or nil: a job may only be
-- cancelled together with everything that still waits for it (qless's cancel refuses otherwise).
function Qless.dependent_outside(jid, cancelling)
  for _, dependent in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependents')) do
    if not cancelling[dependent] then return dependent end
  end
  return nil
end

-- How the batch with receipt key `key` changed the count of its group's entries left in place:
-- those it left ("has dependents", "no queue") less those of its `skip` it found gone
-- (`unkept`); 0 when it has no receipt.
function Qless.desk_batch_kept_change(key)
  local reply = Qless.decode(redis.call('get', 'ql:receipt:' .. key), nil)
  if type(reply) ~= 'table' or type(reply.skipped) ~= 'table' then return 0 end
  local n = -(Qless.number(reply.unkept) or 0)
  for _, reason in ipairs({ 'has dependents', 'no queue' }) do
    if type(reply.skipped[reason]) == 'table' then n = n + #reply.skipped[reason] end
  end
  return n
end

-- The time, in microseconds of the server's clock, after which a retry or move batch takes no
-- further job. Each job is a whole qless put (its history, tags, events and queue sets): about
-- 70 to 110 us with the server alone, several times that on a busy machine or with large data; a
-- batch of 25 reached 7 ms of the server's CPU, past the console's 5 ms for any single call.
-- The first desk_failed_batch_least jobs are taken whatever the clock says: a batch always makes
-- headway worth its round trip and the script's start, and a batch of a few cheap jobs is never
-- cut by a pause of the server's thread (its clock is the wall clock).
Qless.desk_failed_batch_micros = 1500
Qless.desk_failed_batch_least = 5

-- Takes the `count` oldest entries of ql:f:<group> after passing over the `skip` oldest, and
-- works through them oldest first: 'retry' puts each job back into the queue it failed in,
-- 'move' into `target`, 'cancel' deletes it (Qless.put and Qless.cancel, as qless's own
-- commands). An entry whose job is gone ("missing"), is no longer failed ("not failed") or
-- repeats a jid ("duplicate") leaves the list; a job others depend on outside this batch's
-- cancellations ("has dependents") and, for retry, a job without a queue ("no queue") stay, and
-- the caller raises `skip` by them. Returns {taken, done, skipped = {reason = [jids]}, unkept},
-- kept as ql:receipt:<key> for a day: a batch whose key has a receipt changes nothing and
-- returns it, so a caller that lost the reply can send it again.
--
-- `skip` counts entries earlier batches left in place, and those may leave the group meanwhile
-- (another client retries one): passing over `skip` entries would then pass over one nobody
-- looked at. So the entries left in place are remembered (Qless.desk_kept_key) and only they are
-- passed over: the window starts after the last of them still listed, and `unkept` says how many
-- of the `skip` were gone (the caller lowers its count by them).
--
-- `after` (optional) is the key of the batch the caller sent just before this one without
-- waiting for its reply, so that Redis always has the next batch at hand. That batch ran first
-- (one connection keeps order): the entries it left in place, less the `skip` ones it found gone,
-- change `skip` as its reply will change the caller's count, which the caller could not know
-- yet. Without a receipt under `after` (that batch was refused, and will be sent again) `skip`
-- stays.
--
-- A retry or move stops early, before its next job, once it has run desk_failed_batch_micros
-- and taken at least desk_failed_batch_least jobs (above). The entries after the stop stay in
-- the group untouched and are not counted in `taken`; the next batch takes them. A cancel is
-- never cut: whether a job may go depends on the jobs cancelled with it, judged over the whole
-- batch.
function Qless.desk_failed_batch(now, action, group, count, skip, key, target, after)
  -- An empty key would share one receipt among unrelated batches (the second replayed as the
  -- first, changing nothing); an empty group names no failure group qless writes.
  for name, value in pairs({ group = group, key = key }) do
    if value == '' then Qless.fail_with('Desk.failedaction(): Arg "' .. name .. '" empty') end
  end
  local receipt = 'ql:receipt:' .. key
  local stored = redis.call('get', receipt)
  if stored then return stored end
  local started = Qless.desk_micros()

  if after then skip = math.max(0, skip + Qless.desk_batch_kept_change(after)) end
  local list = 'ql:f:' .. group
  local kept = Qless.desk_kept_key(group)
  -- Entries left in place stay the oldest (qless adds failures at the head), so the ones still
  -- listed are the `skip` oldest less those gone: step in from the edge until it is one of them.
  local unkept = 0
  while skip > 0 do
    local edge = redis.call('lindex', list, -skip)
    if edge and redis.call('sismember', kept, edge) == 1 then break end
    skip = skip - 1
    unkept = unkept + 1
  end
  local entries = {}
  if count > 0 then
    local window = redis.call('lrange', list, -(skip + count), -(skip + 1))
    for i = #window, 1, -1 do table.insert(entries, window[i]) end
  end

  -- Every entry is judged before anything changes.
  local verdict, queues, seen, cancelling = {}, {}, {}, {}
  for i, jid in ipairs(entries) do
    local f = redis.call('hmget', Qless.job_key(jid), 'state', 'queue')
    if seen[jid] then
      verdict[i] = 'duplicate'
    elseif not f[1] then
      verdict[i] = 'missing'
    elseif f[1] ~= 'failed' then
      verdict[i] = 'not failed'
    elseif action == 'retry' and (not f[2] or f[2] == '') then
      verdict[i] = 'no queue'
    else
      verdict[i] = 'done'
      if action == 'cancel' then cancelling[jid] = true end
    end
    seen[jid] = true
    queues[i] = f[2]
  end
  -- A job held back by a dependent may hold back the jobs it depends on: repeat until stable.
  local changed = action == 'cancel'
  while changed do
    changed = false
    for i, jid in ipairs(entries) do
      if verdict[i] == 'done' and Qless.dependent_outside(jid, cancelling) then
        verdict[i] = 'has dependents'
        cancelling[jid] = nil
        changed = true
      end
    end
  end

  local done, skipped, cancelled = 0, {}, {}
  local taken = #entries
  for i, jid in ipairs(entries) do
    if i > Qless.desk_failed_batch_least and action ~= 'cancel'
        and Qless.desk_micros() - started >= Qless.desk_failed_batch_micros then
      taken = i - 1
      break
    end
    if verdict[i] ~= 'has dependents' and verdict[i] ~= 'no queue' then
      -- Near the tail: LREM from there finds it at once.
      redis.call('lrem', list, -1, jid)
    else
      redis.call('sadd', kept, jid)
      redis.call('expire', kept, 86400)
    end
    if verdict[i] == 'done' then
      done = done + 1
      if action == 'cancel' then
        table.insert(cancelled, jid)
      else
        Qless.desk_requeue(now, jid, target or queues[i], group)
      end
    else
      skipped[verdict[i]] = skipped[verdict[i]] or {}
      table.insert(skipped[verdict[i]], jid)
    end
  end
  if #cancelled > 0 then Qless.cancel(now, cancelled, group) end
  if redis.call('llen', list) == 0 then redis.call('srem', 'ql:failures', group) end

  local reply = cjson.encode({ taken = taken, done = done, skipped = skipped, unkept = unkept })
  redis.call('set', receipt, reply, 'EX', 86400)
  return reply
end
