-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.scan: every jid of a whole list, in bounded chunks, for a bulk run's "All N jobs in this
-- list". Offset pages over a live list pass over jobs when jobs ahead of the read point leave
-- while as many others arrive; these cursors do not: every job that is in the list from the
-- first call to the last is returned at least once (a few may come twice: the caller drops
-- repeats). A job that joins or leaves meanwhile may or may not be returned. No call reads more
-- than a few chunks, so none holds Redis for long, however large the list.

-- A chunk's size is the caller's `count` (ZSCAN's COUNT hint, or a failure group's entries);
-- a failure group's cursor also looks back over this many entries for its anchor.
Qless.desk_scan_window = 1000
-- How many of the last jids returned from a failure group come back as its cursor's anchors.
Qless.desk_scan_anchors = 16

local function score_of(text)
  if text == 'inf' or text == '+inf' then return math.huge end
  if text == '-inf' then return -math.huge end
  return Qless.stored_number(text, 0)
end

-- One ZSCAN step of `key` from `cursor`: the next cursor ('0': done) and the members whose
-- score `keep` accepts (all when nil).
local function zscan_step(key, cursor, count, keep)
  local reply = redis.call('zscan', key, cursor, 'COUNT', count)
  local jids = {}
  local flat = reply[2]
  for i = 1, #flat, 2 do
    if keep == nil or keep(score_of(flat[i + 1])) then table.insert(jids, flat[i]) end
  end
  return reply[1], jids
end

-- The lists that live in one sorted set: kind -> function(name, now) giving the key, the score
-- test that puts a member in the list (nil: all of them) and the list's count. States as
-- desk.jobs lists them: a lock expired at `now` is stalled; jobs qless timed out sit in work.
local function zset_list(kind, name, now)
  local due = function(score) return score <= now end
  local ahead = function(score) return score > now end
  local counts = function() return Qless.desk_queue_counts(name, now)[kind] end
  if kind == 'running' then return Qless.queue_key(name, 'locks'), ahead, counts end
  if kind == 'stalled' then return Qless.queue_key(name, 'locks'), due, counts end
  if kind == 'scheduled' then return Qless.queue_key(name, 'scheduled'), ahead, counts end
  if kind == 'depends' then return Qless.queue_key(name, 'depends'), nil, counts end
  if kind == 'recurring' then return Qless.queue_key(name, 'recur'), nil, counts end
  local key = nil
  if kind == 'complete' then key = 'ql:completed' end
  if kind == 'tag' then key = 'ql:t:' .. name end
  if kind == 'tracked' then key = 'ql:tracked' end
  if key == nil then return nil end
  return key, nil, function() return redis.call('zcard', key) end
end

-- Waiting jobs live in two sets: work, and scheduled jobs already due (a pop would move them
-- into work). The due ones are scanned first (cursor 's<n>'), then work ('w<n>'): a job moved
-- from scheduled into work while the scan runs is either already returned or still in work
-- when work is scanned.
local function scan_waiting(queue, now, cursor, count)
  local phase, position = 's', '0'
  if cursor ~= nil then phase, position = cursor:sub(1, 1), cursor:sub(2) end
  if phase ~= 's' and phase ~= 'w' then
    Qless.fail_with('Desk.scan(): Arg "cursor" not one this command gave: ' .. cursor)
  end
  local next_position, jids
  if phase == 's' then
    next_position, jids = zscan_step(Qless.queue_key(queue, 'scheduled'), position, count,
      function(score) return score <= now end)
    if next_position == '0' then return { 'w0' }, jids end
    return { 's' .. next_position }, jids
  end
  next_position, jids = zscan_step(Qless.queue_key(queue, 'work'), position, count)
  if next_position == '0' then return {}, jids end
  return { 'w' .. next_position }, jids
end

-- A failure group's list takes new failures at its head (LPUSH) and loses entries anywhere. It
-- is read from the tail, oldest first, where arrivals never shift what is left to read. Entries
-- leaving behind the read point shift it toward the tail, so the cursor carries, beside how many
-- entries from the tail it had read, the last jids it returned (anchors); the next call looks
-- for the oldest of them still there within the window it can have slid into, and reads on from
-- there. Entries that stay keep their order, so every one tail-ward of a found anchor was
-- returned before. When no anchor is found (all gone, or more than a window left behind them),
-- reading starts again at the tail: repeats cost calls, never a job.
local function scan_failed(group, cursor, count)
  local list = 'ql:f:' .. group
  local length = redis.call('llen', list)
  local from = 0 -- entries from the tail to pass over
  local read = tonumber(cursor[1] or '0') or 0
  if read > 0 and length > 0 then
    local top = math.min(read, length) - 1 -- tail index of the newest entry the window holds
    local low = math.max(0, top - Qless.desk_scan_window + 1)
    local window = redis.call('lrange', list, -(top + 1), -(low + 1))
    local anchors = {}
    for i = 2, #cursor do anchors[cursor[i]] = true end
    for i = #window, 1, -1 do -- from the tail side: the oldest anchor still there
      if anchors[window[i]] then
        from = top - (i - 1) + 1
        break
      end
    end
  end
  local page = {}
  if from < length then
    local newest_first = redis.call('lrange', list, -(from + count), -(from + 1))
    for i = #newest_first, 1, -1 do table.insert(page, newest_first[i]) end
  end
  if from + count >= length then return {}, page end
  local next_cursor = { tostring(from + #page) }
  for i = math.max(1, #page - Qless.desk_scan_anchors + 1), #page do
    table.insert(next_cursor, page[i])
  end
  return next_cursor, page
end

-- {cursor, total, jids}: the next chunk of list `kind` (waiting, running, stalled, scheduled,
-- depends, recurring: of queue `name`; complete; tag `name`; tracked; failed: group `name`)
-- after `cursor` (the parts a previous call returned; none to start). An empty cursor means the
-- list was read to its end. `total` is the list's count as this call found it.
function Qless.desk_scan(now, kind, name, count, cursor)
  if kind == 'failed' then
    local next_cursor, jids = scan_failed(name, cursor, count)
    return { next_cursor, redis.call('llen', 'ql:f:' .. name), jids }
  end
  if kind == 'waiting' then
    local next_cursor, jids = scan_waiting(name, now, cursor[1], count)
    return { next_cursor, Qless.desk_queue_counts(name, now).waiting, jids }
  end
  local key, keep, total = zset_list(kind, name, now)
  if key == nil then
    Qless.fail_with('Desk.scan(): Arg "list" must be one of waiting, running, stalled, scheduled, ' ..
      'depends, recurring, complete, tag, tracked, failed: ' .. tostring(kind))
  end
  local position = cursor[1] or '0'
  local next_position, jids = zscan_step(key, position, count, keep)
  local next_cursor = {}
  if next_position ~= '0' then next_cursor = { next_position } end
  return { next_cursor, total(), jids }
end
