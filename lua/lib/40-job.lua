-- SPDX-License-Identifier: GPL-3.0-or-later
-- Jobs: the hash ql:j:<jid> and its -dependencies / -dependents sets, read as the job object
-- every reply carries.

function Qless.job_exists(jid)
  return redis.call('exists', Qless.job_key(jid)) == 1
end

-- A number field as a number, kept as its text when it is not one (shown, never computed with).
function Qless.number_or_raw(text)
  if text == nil or text == false then return nil end
  return Qless.number(text) or text
end

-- The job object without its history, or nil when there is no such job. With `damaged` (the
-- console's face, Qless.face_job_object) a hash without its `jid` field is still read, and a
-- -dependents/-dependencies key of the wrong type reads as empty with what is wrong put in
-- `damaged`, instead of failing the script.
function Qless.job_object_fields(jid, damaged)
  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'jid', 'klass', 'state', 'queue', 'worker', 'priority',
    'expires', 'retries', 'remaining', 'data', 'tags', 'failure', 'spawned_from_jid')
  if not f[1] and not damaged then return nil end
  local function members(part)
    if damaged and not Qless.key_readable(key .. '-' .. part, 'set', damaged, part) then return {} end
    return redis.call('smembers', key .. '-' .. part)
  end
  local remaining = Qless.number(f[9])
  if remaining then remaining = math.floor(remaining) else remaining = Qless.number_or_raw(f[9]) end
  return {
    jid = f[1],
    klass = f[2],
    state = f[3],
    queue = f[4],
    worker = f[5] or '',
    tracked = Qless.is_tracked(jid),
    priority = Qless.number_or_raw(f[6]),
    expires = Qless.number(f[7]) or 0,
    retries = Qless.number_or_raw(f[8]),
    remaining = remaining,
    data = f[10],
    tags = Qless.decode_or_raw(f[11], {}),
    failure = Qless.decode_or_raw(f[12] or '{}', {}),
    spawned_from_jid = f[13],
    dependents = members('dependents'),
    dependencies = members('dependencies'),
  }
end

-- The job object, or nil when there is no such job. `read_only`: see Qless.history_texts.
function Qless.job_object(jid, read_only)
  local object = Qless.job_object_fields(jid)
  if object then object.history = Qless.history_read(jid, read_only) end
  return object
end

-- Job objects for a list of jids (those that exist).
function Qless.job_objects(jids, read_only)
  local objects = {}
  for _, jid in ipairs(jids) do
    local object = Qless.job_object(jid, read_only)
    if object then table.insert(objects, object) end
  end
  return objects
end

function Qless.job_tags(jid)
  return Qless.decode_list(redis.call('hget', Qless.job_key(jid), 'tags'))
end

-- The stored failure as a table ({} when absent or unreadable).
function Qless.job_failure(text)
  local failure = Qless.decode(text, {})
  if type(failure) ~= 'table' then return {} end
  return failure
end

