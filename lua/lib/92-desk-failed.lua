-- desk.failedaction: one batch of a bulk action on a failure group, safe to send again.

-- The first job depending on `jid` that is not a key of `cancelling`, or nil: a job may only be
-- cancelled together with everything that still waits for it (qless's cancel refuses otherwise).
function Qless.dependent_outside(jid, cancelling)
  for _, dependent in ipairs(redis.call('smembers', Qless.job_key(jid) .. '-dependents')) do
    if not cancelling[dependent] then return dependent end
  end
  return nil
end

-- Takes the `count` oldest entries of ql:f:<group> after passing over the `skip` oldest, and
-- works through them oldest first: 'retry' puts each job back into the queue it failed in,
-- 'move' into `target`, 'cancel' deletes it (Qless.put and Qless.cancel, as qless's own
-- commands). An entry whose job is gone ("missing"), is no longer failed ("not failed") or
-- repeats a jid ("duplicate") leaves the list; a job others depend on outside this batch's
-- cancellations ("has dependents") and, for retry, a job without a queue ("no queue") stay, and
-- the caller raises `skip` by them. Returns {taken, done, skipped = {reason = [jids]}}, kept as
-- ql:receipt:<key> for a day: a batch whose key has a receipt changes nothing and returns it,
-- so a caller that lost the reply can send it again.
function Qless.desk_failed_batch(now, action, group, count, skip, key, target)
  -- An empty key would share one receipt among unrelated batches (the second replayed as the
  -- first, changing nothing); an empty group names no failure group qless writes.
  for name, value in pairs({ group = group, key = key }) do
    if value == '' then Qless.fail_with('Desk.failedaction(): Arg "' .. name .. '" empty') end
  end
  local receipt = 'ql:receipt:' .. key
  local stored = redis.call('get', receipt)
  if stored then return stored end

  local list = 'ql:f:' .. group
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
  for i, jid in ipairs(entries) do
    if verdict[i] ~= 'has dependents' and verdict[i] ~= 'no queue' then
      -- Near the tail: LREM from there finds it at once.
      redis.call('lrem', list, -1, jid)
    end
    if verdict[i] == 'done' then
      done = done + 1
      if action == 'cancel' then
        table.insert(cancelled, jid)
      else
        Qless.desk_requeue(now, jid, target or queues[i])
      end
    else
      skipped[verdict[i]] = skipped[verdict[i]] or {}
      table.insert(skipped[verdict[i]], jid)
    end
  end
  if #cancelled > 0 then Qless.cancel(now, cancelled) end
  if redis.call('llen', list) == 0 then redis.call('srem', 'ql:failures', group) end

  local reply = cjson.encode({ taken = #entries, done = done, skipped = skipped })
  redis.call('set', receipt, reply, 'EX', 86400)
  return reply
end
