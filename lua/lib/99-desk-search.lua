-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.search: jobs found by what they hold, across every queue and state (issue #16's search
-- across jobs). No index answers "class contains Fetch" or "data holds this order id", so every
-- job key is looked at: a SCAN cursor over the whole keyspace, walked in short steps, each
-- call stopping after a bounded amount of work (below), so Redis is never held for long
-- however many jobs there are. Read to its end (cursor '0'), the
-- walk returns every job that existed from the first call to the last at least once (SCAN's
-- guarantee; a repeat is possible, the caller drops it). A job put meanwhile may or may not be
-- found.
--
-- A call is bounded twice: by the keys the caller allows (`count`) and the text searched
-- (desk_search_bytes), which a test can pin; and by the time it has run (desk_search_micros,
-- Redis's TIME read between steps), since what a key costs depends on the machine, its load and
-- the data: on a busy 2-core machine a job's HMGET took 6 to 20 us where an idle one takes 1.
-- The clock only decides where a call stops, never what a job matches: a walk read to its end
-- finds the same jobs however its calls were cut.

-- Keys asked of SCAN per step (fewer when a call may look at fewer). A call ends only between
-- steps (a SCAN cursor cannot resume in the middle of one), so a step is also what a call may
-- overrun its budget by: about 25 jobs' reads.
Qless.desk_search_step = 25
-- Text searched (failure messages, data) or returned per call before it stops after the step:
-- a job's data may run to megabytes, and a call must not read thousands of those.
Qless.desk_search_bytes = 1024 * 1024
-- Time a call runs before it stops after the step, in microseconds. With the script's own start
-- and the reply, a call then takes about 1.9 ms of the server's CPU (3.3 ms in 999 of 1,000
-- calls, measured with the server's thread schedstat on a loaded 2-core machine): well under the
-- console's 5 ms for any single call. At 2 ms and steps of 50 the tail reached 5 ms.
Qless.desk_search_micros = 1500

-- The states a search may ask for: qless's, as the console lists them (a running job whose lock
-- ran out is stalled; a job qless timed out waits first in line).
Qless.desk_search_states = { waiting = true, running = true, stalled = true, scheduled = true,
  depends = true, failed = true, complete = true }

-- The state the console shows for a job hash's `state` and `expires` at `now` (desk.jobs' lists).
function Qless.desk_shown_state(state, expires, now)
  local lock = Qless.number(expires) or 0
  if state == 'running' and lock > 0 and lock <= now then return 'stalled' end
  if state == 'stalled' then
    if lock <= 0 then return 'waiting' end
    return 'stalled'
  end
  return state
end

-- Whether the JSON list of tags `text` holds `tag` exactly.
local function tags_hold(text, tag)
  -- Most jobs do not carry the tag: a plain look first spares decoding their list, where the
  -- tag's text appears as it is (JSON escapes nothing in letters, digits and -_.:).
  if string.find(tag, '^[%w%-_%.:]+$') and not string.find(text, tag, 1, true) then return false end
  local tags = Qless.decode(text, nil)
  if type(tags) ~= 'table' then return false end
  for _, each in ipairs(tags) do
    if each == tag then return true end
  end
  return false
end

-- The fields one job is read with: those the criteria test or the match returns, in one HMGET
-- (a second call per job would cost more than the bytes of data read for jobs that fail
-- another criterion).
local function fields_for(c)
  local fields = { 'state', 'expires' }
  if c.queue then table.insert(fields, 'queue') end
  if c.klass then table.insert(fields, 'klass') end
  if c.worker then table.insert(fields, 'worker') end
  if c.tag then table.insert(fields, 'tags') end
  if c.group or c.message or c.with_message then table.insert(fields, 'failure') end
  if c.data or c.with_data then table.insert(fields, 'data') end
  return fields
end