-- Forgets a failed job's entry in its group and its day's `failed` count, before the job
-- leaves the failed state (put, cancel). `taken`: the group whose list the caller already took
-- the entry out of (the console's batches take the oldest from its tail).
function Qless.failure_forget(jid, failure_text, queue, taken)
  local failure = Qless.job_failure(failure_text)
  if type(failure.group) ~= 'string' and type(failure.group) ~= 'number' then return end
  local group = tostring(failure.group)
  if taken ~= group then Qless.failure_list_remove(group, jid, Qless.number(failure.when)) end
  redis.call('srem', Qless.desk_kept_key(group), jid)
  if redis.call('llen', 'ql:f:' .. group) == 0 then
    redis.call('srem', 'ql:failures', group)
  end
  local when = Qless.number(failure.when)
  if when and queue and queue ~= '' then
    redis.call('hincrby', Qless.stats_key('stats', when, queue), 'failed', -1)
  end
end

-- A group list up to this long loses `jid` as qless removes it (LREM count 0: every entry of
-- it, reading the whole list, at most about 0.2 ms); a longer one from its nearer end (below).
Qless.failure_list_whole_scan = 10000

-- Takes `jid`'s entry out of ql:f:<group>; `when` is the time of the job's failure. qless's
-- LREM count 0 reads the whole list, 10 to 25 ms in a group of 1,000,000, for every put or
-- cancel of one of its jobs. qless holds a failed job's jid in its group's list once (a fail
-- pushes it at the head, every way out of `failed` takes it out), so a single removal from
-- either end leaves the same list, and from the end nearer to the entry it reads at most half
-- of it (10 to 20 ns an entry). The list is in the order its jobs failed, newest at the head:
-- the job's failure time against that of the entry halfway says which half holds it. Workers'
-- clocks may disagree, or many jobs fail in the same instant: a wrong guess reads further, up
-- to the whole list as qless does, and still finds the entry wherever it is.
function Qless.failure_list_remove(group, jid, when)
  local list = 'ql:f:' .. group
  local length = redis.call('llen', list)
  if length <= Qless.failure_list_whole_scan then
    redis.call('lrem', list, 0, jid)
    return
  end
  local halfway = redis.call('lindex', list, math.floor(length / 2))
  local from = -1 -- from the tail, the older half
  if halfway and halfway ~= jid and when then
    -- The entry halfway names any key: a hash of another type or damaged is read as no time.
    local stored = redis.pcall('hget', Qless.job_key(halfway), 'failure')
    local halfway_when = nil
    if type(stored) == 'string' then halfway_when = Qless.number(Qless.job_failure(stored).when) end
    if halfway_when and when >= halfway_when then from = 1 end
  end
  redis.call('lrem', list, from, jid)
end

-- The jids of ql:f:<group> that desk.failedaction batches left in place (92-desk-failed.lua): a
-- job leaving the group, or failing into it again, is no longer one of them.
function Qless.desk_kept_key(group)
  return 'ql:desk:kept:' .. group
end

-- Records a failure: the job's `failure` field, its group's list, and the day's counts.
function Qless.failure_record(jid, now, queue, group, message, worker, when)
  redis.call('hset', Qless.job_key(jid), 'failure', cjson.encode({
    group = group, message = message, when = when, worker = worker }))
  redis.call('sadd', 'ql:failures', group)
  redis.call('lpush', 'ql:f:' .. group, jid)
  -- Failed again: its new entry is at the head, not among those a desk batch left in place.
  redis.call('srem', Qless.desk_kept_key(group), jid)
  local stats = Qless.stats_key('stats', now, queue)
  redis.call('hincrby', stats, 'failures', 1)
  redis.call('hincrby', stats, 'failed', 1)
end

-- Tag indexes: ql:t:<tag> the jids with the tag, ql:tags how often each tag is used.
function Qless.tag_index_add(jid, tag, now)
  redis.call('zadd', 'ql:t:' .. tag, now, jid)
  redis.call('zincrby', 'ql:tags', 1, tag)
end

function Qless.tag_index_remove(jid, tag)
  redis.call('zrem', 'ql:t:' .. tag, jid)
  redis.call('zincrby', 'ql:tags', -1, tag)
end

-- Deletes a job's hash and history and its entries in the tag indexes.
function Qless.job_delete(jid)
  for _, tag in ipairs(Qless.job_tags(jid)) do Qless.tag_index_remove(jid, tag) end
  redis.call('del', Qless.job_key(jid), Qless.history_key(jid))
end

-- Links `jid` to each dependency that exists and is not complete; returns how many.
function Qless.depend_on(jid, dependencies)
  local count = 0
  for _, dependency in ipairs(dependencies) do
    local state = redis.call('hget', Qless.job_key(dependency), 'state')
    if state and state ~= 'complete' then
      redis.call('sadd', Qless.job_key(dependency) .. '-dependents', jid)
      redis.call('sadd', Qless.job_key(jid) .. '-dependencies', dependency)
      count = count + 1
    end
  end
  return count
end

-- The checks complete and retry share: the job exists, runs, and is held by `worker`. `who` and
-- `other_worker_text` keep each command's wording, which clients match.
function Qless.job_check_running(jid, state, holder, worker, who, other_worker_text)
  if not holder then
    Qless.fail_with(who .. '(): Job ' .. jid .. ' does not exist')
  elseif state ~= 'running' then
    Qless.fail_with(who .. '(): Job ' .. jid .. ' is not currently running: ' .. tostring(state))
  elseif holder ~= worker then
    Qless.fail_with(who .. '(): Job ' .. jid .. ' ' .. other_worker_text .. ': ' .. tostring(holder))
  end
end

-- Takes one retry from the job and returns what is left (an unreadable count counts as 0).
function Qless.job_spend_retry(jid)
  local key = Qless.job_key(jid)
  local remaining = Qless.stored_number(redis.call('hget', key, 'remaining'), 0) - 1
  redis.call('hset', key, 'remaining', remaining)
  return remaining
end

-- A job whose last dependency went away: into its queue's work, or scheduled when it was put
-- with a delay (kept in the `scheduled` field until now).
function Qless.job_release(jid, now)
  local key = Qless.job_key(jid)
  local f = redis.call('hmget', key, 'queue', 'priority', 'scheduled')
  local queue = f[1]
  if not queue or queue == '' then return end
  redis.call('zrem', Qless.queue_key(queue, 'depends'), jid)
  local due = Qless.number(f[3])
  if due then
    redis.call('zadd', Qless.queue_key(queue, 'scheduled'), due, jid)
    redis.call('hset', key, 'state', 'scheduled')
    redis.call('hdel', key, 'scheduled')
  else
    Qless.work_add(queue, now, Qless.stored_number(f[2], 0), jid)
    redis.call('hset', key, 'state', 'waiting')
  end
end
