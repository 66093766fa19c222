-- SPDX-License-Identifier: GPL-3.0-or-later
-- The unified qless script: EVALSHA <sha> 0 <command> <now> args... , the API current qless
-- clients (the Ruby gem, qless-py) call. Each entry checks its arguments through the library
-- (lua/lib/) and turns the result into the reply those clients expect: JSON text for objects,
-- plain values otherwise.

local Api = {}

-- Argument `i` (1-based, after command and now) of `args`, nil when absent.
local function tail(args, first)
  local rest = {}
  for i = first, #args do rest[#rest + 1] = args[i] end
  return rest
end

-- Bound: one job's hash, its two dependency sets and its whole history (a 2012 history moved); the console sends desk.get
Api['get'] = function(now, a)
  local object = Qless.job_object(Qless.arg('Get', 'jid', a[1]))
  if not object then return nil end
  return cjson.encode(object)
end

-- Bound: every jid given (no cap), each job whole with its whole history; the console sends desk.multiget
Api['multiget'] = function(now, a)
  return cjson.encode(Qless.job_objects(a))
end

-- Bound: one HGET, or without an option the whole of ql:config (a few dozen options)
Api['config.get'] = function(now, a)
  if a[1] == nil then return cjson.encode(Qless.config_all()) end
  return Qless.config_get(a[1])
end

-- Bound: one HSET of ql:config
Api['config.set'] = function(now, a) Qless.config_set(a[1], a[2]) end
-- Bound: one HDEL of ql:config
Api['config.unset'] = function(now, a) Qless.config_unset(a[1]) end

-- Bound: every queue of ql:queues, each moving all its due scheduled jobs (unbounded); the console sends desk.queuepage and desk.queues <queue>
Api['queues'] = function(now, a)
  if a[1] then return cjson.encode(Qless.queue_counts(a[1], now)) end
  return cjson.encode(Qless.queues_counts(now))
end

-- Bound: one job, its dependents released, and the completed jobs past jobs-history(-count) deleted (unbounded when those limits are lowered)
Api['complete'] = function(now, a)
  return Qless.complete(now, a[1], a[2], a[3], a[4], tail(a, 5))
end