-- Tests the job `jid` against the criteria `c`. Returns nil (no match) or its match
-- {jid, state, message, data} (message and data only when asked for with `with`, else ''),
-- and the bytes of text it searched or kept.
local function test_job(now, jid, c, fields)
  local f = redis.pcall('hmget', Qless.job_key(jid), unpack(fields))
  -- Not a hash (a job's -history list, someone else's key), or no job: never a match.
  if type(f) ~= 'table' or f.err or not f[1] then return nil, 0 end
  local got = {}
  for i, name in ipairs(fields) do got[name] = f[i] end
  local state = Qless.desk_shown_state(got.state, got.expires, now)
  if c.state and state ~= c.state then return nil, 0 end
  if c.queue and got.queue ~= c.queue then return nil, 0 end
  if c.worker and got.worker ~= c.worker then return nil, 0 end
  if c.klass and not (got.klass and string.find(string.lower(got.klass), c.klass, 1, true)) then return nil, 0 end
  if c.tag and not (got.tags and tags_hold(got.tags, c.tag)) then return nil, 0 end
  local bytes = 0
  local message = ''
  if got.failure then
    bytes = bytes + #got.failure
    local failure = Qless.decode(got.failure, nil)
    if type(failure) == 'table' then
      if c.group and failure.group ~= c.group then return nil, bytes end
      if type(failure.message) == 'string' then message = failure.message end
    elseif c.group then
      return nil, bytes
    end
  elseif c.group then
    return nil, 0
  end
  if c.message and not string.find(message, c.message, 1, true) then return nil, bytes end
  local data = got.data or ''
  bytes = bytes + #data
  if c.data and not string.find(data, c.data, 1, true) then return nil, bytes end
  if not c.with_message then message = '' end
  if not c.with_data then data = '' end
  return { jid, state, message, data }, bytes + #message + #data
end

-- `text` with the characters SCAN's MATCH would read as a pattern escaped.
local function glob_literal(text)
  return (string.gsub(text, '([%*%?%[%]\\])', '\\%1'))
end

-- One SCAN step from `cursor` over about `count` keys: the next cursor and the job hashes among
-- them whose jid starts with `prefix`. MATCH and TYPE (Redis 6 and later) leave the other keys
-- (history lists, queues) in C; before Redis 6 the TYPE option is refused and every key under
-- the prefix comes back (test_job's HMGET passes over those that are not hashes).
local scan_typed = true
local function scan_step(cursor, count, prefix)
  local pattern = 'ql:j:' .. glob_literal(prefix) .. '*'
  if scan_typed then
    local ok, reply = pcall(redis.call, 'scan', cursor, 'MATCH', pattern, 'COUNT', count, 'TYPE', 'hash')
    if ok then return reply[1], reply[2] end
    scan_typed = false
  end
  local reply = redis.call('scan', cursor, 'MATCH', pattern, 'COUNT', count)
  return reply[1], reply[2]
end

-- Looks at the keys after SCAN cursor `cursor` ('0': the start), a step of desk_search_step at a
-- time, until about `count` keys were looked at or desk_search_bytes of text searched, and
-- returns a Redis array {next cursor ('0': the end), keys looked at (SCAN's COUNT summed: an
-- estimate, as SCAN's own), keys in the database, jid, state, message, data, ...} of the jobs
-- matching every criterion of `c` (see desk.search in lua/qless.lua).
function Qless.desk_search(now, cursor, count, c)
  local fields = fields_for(c)
  local step = math.min(Qless.desk_search_step, count)
  local started = Qless.desk_micros()
  local looked, bytes = 0, 0
  local matches = {}
  repeat
    local keys
    cursor, keys = scan_step(cursor, step, c.jid or '')
    looked = looked + step
    for _, key in ipairs(keys) do
      local match, searched = test_job(now, string.sub(key, 6), c, fields)
      bytes = bytes + searched
      if match then
        for _, part in ipairs(match) do table.insert(matches, part) end
      end
    end
  until cursor == '0' or looked >= count or bytes >= Qless.desk_search_bytes
    or Qless.desk_micros() - started >= Qless.desk_search_micros
  local reply = { cursor, looked, redis.call('dbsize') }
  for _, part in ipairs(matches) do table.insert(reply, part) end
  return reply
end
