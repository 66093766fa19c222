-- SPDX-License-Identifier: GPL-3.0-or-later
-- A queue's Waiting list in the order workers would take its jobs, without moving any.
--
-- qless's workers (the gem's, qless-py) pop one job at a time, and each pop first moves the
-- earliest due scheduled job into work (put at `now`, scored by its priority) and then takes the
-- best of work (lua/lib/66-pop.lua). So the list is the jobs as that sequence of pops, at `now`,
-- would hand them out: a due job never comes before the place of the pop that moves it. Its
-- first n places depend on the first n due jobs and the n best of work only, so a page costs
-- what its depth costs, not what the number of due jobs does (a paused queue piles them up).

-- The places worked out pop by pop, at most: a page reaching deeper reads this many due jobs'
-- priorities, whatever its offset. Beyond it, when more jobs than this are due, the order is an
-- approximation (below); with fewer due it stays exact at any depth.
Qless.desk_waiting_exact = 500

-- An entry of work, or one pop would put there: {jid, score, key}, `key` the jid's first six
-- bytes as a number, so that most ties between equal scores are told apart by one comparison
-- of numbers (a comparison of strings in Lua follows the server's locale, not bytes).
local function entry(jid, score)
  local b1, b2, b3, b4, b5, b6 = jid:byte(1, 6)
  -- Base 257: a byte counts 1 to 256, a jid too short for the place 0 (a prefix sorts first).
  local key = ((((((b1 or -1) + 1) * 257 + (b2 or -1) + 1) * 257 + (b3 or -1) + 1) * 257
    + (b4 or -1) + 1) * 257 + (b5 or -1) + 1) * 257 + (b6 or -1) + 1
  return { jid, score, key }
end

-- Whether `a` comes before `b` as ZREVRANGE orders work: the higher score, and between equal
-- scores the jid whose bytes sort higher.
local function ahead(a, b)
  if a[2] ~= b[2] then return a[2] > b[2] end
  if a[3] ~= b[3] then return a[3] > b[3] end
  return Qless.desk_bytes_before(b[1], a[1])
end

-- A binary heap of {jid, score} entries, the one `ahead` of all at [1].
local function heap_push(heap, entry)
  local i = #heap + 1
  heap[i] = entry
  while i > 1 do
    local parent = math.floor(i / 2)
    if not ahead(heap[i], heap[parent]) then break end
    heap[i], heap[parent] = heap[parent], heap[i]
    i = parent
  end
end

local function heap_pop(heap)
  local top, n = heap[1], #heap
  heap[1] = heap[n]
  heap[n] = nil
  local i = 1
  while true do
    local best, l, r = i, 2 * i, 2 * i + 1
    if l < n and ahead(heap[l], heap[best]) then best = l end
    if r < n and ahead(heap[r], heap[best]) then best = r end
    if best == i then break end
    heap[i], heap[best] = heap[best], heap[i]
    i = best
  end
  return top
end

-- `steps` pops of one job each at `now`, over `due` (the due jids, earliest first, as pop moves
-- them): the jids in the order taken, how many of them came from work (always work's best, in
-- order), and the due jobs moved but not taken, as a heap. A due jid whose job is gone counts as
-- priority 0 (pop would drop it; the list shows it). Costs one HGET per due job moved.
local function pops(work, due, now, steps)
  local top = redis.call('zrevrange', work, 0, steps - 1, 'WITHSCORES')
  local moved, order, w = {}, {}, 1
  local head = top[1] and entry(top[1], tonumber(top[2]))
  for step = 1, steps do
    local jid = due[step]
    if jid then
      local priority = Qless.stored_number(redis.call('hget', Qless.job_key(jid), 'priority'), 0)
      heap_push(moved, entry(jid, priority - now / 10000000000)) -- as Qless.work_add scores it
    end
    if head and (moved[1] == nil or ahead(head, moved[1])) then
      table.insert(order, head[1])
      w = w + 1
      head = top[2 * w - 1] and entry(top[2 * w - 1], tonumber(top[2 * w]))
    elseif moved[1] then
      table.insert(order, heap_pop(moved)[1])
    else
      break
    end
  end
  return order, w - 1, moved
end

-- How many entries of work come before `entry` ({jid, score}, not in work) in ZREVRANGE order:
-- two counts, and a binary search among equal scores (a few calls, each O(log n)).
local function work_rank(work, entry)
  local score = string.format('%.17g', entry[2])
  local lo = redis.call('zcount', work, '(' .. score, '+inf')
  local hi = redis.call('zcount', work, score, '+inf')
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if Qless.desk_bytes_before(entry[1], redis.call('zrevrange', work, mid, mid)[1]) then
      lo = mid + 1
    else
      hi = mid
    end
  end
  return lo
end

-- Places first .. last (1-based) of the merge, in `ahead` order, of work's entries after its
-- `taken` best and the sorted list `moved`; every one of those taken comes before every one
-- moved (a moved job still there after a pop lost to the work entry taken, or came after it).
-- Costs a binary search over `moved` (work_rank each) and one ZREVRANGE of the page's length.
local function merged(work, taken, moved, first, last)
  -- The place of moved[k] in the merge, and how many of `moved` come before place `first`.
  local function place(k) return k + work_rank(work, moved[k]) - taken end
  local lo, hi = 0, #moved
  while lo < hi do
    local mid = math.floor((lo + hi + 1) / 2)
    if place(mid) < first then lo = mid else hi = mid - 1 end
  end
  local from_work = first - 1 - lo
  local rows = redis.call('zrevrange', work, taken + from_work, taken + from_work + last - first,
    'WITHSCORES')
  local page, w, m = {}, 1, lo + 1
  local head = rows[1] and entry(rows[1], tonumber(rows[2]))
  while #page < last - first + 1 do
    if head and (moved[m] == nil or ahead(head, moved[m])) then
      table.insert(page, head[1])
      w = w + 1
      head = rows[2 * w - 1] and entry(rows[2 * w - 1], tonumber(rows[2 * w]))
    elseif moved[m] then
      table.insert(page, moved[m][1])
      m = m + 1
    else
      break
    end
  end
  return page
end

-- `count` jids from `offset` of the Waiting list (above): work's entries and the due scheduled
-- jobs. Places up to desk_waiting_exact are exact. Past them, when more jobs than that are due,
-- the pops are not followed further: what is left of work and of the due jobs already moved
-- comes in work's order, then the due jobs not yet moved, earliest due first. Cost: for a page
-- ending at place n, min(n, desk_waiting_exact) due jobs' priorities and that many of work;
-- deeper, a few ZCOUNTs and ranges of the page's length.
function Qless.desk_waiting_page(queue, now, offset, count)
  if count <= 0 then return {} end
  local work = Qless.queue_key(queue, 'work')
  local scheduled = Qless.queue_key(queue, 'scheduled')
  local last = offset + count
  local steps = math.min(last, Qless.desk_waiting_exact)
  local due = redis.call('zrangebyscore', scheduled, '-inf', now, 'LIMIT', 0, steps)
  if #due == 0 then return redis.call('zrevrange', work, offset, last - 1) end
  local order, taken, heap = pops(work, due, now, steps)
  local page = {}
  for place = offset + 1, math.min(last, #order) do table.insert(page, order[place]) end
  -- The list ended within the pops, or the page did.
  if #order < steps or last <= steps then return page end

  local moved = {}
  for _, entry in ipairs(heap) do table.insert(moved, entry) end
  table.sort(moved, ahead)
  local rest = redis.call('zcard', work) - taken + #moved
  local first = math.max(offset + 1, steps + 1) - steps
  if first <= rest then
    Qless.append(page, merged(work, taken, moved, first, math.min(last - steps, rest)))
  end
  -- The due jobs no pop above moved: the first `steps` of the due ones were.
  local due_total = redis.call('zcount', scheduled, '-inf', now)
  local beyond = math.max(first - rest, 1) -- 1-based among those not moved
  local want = last - steps - rest - beyond + 1
  if want > 0 and steps + beyond <= due_total then
    -- Due jobs are the first due_total of scheduled by rank: a range by rank, not by score with
    -- an offset, which would walk every entry before it.
    Qless.append(page, redis.call('zrange', scheduled, steps + beyond - 1,
      math.min(steps + beyond - 1 + want - 1, due_total - 1)))
  end
  return page
end