-- Bound: with a group: LLEN and an LRANGE of `limit` jids (no cap); without: every group's LLEN (unbounded)
Api['failed'] = function(now, a) return cjson.encode(Qless.failed(a[1], a[2], a[3])) end
-- Bound: one job: a few hash fields, one LPUSH to its group's list, one history entry
Api['fail'] = function(now, a) return Qless.fail(now, a[1], a[2], a[3], a[4], a[5]) end
-- Bound: one range read of `count` jids (no cap); scheduled moves every due scheduled job first
Api['jobs'] = function(now, a) return Qless.jobs(now, a[1], tail(a, 2)) end
-- Bound: one job: its locks and worker entries, one history entry (failed when out of retries: one LPUSH)
Api['retry'] = function(now, a) return Qless.retry(now, a[1], a[2], a[3], a[4], a[5], a[6]) end
-- Bound: one job and the dependencies named (`all`: every one it has)
Api['depends'] = function(now, a) return Qless.depends(now, a[1], a[2], tail(a, 3)) end
-- Bound: one job: a few hash fields and four ZADDs
Api['heartbeat'] = function(now, a) return Qless.heartbeat(now, a[1], a[2], a[3]) end
-- Bound: prunes every worker past max-worker-age, then every worker (or one worker's whole lock lists): unbounded
Api['workers'] = function(now, a) return cjson.encode(Qless.workers(now, a[1])) end
-- Bound: track/untrack: one ZADD/ZREM and a publish; without arguments every tracked job whole (unbounded)
Api['track'] = function(now, a) return cjson.encode(Qless.track(now, a[1], a[2])) end

-- Bound: add/remove: one job and one sorted set per tag given; get/top: one range read of `count` (no cap)
Api['tag'] = function(now, a)
  if a[1] == nil then
    Qless.fail_with('Tag(): Arg "command" must be "add", "remove", "get" or "top"')
  end
  return cjson.encode(Qless.tag(now, a[1], tail(a, 2)))
end

-- Bound: one queue's day: three hashes, about 300 fields
Api['stats'] = function(now, a)
  local queue = Qless.arg('Stats', 'queue', a[1])
  local date = Qless.arg_number('Stats', 'date', a[2])
  return cjson.encode(Qless.queue_stats(queue, date))
end

-- Bound: one job: an HSET and at most one ZADD
Api['priority'] = function(now, a) return Qless.priority(now, a[1], a[2]) end
-- Bound: one job: one history entry
Api['log'] = function(now, a) Qless.log(now, a[1], a[2], a[3]) end

-- Bound: `count` jobs whole (no cap), after reading the queue's stalled locks
Api['peek'] = function(now, a)
  return cjson.encode(Qless.job_objects(Qless.peek(now, a[1], a[2])))
end

-- Bound: `count` jobs (no cap): up to `count` stalled reclaimed, recurring spawned and due scheduled moved, each job whole in the reply
Api['pop'] = function(now, a)
  return cjson.encode(Qless.job_objects(Qless.pop(now, a[1], a[2], a[3])))
end

-- Bound: one SADD per queue named (in slices)
Api['pause'] = function(now, a) Qless.queues_pause(a) end
-- Bound: one SREM per queue named (in slices)
Api['unpause'] = function(now, a) Qless.queues_unpause(a) end
-- Bound: per jid given (no cap): the job, its dependency sets, and a failed job's entry in its group's list (LREM from the nearer end: up to half a list of over 10,000 entries)
Api['cancel'] = function(now, a) return Qless.cancel(now, a) end
-- Bound: per jid given: one job, its locks and worker entries
Api['timeout'] = function(now, a) Qless.timeout(now, a) end

-- put(now, worker, queue, jid, klass, data, delay, [name value]...)
-- Bound: one job: its tags and dependencies; a job leaving a failure group loses its entry as cancel's (up to half a long group list)
Api['put'] = function(now, a) return Qless.put(now, a[1], a[2], tail(a, 3)) end
-- Bound: as put: one existing job
Api['requeue'] = function(now, a) return Qless.requeue(now, a[1], a[2], tail(a, 3)) end
-- Bound: `count` jobs from the group's tail (no cap), each a put
Api['unfail'] = function(now, a) return Qless.unfail(now, a[1], a[2], a[3]) end

-- Bound: one template hash and one ZADD
Api['recur'] = function(now, a)
  return Qless.recur(now, a[1], a[2], a[3], a[4], a[5], tail(a, 6))
end

-- Bound: one template: a hash and a ZREM
Api['unrecur'] = function(now, a) return Qless.unrecur(Qless.arg('Unrecur', 'jid', a[1])) end

-- Bound: one template hash
Api['recur.get'] = function(now, a)
  local object = Qless.recur_object(Qless.arg('Recur', 'jid', a[1]))
  if not object then return nil end
  return cjson.encode(object)
end

-- Bound: one template hash (and two sorted sets when its queue changes)
Api['recur.update'] = function(now, a)
  return Qless.recur_update(now, Qless.arg('Recur', 'jid', a[1]), tail(a, 2))
end

-- Bound: one template hash, the tags given
Api['recur.tag'] = function(now, a)
  return Qless.recur_retag(Qless.arg('Tag', 'jid', a[1]), tail(a, 2), true)
end

-- Bound: one template hash, the tags given
Api['recur.untag'] = function(now, a)
  return Qless.recur_retag(Qless.arg('Untag', 'jid', a[1]), tail(a, 2), false)
end

-- Bound: three ZCARDs
Api['length'] = function(now, a) return Qless.queue_length(Qless.arg('Length', 'queue', a[1])) end
-- Bound: one ZREM per worker named (in slices)
Api['worker.deregister'] = function(now, a) Qless.workers_forget(a) end
-- Bound: one ZREM per queue named (in slices)
Api['queue.forget'] = function(now, a) Qless.queues_forget(a) end

-- qlessdesk's own commands ------------------------------------------------------------------------
-- What the console needs beyond qless, under a prefix no qless command uses (see
-- lua/lib/90-desk.lua). The desk.queues/jobs/peek/workers/failed/tracked/tags views change
-- nothing in Redis. Paged lists reply {total, jobs}.

-- A count or offset argument: a whole number, not negative; `default` when absent.
local function desk_count(who, name, value, default)
  local n = Qless.arg_number(who, name, value, default)
  if n < 0 or n ~= math.floor(n) then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" not a whole number >= 0: ' .. tostring(value))
  end
  return n
end

-- How many items one read call may list: a count over it is refused, not cut, so a caller that
-- asks for more learns it must page (issue #14: no call holds Redis for long at 1M jobs).
local desk_max_count = 1000

-- A `count`/`limit` argument of a paged read: desk_count's, and at most desk_max_count.
local function desk_page_count(who, name, value, default)
  local n = desk_count(who, name, value, default)
  if n > desk_max_count then
    Qless.fail_with(who .. '(): Arg "' .. name .. '" must be 0 to ' .. desk_max_count ..
      ' (page through longer lists): ' .. tostring(value))
  end
  return n
end

-- Lua's empty table encodes as {}; a list reply must read as [] however long it is.
local function desk_list(items)
  if #items == 0 then return '[]' end
  return cjson.encode(items)
end

-- desk.queues [queue]: {name, waiting, running, stalled, scheduled, depends, recurring, paused,
-- max_concurrency} per queue (a list, in order of first sight), or the one queue's.
-- Bound: with a queue: about ten O(log n) counts of that queue; without: every queue of ql:queues (unbounded; the console always names one)
Api['desk.queues'] = function(now, a)
  if a[1] ~= nil then return cjson.encode(Qless.desk_queue_counts(a[1], now)) end
  return desk_list(Qless.desk_queues_counts(now))
end

-- desk.queuepage <offset> <count>: {total, queues: [desk.queues' objects]} for the queues
-- offset..offset+count-1 of ql:queues (count 1 to 200), so a refresh over many queues is
-- several short calls, not one long one (Qless.desk_queue_page).
-- Bound: at most 200 queues, about ten O(log n) counts each, and one ZRANGE
Api['desk.queuepage'] = function(now, a)
  local who = 'Desk.queuepage'
  local offset = desk_count(who, 'offset', a[1])
  local count = desk_count(who, 'count', a[2])
  if count < 1 or count > 200 then
    Qless.fail_with(who .. '(): Arg "count" must be 1 to 200: ' .. tostring(a[2]))
  end
  local page = Qless.desk_queue_page(now, offset, count)
  return '{"total":' .. page.total .. ',"queues":' .. desk_list(page.queues) .. '}'
end

-- desk.waitingsince <queue>...: {queue: seconds since the epoch} for each queue named (1 to 200)
-- that has a job waiting: when its longest-waiting job started waiting (Qless.desk_waiting_since).
-- Bound: at most 200 queues, at most 17 one-entry range reads each
Api['desk.waitingsince'] = function(now, a)
  local who = 'Desk.waitingsince'
  if #a < 1 or #a > 200 then
    Qless.fail_with(who .. '(): Arg "queues" must name 1 to 200 queues, got ' .. #a)
  end
  local since = {}
  for _, queue in ipairs(a) do
    local when = Qless.desk_waiting_since(queue, now)
    if when then since[queue] = when end
  end
  if next(since) == nil then return '{}' end
  return cjson.encode(since)
end

-- desk.statssum <date> <queue>...: {summed, stats} where stats is `stats`' object for the first
-- `summed` of the queues named (1 to desk_statssum_most) on the day of <date>, added up as one
-- (at least one queue a call, fewer than named once the call has run a while: 91-desk-statssum).
-- Bound: at most 100 queues' day (three hashes, about 300 fields each), stopping at 1.5 ms
Api['desk.statssum'] = function(now, a)
  local who = 'Desk.statssum'
  local date = Qless.arg_number(who, 'date', a[1])
  local queues = tail(a, 2)
  if #queues < 1 or #queues > Qless.desk_statssum_most then
    Qless.fail_with(who .. '(): Arg "queues" must name 1 to ' .. Qless.desk_statssum_most
      .. ' queues, got ' .. #queues)
  end
  return cjson.encode(Qless.desk_stats_sum(date, queues))
end

-- desk.jobs complete [offset [count]] | desk.jobs <state> <queue> [offset [count]]; count 0 to 1000.
-- Bound: one queue's counts and at most 1000 jids (waiting: at most 500 due jobs' priorities read)
Api['desk.jobs'] = function(now, a)
  local who = 'Desk.jobs'
  local state = Qless.arg(who, 'state', a[1])
  local queue, first = nil, 2
  if state ~= 'complete' then queue, first = Qless.arg(who, 'queue', a[2]), 3 end
  local page = Qless.desk_jobs(now, state, queue, desk_count(who, 'offset', a[first], 0),
    desk_page_count(who, 'count', a[first + 1], 25))
  -- A Redis array, the total first and then the jids: jids reach the client as the exact bytes
  -- Redis holds (a jid need not be UTF-8, which JSON text could not carry).
  local reply = { page.total }
  for _, jid in ipairs(page.jobs) do reply[#reply + 1] = jid end
  return reply
end

-- desk.get <jid>: the job object (with `time` and `due`, Qless.face_job_object), read without
-- moving a 2012 history as qless's get would; nil when there is no such job.
-- Bound: one job's hash, its two dependency sets and its whole history, read in place
Api['desk.get'] = function(now, a)
  local object = Qless.face_job_object(Qless.arg('Desk.get', 'jid', a[1]))
  if object == nil then return nil end
  return cjson.encode(object)
end

-- One reply per jid of `a`, in order: read(jid) as JSON, or nil for a jid with no job. At most
-- 1000 jids a call, so one call never holds Redis for long.
local function desk_per_jid(who, a, read)
  if #a == 0 then Qless.arg(who, 'jid', nil) end
  if #a > 1000 then Qless.fail_with(who .. '(): at most 1000 jids per call, got ' .. #a) end
  local reply = {}
  for i, jid in ipairs(a) do
    local object = read(jid)
    reply[i] = object and cjson.encode(object) or false
  end
  return reply
end

-- desk.multiget <jid> [jid...]: the job objects, as desk.get's.
-- Bound: at most 1000 jobs whole, each with its whole history (the console sends 16)
Api['desk.multiget'] = function(now, a)
  return desk_per_jid('Desk.multiget', a, Qless.face_job_object)
end

-- desk.states <jid> [jid...]: what a job's state is (Qless.desk_job_state), nil for a jid with
-- no job: a fixed few fields a job, at most 1000 jids a call.
-- Bound: at most 1000 jobs, one HMGET each
Api['desk.states'] = function(now, a)
  return desk_per_jid('Desk.states', a, Qless.desk_job_state)
end

-- desk.summaries <jid> [jid...]: what a list row shows of each job (Qless.desk_summary:
-- desk.get's object without data, dependents and all but a few history entries, the failure
-- message's first line).
-- Bound: at most 1000 jobs, each read at most 1000 history entries and 4 KB of data (the console sends 16)
Api['desk.summaries'] = function(now, a)
  return desk_per_jid('Desk.summaries', a, Qless.desk_summary)
end

-- desk.peek <queue> [count]: job objects, as the next pop of `count` (0 to 1000) would hand them out.
-- Bound: at most 1000 jobs whole, and at most 500 due jobs' priorities
Api['desk.peek'] = function(now, a)
  local queue = Qless.arg('Desk.peek', 'queue', a[1])
  local count = desk_page_count('Desk.peek', 'count', a[2], 25)
  return desk_list(Qless.job_objects(Qless.desk_peek(now, queue, count), true))
end

-- desk.workers [worker [offset [count]]]: [{name, jobs, stalled, last}], or a page (count 0 to
-- 1000, default 1000) of one worker's jids, stalled first, as {jobs, stalled, jobs_total,
-- stalled_total} (Qless.desk_worker_jobs).
-- Bound: with a worker: at most 1000 of its jids, O(log n + count); without: every worker (unbounded)
Api['desk.workers'] = function(now, a)
  if a[1] ~= nil then
    local who = 'Desk.workers'
    local jobs = Qless.desk_worker_jobs(now, a[1], desk_count(who, 'offset', a[2], 0),
      desk_page_count(who, 'count', a[3], desk_max_count))
    return '{"jobs":' .. desk_list(jobs.jobs) .. ',"stalled":' .. desk_list(jobs.stalled) ..
      ',"jobs_total":' .. jobs.jobs_total .. ',"stalled_total":' .. jobs.stalled_total .. '}'
  end
  return desk_list(Qless.desk_workers(now))
end

-- desk.workerpage [count [since after]]: {total, workers: [{name, jobs, stalled, last}], next:
-- {since, after}} least recently seen first, at most `count` (1 to 1000, default 500) a call;
-- the next page from the previous one's `next` (Qless.desk_worker_page).
-- Bound: at most 1000 workers, two ZCOUNTs each, and O(log n) to find the start
Api['desk.workerpage'] = function(now, a)
  local count = desk_count('Desk.workerpage', 'count', a[1], 500)
  if count < 1 or count > 1000 then
    Qless.fail_with('Desk.workerpage(): Arg "count" must be 1 to 1000: ' .. tostring(a[1]))
  end
  local after = nil
  if a[2] ~= nil then
    -- `since` stays the text Redis gave, so the next page starts exactly at that score.
    Qless.arg_number('Desk.workerpage', 'since', a[2])
    after = Qless.arg('Desk.workerpage', 'after', a[3])
  end
  local page = Qless.desk_worker_page(now, a[2], after, count)
  local next = page.next and (',"next":' .. cjson.encode(page.next)) or ''
  return '{"total":' .. page.total .. ',"workers":' .. desk_list(page.workers) .. next .. '}'
end

-- desk.failed [group [start [limit [summaries]]]]: {total, groups: [{name, count, newest | later}],
-- cursor} (about 250 groups at most, the newest failures of those the call's clock allows,
-- lua/lib/92-desk-failuregroups.lua), or one group's {total, jobs: [job objects]} (limit 0 to
-- 1000); with `summaries` the jobs are row summaries (Qless.desk_summary), as desk.summaries
-- gives them.
local function desk_failure_groups(cursor, newest)
  local listing = Qless.desk_failure_groups(cursor, newest)
  return '{"total":' .. listing.total .. ',"groups":' .. desk_list(listing.groups) ..
    ',"cursor":' .. cjson.encode(listing.cursor) .. '}'
end

-- Bound: no group: at most about 250 groups' LLENs and their newest failures until 1 ms; a group: at most 1000 jobs whole or as summaries
Api['desk.failed'] = function(now, a)
  if a[1] == nil then return desk_failure_groups('0', true) end
  if a[4] ~= nil and a[4] ~= 'summaries' then
    Qless.fail_with('Desk.failed(): the fourth argument may only be "summaries", got ' .. tostring(a[4]))
  end
  local page = Qless.desk_failed_page(a[1], desk_count('Desk.failed', 'start', a[2], 0),
    desk_page_count('Desk.failed', 'limit', a[3], 25), a[4] and Qless.desk_summary)
  return '{"total":' .. page.total .. ',"jobs":' .. desk_list(page.jobs) .. '}'
end

-- desk.failuresigs <group> <offset> <count>: of the group's failures [offset, offset + count)
-- counted from the oldest (count 1 to 500), a Redis array {total, jid, when, text, ...}: text is
-- the message's first line and its possible top frames (Qless.desk_failure_sigs), for clustering.
-- Bound: at most 500 failures, one message each, 512 bytes kept of each line
Api['desk.failuresigs'] = function(now, a)
  local who = 'Desk.failuresigs'
  local group = Qless.arg(who, 'group', a[1])
  local offset = desk_count(who, 'offset', a[2])
  local count = desk_count(who, 'count', a[3])
  if count < 1 or count > 500 then
    Qless.fail_with(who .. '(): Arg "count" must be 1 to 500: ' .. tostring(a[3]))
  end
  return Qless.desk_failure_sigs(group, offset, count)
end

-- desk.failuregroups <cursor>: the next step of desk.failed's list of groups when there are too
-- many for one reply (its `cursor`, not '0').
-- Bound: at most about 250 groups' LLENs and their newest failures until 1 ms
Api['desk.failuregroups'] = function(now, a)
  return desk_failure_groups(Qless.arg('Desk.failuregroups', 'cursor', a[1]), true)
end

-- desk.failurecounts <cursor>: desk.failed's list of groups with names and counts only (no
-- newest failure read), from `cursor` ('0': the start): what totals and alerts sum.
-- Bound: at most about 250 groups' LLENs, no failure read
Api['desk.failurecounts'] = function(now, a)
  return desk_failure_groups(Qless.arg('Desk.failurecounts', 'cursor', a[1]), false)
end

-- desk.failurenewest <group>...: {groups: [{name, newest}]} for the first of the groups (1 to
-- 1000, those desk.failed marked `later`), as many as one call's clock allows; ask again for
-- the rest.
-- Bound: at most 1000 groups named, their newest failures read until 1 ms (at least one)
Api['desk.failurenewest'] = function(now, a)
  local who = 'Desk.failurenewest'
  Qless.arg(who, 'group', a[1])
  if #a > desk_max_count then
    Qless.fail_with(who .. '(): at most ' .. desk_max_count .. ' groups a call, got ' .. #a)
  end
  return '{"groups":' .. desk_list(Qless.desk_failure_newest(a)) .. '}'
end

-- desk.tracked [offset [count [summaries]]]: {total, jobs: [job objects], expired: [jids]} of
-- the tracked jids [offset, offset + count) (count 0 to 1000, default 1000); a job that cannot
-- be read is marked (Qless.desk_tracked). With `summaries` the jobs are row summaries
-- (Qless.desk_summary), as desk.summaries gives them.
-- Bound: at most 1000 tracked jobs, whole or as summaries
Api['desk.tracked'] = function(now, a)
  if a[3] ~= nil and a[3] ~= 'summaries' then
    Qless.fail_with('Desk.tracked(): the third argument may only be "summaries", got ' .. tostring(a[3]))
  end
  local listing = Qless.desk_tracked(desk_count('Desk.tracked', 'offset', a[1], 0),
    desk_page_count('Desk.tracked', 'count', a[2], desk_max_count), a[3] and Qless.desk_summary)
  return '{"total":' .. listing.total .. ',"jobs":' .. desk_list(listing.jobs) ..
    ',"expired":' .. desk_list(listing.expired) .. '}'
end

-- desk.trackedstates [limit]: {total, counted, states: {state: n}, expired} for the first
-- `limit` (0 to 5000, default 1000) tracked jobs, one HMGET each (Qless.desk_tracked_states).
-- Bound: at most 5000 tracked jobs, one HMGET each
Api['desk.trackedstates'] = function(now, a)
  local limit = desk_count('Desk.trackedstates', 'limit', a[1], 1000)
  if limit > 5000 then
    Qless.fail_with('Desk.trackedstates(): Arg "limit" must be 0 to 5000: ' .. tostring(a[1]))
  end
  local summary = Qless.desk_tracked_states(now, limit)
  local states = next(summary.states) and cjson.encode(summary.states) or '{}'
  return '{"total":' .. summary.total .. ',"counted":' .. summary.counted .. ',"states":' .. states ..
    ',"expired":' .. summary.expired .. '}'
end

-- desk.tags [offset [count]]: [{tag, count}] most used first; count 0 to 1000.
-- Bound: at most 1000 tags, one range read
Api['desk.tags'] = function(now, a)
  return desk_list(Qless.desk_tags(desk_count('Desk.tags', 'offset', a[1], 0),
    desk_page_count('Desk.tags', 'count', a[2], 25)))
end

-- desk.scan <list> <name> <count> [cursor...]: the next chunk of a whole list for a bulk run,
-- {cursor (empty: the end), total, jids} (lua/lib/98-desk-scan.lua). `name`: the queue, tag
-- or group ('' for complete and tracked); `count` 1 to 1000.
-- Bound: at most 1000 jids a chunk, a few chunks' entries looked at
Api['desk.scan'] = function(now, a)
  local who = 'Desk.scan'
  local list = Qless.arg(who, 'list', a[1])
  local name = Qless.arg(who, 'name', a[2])
  local count = desk_count(who, 'count', a[3])
  if count < 1 or count > 1000 then
    Qless.fail_with(who .. '(): Arg "count" must be 1 to 1000: ' .. tostring(a[3]))
  end
  return Qless.desk_scan(now, list, name, count, tail(a, 4))
end

-- desk.completed <count> [queue Q] [klass K] [after <score> <jid>]: up to `count` (1 to 1000)
-- completed jobs that completed in queue Q and whose class contains K (any case), newest first, looking at
-- at most 1000 entries of ql:completed a call (lib/97-desk-completed.lua); [cursor, total, jids].
-- Bound: at most 1000 entries of ql:completed looked at, 1000 history entries read
Api['desk.completed'] = function(now, a)
  local who = 'Desk.completed'
  local count = desk_count(who, 'count', a[1])
  if count < 1 or count > 1000 then
    Qless.fail_with(who .. '(): Arg "count" must be 1 to 1000: ' .. tostring(a[1]))
  end
  local queue, klass, cursor = nil, nil, nil
  local i = 2
  while a[i] ~= nil do
    if a[i] == 'queue' then queue, i = Qless.arg(who, 'queue', a[i + 1]), i + 2
    elseif a[i] == 'klass' then klass, i = Qless.arg(who, 'klass', a[i + 1]), i + 2
    elseif a[i] == 'after' then
      cursor, i = { Qless.arg(who, 'after', a[i + 1]), Qless.arg(who, 'after', a[i + 2]) }, i + 3
    else
      Qless.fail_with(who .. '(): Arg not queue, klass or after: ' .. tostring(a[i]))
    end
  end
  return Qless.desk_completed(count, queue, klass, cursor)
end

-- desk.search <cursor> <count> [criterion value]... [with message|data]...: the next step of a
-- search across every job (lib/99-desk-search.lua): {cursor, looked, keys, jid, state, message,
-- data, ...}. Criteria: jid (prefix), tag, klass (contained, any case), queue, worker, state,
-- group, message, data (contained, exact). `count` 1 to 10000 keys looked at.
-- Bound: at most 10000 keys scanned, stopping at 1.5 ms or 1 MB read
Api['desk.search'] = function(now, a)
  local who = 'Desk.search'
  local cursor = Qless.arg(who, 'cursor', a[1])
  if not string.find(cursor, '^%d+$') then Qless.fail_with(who .. '(): Arg "cursor" not a SCAN cursor: ' .. cursor) end
  local count = desk_count(who, 'count', a[2])
  if count < 1 or count > 10000 then
    Qless.fail_with(who .. '(): Arg "count" must be 1 to 10000: ' .. tostring(a[2]))
  end
  local c = {}
  local names = { jid = true, tag = true, klass = true, queue = true, worker = true, state = true, group = true,
    message = true, data = true }
  local i = 3
  while a[i] ~= nil do
    local name, value = a[i], Qless.arg(who, a[i], a[i + 1])
    if name == 'with' and (value == 'message' or value == 'data') then
      c['with_' .. value] = true
    elseif names[name] and value ~= '' then
      c[name] = value
    else
      Qless.fail_with(who .. '(): Arg not a criterion (jid, tag, klass, queue, worker, state, group, ' ..
        'message, data) with a value, nor "with message|data": ' .. name)
    end
    i = i + 2
  end
  if c.state and not Qless.desk_search_states[c.state] then
    Qless.fail_with(who .. '(): Arg "state" not waiting, running, stalled, scheduled, depends, failed or complete: ' ..
      c.state)
  end
  if c.klass then c.klass = string.lower(c.klass) end
  return Qless.desk_search(now, cursor, count, c)
end

-- desk.permissions: what this Redis user may not do of what qless's scripts need (ACL), answered,
-- never raised: {known, channels: [ql:<channel> it may not publish to], writes and reads:
-- [COMMAND it may not run on ql: keys]} (Qless.desk_permissions; known false before Redis 7.0).
-- Bound: a fixed few dozen ACL checks, whatever the data
Api['desk.permissions'] = function(now, a)
  local p = Qless.desk_permissions()
  if not p.known then return '{"known":false}' end
  return '{"known":true,"channels":' .. desk_list(p.channels) .. ',"writes":' .. desk_list(p.writes) ..
    ',"reads":' .. desk_list(p.reads) .. '}'
end

-- desk.move <jid> <queue> [state]: the job's new state, or false.
-- Bound: one job, put again (its failure-group entry removed: up to half a long group list)
Api['desk.move'] = function(now, a)
  local jid = Qless.arg('Desk.move', 'jid', a[1])
  local queue = Qless.arg('Desk.move', 'queue', a[2])
  return Qless.desk_move(now, jid, queue, a[3], 'Desk.move')
end

-- desk.failedaction <retry|move|cancel> <group> <count> <skip> <key> [queue] [after <key>]: the
-- receipt (JSON). `queue` for move only; `after`: the batch sent just before, still unanswered.
-- Bound: at most `count` jobs from the group's tail, stopping at 1.5 ms (at least 5)
Api['desk.failedaction'] = function(now, a)
  local who = 'Desk.failedaction'
  local action = Qless.arg(who, 'action', a[1])
  if action ~= 'retry' and action ~= 'move' and action ~= 'cancel' then
    Qless.fail_with(who .. '(): Arg "action" not retry, move or cancel: ' .. action)
  end
  local group = Qless.arg(who, 'group', a[2])
  local count = desk_count(who, 'count', a[3])
  local skip = desk_count(who, 'skip', a[4])
  local key = Qless.arg(who, 'key', a[5])
  local next = 6
  local target = nil
  if action == 'move' then
    target = Qless.arg(who, 'queue', a[6])
    next = 7
  end
  local after = nil
  if a[next] == 'after' then
    after = Qless.arg(who, 'after', a[next + 1])
    next = next + 2
  end
  if a[next] ~= nil then
    if next == 6 then Qless.fail_with(who .. '(): Arg "queue" only for move: ' .. a[next]) end
    Qless.fail_with(who .. '(): unexpected argument: ' .. a[next])
  end
  return Qless.desk_failed_batch(now, action, group, count, skip, key, target, after)
end

-- desk.cancel <jid> [running]: cancelled, gone, complete, running or has dependents (what
-- happened, judged when it runs; see 91-desk-cancel.lua). `running`: a running job may go too.
-- Bound: one job, cancelled as cancel's (its failure-group entry: up to half a long group list)
Api['desk.cancel'] = function(now, a)
  local jid = Qless.arg('Desk.cancel', 'jid', a[1])
  if a[2] ~= nil and a[2] ~= 'running' then
    Qless.fail_with('Desk.cancel(): Arg "running" not running: ' .. a[2])
  end
  if a[3] ~= nil then Qless.fail_with('Desk.cancel(): unexpected argument: ' .. a[3]) end
  return Qless.desk_cancel(now, jid, a[2] == 'running')
end

-- desk.release <run> <n|end> [kept <group>] [key...]: deletes the receipts ql:receipt:<key> of
-- a bulk run (at most desk_release_cap keys, each starting with "<run>:") as its release n, in
-- order, or at its end (with `kept`: also the failure group's set of entries its batches kept);
-- the count of releases the server applied (see 96-desk-once.lua).
-- Bound: at most 500 receipts deleted; at the end with `kept`, the group's kept set (one entry per job its batches kept)
Api['desk.release'] = function(now, a)
  local run = Qless.arg('Desk.release', 'run', a[1])
  local n = Qless.arg('Desk.release', 'n', a[2])
  if n ~= 'end' then
    n = desk_count('Desk.release', 'n', n)
    if n < 1 then Qless.fail_with('Desk.release(): Arg "n" not end or a whole number >= 1: ' .. a[2]) end
  end
  local first, group = 3, nil
  if a[3] == 'kept' then
    if n ~= 'end' then Qless.fail_with('Desk.release(): Arg "kept" only at the end') end
    group = Qless.arg('Desk.release', 'group', a[4])
    first = 5
  end
  return Qless.desk_release(run, n, tail(a, first), group)
end

-- desk.track <jid> | desk.untrack <jid>: true, or false when the job is gone (qless's track
-- fails then); untrack takes the jid out of ql:tracked either way (an expired entry).
-- Bound: one job: an EXISTS, one ZADD and a publish
Api['desk.track'] = function(now, a)
  local jid = Qless.arg('Desk.track', 'jid', a[1])
  if not Qless.job_exists(jid) then return false end
  Qless.track(now, 'track', jid)
  return true
end

-- Bound: one job: an EXISTS, one ZREM and a publish
Api['desk.untrack'] = function(now, a)
  local jid = Qless.arg('Desk.untrack', 'jid', a[1])
  if not Qless.job_exists(jid) then
    redis.call('zrem', 'ql:tracked', jid)
    return false
  end
  Qless.track(now, 'untrack', jid)
  return true
end

-- desk.tag add|remove <jid> <tag>...: the job's tags afterwards (JSON list), or false when
-- there is no such job.
-- Bound: one job and one sorted set per tag given
Api['desk.tag'] = function(now, a)
  local command = Qless.arg('Desk.tag', 'command', a[1])
  if command ~= 'add' and command ~= 'remove' then
    Qless.fail_with('Desk.tag(): Arg "command" must be "add" or "remove": ' .. command)
  end
  local jid = Qless.arg('Desk.tag', 'jid', a[2])
  Qless.arg('Desk.tag', 'tag', a[3])
  if not Qless.job_exists(jid) then return false end
  return desk_list(Qless.tag(now, command, tail(a, 2)))
end

-- desk.priority <jid> <priority>: the priority, or false when there is no such job.
-- Bound: one job: an HSET and at most one ZADD
Api['desk.priority'] = function(now, a)
  local jid = Qless.arg('Desk.priority', 'jid', a[1])
  local priority = Qless.arg_number('Desk.priority', 'priority', a[2])
  if not Qless.job_exists(jid) then return false end
  return Qless.priority(now, jid, priority)
end

-- desk.depends.off <jid> (all | <jid>...): true, or false when the job is not in the depends
-- state (qless's depends fails then).
-- Bound: one job and the dependencies named (`all`: every one it has)
Api['desk.depends.off'] = function(now, a)
  local jid = Qless.arg('Desk.depends.off', 'jid', a[1])
  Qless.arg('Desk.depends.off', 'dependency', a[2])
  if redis.call('hget', Qless.job_key(jid), 'state') ~= 'depends' then return false end
  return Qless.depends(now, jid, 'off', tail(a, 2))
end

-- desk.recur.get <jid>: recur.get's object plus `next` (when it spawns next), or nil.
-- Bound: one template hash and one ZSCORE
Api['desk.recur.get'] = function(now, a)
  local object = Qless.recur_object(Qless.arg('Desk.recur.get', 'jid', a[1]))
  if not object then return nil end
  if object.queue then
    object.next = Qless.number(redis.call('zscore', Qless.queue_key(object.queue, 'recur'), object.jid))
  end
  return cjson.encode(object)
end

-- desk.recur.update <jid> [name value]...: true, or false when there is no such template.
-- Bound: one template hash (and two sorted sets when its queue changes)
Api['desk.recur.update'] = function(now, a)
  local jid = Qless.arg('Desk.recur.update', 'jid', a[1])
  if redis.call('exists', Qless.recur_key(jid)) == 0 then return false end
  return Qless.recur_update(now, jid, tail(a, 2))
end

-- desk.timeout <jid>: true when the running job was timed out (as qless's timeout), false when it
-- was not running.
-- Bound: one running job: its locks and worker entries
Api['desk.timeout'] = function(now, a)
  return Qless.desk_timeout(now, Qless.arg('Desk.timeout', 'jid', a[1]))
end

-- desk.queue.forget <queue>...: the queues forgotten (those that held nothing), a Redis array.
-- Bound: per queue named, five ZCARDs and a ZREM
Api['desk.queue.forget'] = function(now, a)
  Qless.arg('Desk.queue.forget', 'queue', a[1])
  return Qless.desk_queues_forget(a)
end

-- desk.unrecur <jid>: how many templates were removed (0 or 1).
-- Bound: one template: a hash and a ZREM
Api['desk.unrecur'] = function(now, a)
  local jid = Qless.arg('Desk.unrecur', 'jid', a[1])
  if redis.call('exists', Qless.recur_key(jid)) == 0 then return 0 end
  Qless.unrecur(jid)
  return 1
end

-- desk.once <key> <command> [args...]: <command> (any of the above but desk.once) run once for
-- <key>: its reply, kept a day as ql:receipt:<key>; sent again with the same key, the kept reply
-- and nothing changed. For the per-job steps of a bulk run, whose reply may be lost.
-- Bound: one GET and one SET of the receipt, plus the bound of the command it runs
Api['desk.once'] = function(now, a)
  local key = Qless.arg('Desk.once', 'key', a[1])
  local name = Qless.arg('Desk.once', 'command', a[2])
  local command = Api[name]
  if command == nil or name == 'desk.once' then
    Qless.fail_with('Desk.once(): Arg "command" not a command it can run: ' .. name)
  end
  return Qless.desk_once(key, name, function() return command(now, tail(a, 3)) end)
end

-- Dispatch ----------------------------------------------------------------------------------------
if #KEYS > 0 then Qless.fail_with('No Keys should be provided') end
local command_name = ARGV[1]
if command_name == nil then Qless.fail_with('Must provide a command') end
local command = Api[command_name]
if command == nil then Qless.fail_with('Unknown command ' .. tostring(command_name)) end
local now = Qless.number(ARGV[2])
if now == nil then
  Qless.fail_with('Arg "now" missing or not a number: ' .. tostring(ARGV[2]))
end
local args = tail(ARGV, 3)
Qless.check_permissions(command_name, args)
return command(now, args)
