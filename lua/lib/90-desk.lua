-- SPDX-License-Identifier: GPL-3.0-or-later
-- What qlessdesk needs beyond qless, behind the desk.* commands of lua/qless.lua: views that
-- change nothing (qless's queues, peek, workers and job listings move due scheduled jobs, spawn
-- recurring ones, prune workers or upgrade 2012 histories as they read), paged lists with their
-- totals, a guarded move, and failure-group batches with receipts. Writes go through the same
-- functions qless's own commands use (Qless.put, Qless.cancel), so nothing is written twice.

-- The server's clock in microseconds (TIME). Calls whose work grows with the data (a search
-- step, a failure-group batch) stop once they have run a while, so that Redis is never held for
-- long: what a job costs depends on the machine, its load and the job, so a count alone cannot
-- bound a call's time.
--
-- A user may be refused TIME (it is in no ACL category of reads: `+@read` lacks it). Such a call
-- still answers, on a clock of its own counted in readings: each reading of the clock is taken
-- as desk_micros_unclocked_step of work done since the one before, so the budgets above stop
-- after a number of readings (a search step's 1.5 ms after fifteen) instead of never.
-- (The chunk runs anew for every call, so the count starts at 0 with each.)
Qless.desk_micros_unclocked_step = 100
local unclocked_micros = 0
function Qless.desk_micros()
  -- Before Redis 5 a script replicated as a whole could not write after reading the clock;
  -- replicated by its effects it may (always so from Redis 7, where this call does nothing).
  if redis.replicate_commands then redis.replicate_commands() end
  local t = redis.pcall('time')
  if type(t) ~= 'table' or t.err or not tonumber(t[1]) then
    unclocked_micros = unclocked_micros + Qless.desk_micros_unclocked_step
    return unclocked_micros
  end
  return tonumber(t[1]) * 1000000 + tonumber(t[2])
end

-- Read-only views ----------------------------------------------------------------------------------

-- One queue's counts as the console shows them, without moving anything: scheduled jobs already
-- due count as waiting (the next pop would move them), and so do jobs qless timed out (they sit
-- in work at +inf). `max_concurrency` is `<queue>-max-concurrency` (0: no limit). A set of the
-- queue's that is not a sorted set counts 0 and is named in `damaged` ({work = 'ql:q:x-work
-- holds a string, not a sorted set'}), so one spoiled queue does not blank every queue's counts.
function Qless.desk_queue_counts(queue, now)
  local damaged = {}
  -- ZCARD, or ZCOUNT with `...`, of the queue's `part` set; 0 when that key cannot be read.
  -- The type is asked only when the count fails (a key of another type): a TYPE before every
  -- count doubled the calls of an Overview over 1,000 queues (issue #14, its longest call).
  local function count(part, ...)
    if damaged[part] then return 0 end
    local key = Qless.queue_key(queue, part)
    local reply
    if select('#', ...) == 0 then
      reply = redis.pcall('zcard', key)
    else
      reply = redis.pcall('zcount', key, ...)
    end
    if type(reply) == 'table' and reply.err then
      if Qless.key_readable(key, 'zset', damaged, part) then damaged[part] = reply.err end
      return 0
    end
    return reply
  end
  local due = count('scheduled', '-inf', now)
  return {
    name = queue,
    waiting = count('work') + due,
    running = count('locks', '(' .. now, '+inf'),
    stalled = count('locks', '-inf', now),
    scheduled = count('scheduled') - due,
    depends = count('depends'),
    recurring = count('recur'),
    paused = Qless.queue_paused(queue),
    max_concurrency = Qless.config_number(queue .. '-max-concurrency', 0),
    damaged = next(damaged) and damaged or nil,
  }
end

function Qless.desk_queues_counts(now)
  local all = {}
  for _, queue in ipairs(redis.call('zrange', 'ql:queues', 0, -1)) do
    table.insert(all, Qless.desk_queue_counts(queue, now))
  end
  return all
end

-- {total, queues}: the counts (desk_queue_counts) of ql:queues entries offset..offset+count-1 in
-- ZRANGE order, and how many queues there are. One page costs count queues, not all of them
-- (issue #14: 1,000 queues in one desk.queues call held Redis for 36 ms).
function Qless.desk_queue_page(now, offset, count)
  local page = {}
  for _, queue in ipairs(redis.call('zrange', 'ql:queues', offset, offset + count - 1)) do
    table.insert(page, Qless.desk_queue_counts(queue, now))
  end
  return { total = redis.call('zcard', 'ql:queues'), queues = page }
end

-- At most this many priorities are looked at by desk_waiting_since: one call per priority in use.
Qless.desk_since_bands = 16

-- Since when the longest-waiting job of `queue` has waited, without reading a job: work's score
-- is priority - when/1e10 (Qless.work_add), so within one (whole-number) priority the earliest
-- `when` has the highest score. The top of each priority band gives that band's earliest; a due
-- scheduled job has waited since it was due. Jobs timed out by hand (score +inf) have no `when`
-- and are left out; so are bands past desk_since_bands and a fractional priority whose `when`
-- cannot be told (it reads later than `now`). False when nothing waits (or nothing can be told).
function Qless.desk_waiting_since(queue, now)
  local work = Qless.queue_key(queue, 'work')
  local earliest = false
  local function saw(when)
    if when <= now and (earliest == false or when < earliest) then earliest = when end
  end
  local upper = '(+inf'
  for _ = 1, Qless.desk_since_bands do
    local top = redis.call('zrevrangebyscore', work, upper, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
    if #top == 0 then break end
    local score = tonumber(top[2])
    local priority = math.ceil(score)
    saw((priority - score) * 10000000000)
    upper = priority - 1 -- the next band down: scores up to priority - 1
  end
  local due = redis.call('zrangebyscore', Qless.queue_key(queue, 'scheduled'), '-inf', now,
    'WITHSCORES', 'LIMIT', 0, 1)
  if #due > 0 then saw(tonumber(due[2])) end
  return earliest
end

Qless.desk_states = { waiting = true, running = true, stalled = true, scheduled = true,
  depends = true, recurring = true }

-- {total, jobs}: a page of the jids in `state` of `queue` ('complete': of all queues, newest
-- first) and how many there are in all. States as desk_queue_counts counts them.
function Qless.desk_jobs(now, state, queue, offset, count)
  local last = offset + count - 1
  if state == 'complete' then
    return { total = redis.call('zcard', 'ql:completed'),
      jobs = count > 0 and redis.call('zrevrange', 'ql:completed', offset, last) or {} }
  end
  if not Qless.desk_states[state] then
    Qless.fail_with('Desk.jobs(): Arg "state" must be one of waiting, running, stalled, ' ..
      'scheduled, depends, recurring, complete: ' .. tostring(state))
  end
  local counts = Qless.desk_queue_counts(queue, now)
  -- A list whose set is not a sorted set cannot be paged: said plainly, naming the key.
  local parts = { waiting = { 'work', 'scheduled' }, running = { 'locks' }, stalled = { 'locks' },
    scheduled = { 'scheduled' }, depends = { 'depends' }, recurring = { 'recur' } }
  for _, part in ipairs(parts[state]) do
    if counts.damaged and counts.damaged[part] then
      Qless.fail_with('Desk.jobs(): cannot list ' .. state .. ' jobs of ' .. queue .. ': ' .. counts.damaged[part])
    end
  end
  local total = counts[state]
  local jobs = {}
  if count <= 0 then return { total = total, jobs = jobs } end
  local locks = Qless.queue_key(queue, 'locks')
  if state == 'waiting' then
    jobs = Qless.desk_waiting_page(queue, now, offset, count)
  elseif state == 'running' then
    jobs = redis.call('zrangebyscore', locks, '(' .. now, '+inf', 'LIMIT', offset, count)
  elseif state == 'stalled' then
    jobs = redis.call('zrangebyscore', locks, '-inf', now, 'LIMIT', offset, count)
  elseif state == 'scheduled' then
    jobs = redis.call('zrangebyscore', Qless.queue_key(queue, 'scheduled'), '(' .. now, '+inf',
      'LIMIT', offset, count)
  elseif state == 'depends' then
    jobs = redis.call('zrange', Qless.queue_key(queue, 'depends'), offset, last)
  else
    jobs = redis.call('zrange', Qless.queue_key(queue, 'recur'), offset, last)
  end
  return { total = total, jobs = jobs }
end

-- The jids the next `count` pops of one job each would hand out (stalled first, then the
-- Waiting list's order, lua/lib/91-desk-waiting.lua), without pop's housekeeping: no scheduled
-- job moved, no recurring job spawned (those spawn when popped).
function Qless.desk_peek(now, queue, count)
  local jids = {}
  if count > 0 then
    jids = redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '-inf', now,
      'LIMIT', 0, count)
  end
  return Qless.append(jids, Qless.desk_waiting_page(queue, now, 0, count - #jids))
end

-- [{name, jobs, stalled, last}] most recently seen first, leaving out (not pruning) workers not
-- seen for max-worker-age; `last` is when the worker was last seen. A lock expiring exactly at
-- `now` counts as stalled only (qless's workers counts it in both).
function Qless.desk_workers(now)
  local oldest = now - Qless.config_number('max-worker-age', 86400)
  local all = {}
  local damaged = {}
  if not Qless.key_readable('ql:workers', 'zset', damaged, 'workers') then
    Qless.fail_with('Desk.workers(): cannot list workers: ' .. damaged.workers)
  end
  local seen = redis.call('zrevrangebyscore', 'ql:workers', '+inf', '(' .. oldest, 'WITHSCORES')
  for i = 1, #seen, 2 do
    local key = Qless.worker_key(seen[i])
    table.insert(all, {
      name = seen[i],
      jobs = redis.call('zcount', key, '(' .. now, '+inf'),
      stalled = redis.call('zcount', key, '-inf', now),
      last = Qless.number(seen[i + 1]),
    })
  end
  return all
end

-- Whether worker name `a` sorts before `b` as a sorted set orders equal scores: byte by byte
-- (Lua's own `<` follows the server's locale).
function Qless.desk_bytes_before(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
  end
  return #a < #b
end

-- The rank in ql:workers of the first worker after (score `since`, name `after`) in the set's
-- own order. `after` still there at that score: its rank + 1; otherwise (it heartbeated or was
-- forgotten meanwhile) a binary search among the workers at that score, a few calls each O(log n).
function Qless.desk_worker_rank_after(since, after)
  local score = redis.call('zscore', 'ql:workers', after)
  if score and Qless.number(score) == Qless.number(since) then
    return redis.call('zrank', 'ql:workers', after) + 1
  end
  local lo = redis.call('zcount', 'ql:workers', '-inf', '(' .. since)
  local hi = redis.call('zcount', 'ql:workers', '-inf', since)
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    local name = redis.call('zrange', 'ql:workers', mid, mid)[1]
    if Qless.desk_bytes_before(after, name) then hi = mid else lo = mid + 1 end
  end
  return lo
end

-- {total, workers: [{name, jobs, stalled, last}], next}: at most `count` of the workers seen
-- within max-worker-age, least recently seen first, from the one after `next` of the previous
-- page ({since, after}: its last worker's score and name; absent for the first page). Walking
-- upwards no worker present throughout is passed over: a heartbeat only raises a score, so a
-- worker seen meanwhile comes again later (read twice, the caller keeps the later). `next` is
-- absent on the last page. Each page costs O(count + log n), whatever the number of workers.
function Qless.desk_worker_page(now, since, after, count)
  local oldest = now - Qless.config_number('max-worker-age', 86400)
  local damaged = {}
  if not Qless.key_readable('ql:workers', 'zset', damaged, 'workers') then
    Qless.fail_with('Desk.workers(): cannot list workers: ' .. damaged.workers)
  end
  local start = redis.call('zcount', 'ql:workers', '-inf', oldest)
  if since ~= nil and Qless.number(since) > oldest then
    start = Qless.desk_worker_rank_after(since, after)
  end
  local page = { total = redis.call('zcount', 'ql:workers', '(' .. oldest, '+inf'), workers = {} }
  if count <= 0 then return page end
  local seen = redis.call('zrange', 'ql:workers', start, start + count - 1, 'WITHSCORES')
  for i = 1, #seen, 2 do
    local key = Qless.worker_key(seen[i])
    table.insert(page.workers, {
      name = seen[i],
      jobs = redis.call('zcount', key, '(' .. now, '+inf'),
      stalled = redis.call('zcount', key, '-inf', now),
      last = Qless.number(seen[i + 1]),
    })
  end
  if #seen == 2 * count then page.next = { since = seen[#seen], after = seen[#seen - 1] } end
  return page
end

-- One worker's {jobs, stalled} jids, soonest expiry first, split at `now` as desk_workers does,
-- with how many there are of each ({jobs_total, stalled_total}). With `count`, only the entries
-- [offset, offset + count) of the list stalled-then-running: the worker's set by score is
-- exactly that list (stalled expire at or before `now`), so a page is one ZRANGE by rank, O(log n
-- + count) however many locks the worker holds (100k is possible). Without: all of them.
function Qless.desk_worker_jobs(now, worker, offset, count)
  local key = Qless.worker_key(worker)
  local stalled_total = redis.call('zcount', key, '-inf', now)
  local page = {
    jobs = {}, stalled = {}, stalled_total = stalled_total,
    jobs_total = redis.call('zcard', key) - stalled_total,
  }
  offset = offset or 0
  if count ~= nil and count <= 0 then return page end
  local last = count and (offset + count - 1) or -1
  for rank, jid in ipairs(redis.call('zrange', key, offset, last)) do
    table.insert(offset + rank <= stalled_total and page.stalled or page.jobs, jid)
  end
  return page
end

-- {total, jobs}: a page of failure group `group`, newest first, as job objects (with `time` and
-- `due`, Qless.face_job_object) or what `read` makes of each jid (Qless.desk_summary: row
-- summaries); a jid whose job is gone shows as {jid, state = 'missing'}.
function Qless.desk_failed_page(group, start, limit, read)
  local page = Qless.failed(group, start, limit)
  local jobs = {}
  if limit <= 0 then page.jobs = {} end
  for _, jid in ipairs(page.jobs) do
    table.insert(jobs, Qless.desk_job_or_damage(read or Qless.face_job_object, jid) or { jid = jid, state = 'missing' })
  end
  return { total = page.total, jobs = jobs }
end

-- read(jid, ...), or, when reading the job raises (a key of the wrong type: WRONGTYPE would end
-- the whole script, and one spoiled job would blank a page), the job marked as the face's
-- objects mark damage: {jid, unreadable = {job = reason}}.
function Qless.desk_job_or_damage(read, jid, ...)
  local ok, object = pcall(read, jid, ...)
  if ok then return object end
  local reason = type(object) == 'table' and (object.err or cjson.encode(object)) or tostring(object)
  return { jid = jid, unreadable = { job = reason } }
end

-- {total, jobs: [job objects], expired: [jids whose job is gone]} for the tracked jids
-- [offset, offset + count) (ql:tracked's order) of `total`, as Qless.tracked_listing reads them
-- but in place (a 2012 history shown as the upgrade would write it, not moved), a job that
-- cannot be read among the jobs, marked. Each job is read by `read(jid)` (nil: gone), whole
-- by default; reading whole jobs is costly: the caller bounds count.
function Qless.desk_tracked(offset, count, read)
  read = read or function(jid) return Qless.job_object(jid, true) end
  local listing = { jobs = {}, expired = {} }
  if count > 0 then
    listing = Qless.tracked_listing(function(jid)
      return Qless.desk_job_or_damage(read, jid)
    end, offset, offset + count - 1)
  end
  listing.total = redis.call('zcard', 'ql:tracked')
  return listing
end

-- {total, counted, states = {state = n}, expired = n}: how the first `limit` tracked jobs
-- (ql:tracked's order) stand, for a summary that must not read every job whole: one HMGET
-- each. States as the console shows them: a running job whose lock ran out is 'stalled' (qless
-- lists it so), one qless timed out (stalled, no lock) 'timed out', a key that is not a hash or
-- a hash without a state 'unreadable'; `expired` counts tracked jids whose job is gone.
function Qless.desk_tracked_states(now, limit)
  local states, expired = {}, 0
  local jids = {}
  if limit > 0 then jids = redis.call('zrange', 'ql:tracked', 0, limit - 1) end
  for _, jid in ipairs(jids) do
    local key = Qless.job_key(jid)
    local f = redis.pcall('hmget', key, 'state', 'expires')
    local state
    if f.err or (not f[1] and redis.call('exists', key) == 1) then
      state = 'unreadable'
    elseif f[1] then
      state = f[1]
      local expires = Qless.number(f[2]) or 0
      if state == 'running' and expires > 0 and expires <= now then
        state = 'stalled'
      elseif state == 'stalled' and expires <= 0 then
        state = 'timed out'
      end
    else
      expired = expired + 1
    end
    if state then states[state] = (states[state] or 0) + 1 end
  end
  return { total = redis.call('zcard', 'ql:tracked'), counted = #jids, states = states, expired = expired }
end

-- [{tag, count}] most used first, tags on at least one job (qless's `tag top` leaves out those
-- on a single job and gives no counts).
function Qless.desk_tags(offset, count)
  local top = {}
  if count <= 0 then return top end
  local flat = redis.call('zrevrangebyscore', 'ql:tags', '+inf', 1, 'WITHSCORES',
    'LIMIT', offset, count)
  for i = 1, #flat, 2 do table.insert(top, { tag = flat[i], count = Qless.number(flat[i + 1]) }) end
  return top
end

-- Writes ---------------------------------------------------------------------------------------

-- Puts an existing job into `queue` as qless's put would with what the job has: klass, data,
-- priority, tags, retries and unfinished dependencies kept, `remaining` reset, its worker told
-- lock_lost, its failure forgotten and cleared. Returns the new state. `taken`: the failure
-- group whose list the caller already took the job's entry out of (Qless.failure_forget).
function Qless.desk_requeue(now, jid, queue, taken)
  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'klass', 'data', 'priority', 'tags', 'retries')
  local data = f[2]
  if data == false or not pcall(cjson.decode, data) then data = '{}' end
  Qless.put(now, '', queue, { jid, f[1] or '', data, 0,
    'priority', Qless.stored_number(f[3], 0),
    'tags', cjson.encode(Qless.job_tags(jid)),
    'retries', Qless.stored_number(f[5], 5),
    'depends', cjson.encode(redis.call('smembers', key .. '-dependencies')) }, taken)
  -- qless's put keeps the old failure on the job; a job the console moved out of a failure
  -- group must not still show it.
  redis.call('hset', key, 'failure', '{}')
  return redis.call('hget', key, 'state')
end

-- Whether a job read as {state, queue} was timed out by qless: state stalled and its jid back in
-- its queue's work set. qless counts such a job as waiting and pops it first, and the console
-- lists it under Waiting, so a move guarded by 'waiting' takes it too.
function Qless.desk_timed_out(jid, f)
  return f[1] == 'stalled' and f[2] ~= nil and f[2] ~= false and f[2] ~= ''
    and redis.call('zscore', Qless.queue_key(f[2], 'work'), jid) ~= false
end

-- desk.move: `queue` '' is the queue the job is in now (an operator's retry). With `state` only
-- a job currently in that state moves: a guard for bulk steps that are replayed or raced.
-- Returns the new state, or false when there is no such job or it is not in `state`. `who`
-- names the face in errors.
function Qless.desk_move(now, jid, queue, state, who)
  local f = redis.call('hmget', Qless.job_key(jid), 'state', 'queue')
  if not f[1] then return false end
  if state ~= nil and f[1] ~= state and not (state == 'waiting' and Qless.desk_timed_out(jid, f)) then
    return false
  end
  if queue == '' then
    queue = f[2]
    if not queue or queue == '' then
      Qless.fail_with(who .. '(): ' .. jid .. ' has no queue of its own to go back to')
    end
  end
  return Qless.desk_requeue(now, jid, queue)
end

-- Times `jid` out as qless's timeout does while it runs; false, with nothing changed, when it
-- does not (a bulk step that raced its job's completion is a skip, not an error).
function Qless.desk_timeout(now, jid)
  if redis.call('hget', Qless.job_key(jid), 'state') ~= 'running' then return false end
  Qless.timeout(now, { jid })
  return true
end

-- Forgets, as qless's queue.forget does, those of `names` that hold nothing: no job in any of the
-- queue's sets and no recurring template (qless's forget drops a queue whatever it holds, and
-- its jobs would then be in no list the console shows). Returns the names forgotten.
function Qless.desk_queues_forget(names)
  local forgotten = {}
  for _, name in ipairs(names) do
    local held = Qless.queue_length(name)
    for _, part in ipairs({ 'depends', 'recur' }) do
      held = held + redis.call('zcard', Qless.queue_key(name, part))
    end
    if held == 0 and redis.call('zrem', 'ql:queues', name) == 1 then
      table.insert(forgotten, name)
    end
  end
  return forgotten
end
