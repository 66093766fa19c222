-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.failed without a group, desk.failuregroups, desk.failurenewest and desk.failurecounts:
-- the failure groups for the console's lists, each call bounded however many groups there are
-- and however large their failures.

-- At most about this many groups in one reply (one SSCAN step; COUNT is a hint). qless names a
-- group by fail's `group` argument, which may be raw error text: a deployment can hold 100k
-- groups. A group costs its LLEN and its place in the reply: 250 keep a step, newest failures
-- included, well under the 5 ms a call of the console may hold Redis.
Qless.desk_failed_groups_cap = 250

-- The time, in microseconds of the server's clock, after which a call reads no further group's
-- newest failure (the groups left are marked `later`, for desk.failurenewest). Reading one is
-- reading its job's whole failure field, which holds the backtrace (often kilobytes): a step's
-- worth of them would take Redis for far longer than a call may. The first desk_failed_newest_least are
-- read whatever the clock says, so that every call makes headway.
Qless.desk_failed_newest_micros = 1000
Qless.desk_failed_newest_least = 1

-- A key read with `command` (LLEN, LINDEX, HMGET...) without failing the whole reply when the key
-- holds another type: the reply, or nil and the reason.
local function read_key(command, key, ...)
  -- ACL: forwards (the permission check reads `command` where it is called)
  local reply = redis.pcall(command, key, ...)
  if type(reply) == 'table' and reply.err then
    return nil, key .. ': ' .. tostring(reply.err)
  end
  return reply
end

-- Reading a failure's JSON without decoding all of it --------------------------------------------

-- Whether the byte at `i` of `text` is escaped: preceded by an odd run of backslashes.
local function escaped(text, i)
  local run = 0
  while i - run > 1 and text:byte(i - run - 1) == 92 do run = run + 1 end
  return run % 2 == 1
end

-- Escaped quotes string_end steps over before it gives up: each is a step of Lua, where a whole
-- decode (cjson, in C) goes through a text full of them (a message quoting JSON) far faster.
local escaped_quotes_read = 64

-- Where the JSON string whose text starts at `from` ends (its closing quote), or nil (also when
-- it holds more than escaped_quotes_read escaped quotes). Only the quotes are looked at: a
-- backtrace's many escapes (\n, \/) are passed over by string.find.
local function string_end(text, from)
  local at = from
  for _ = 0, escaped_quotes_read do
    local quote = string.find(text, '"', at, true)
    if not quote or not escaped(text, quote) then return quote end
    at = quote + 1
  end
  return nil
end

-- The JSON string text[from, to) decoded, or nil when it does not decode.
local function decode_string(text, from, to)
  local ok, value = pcall(cjson.decode, '"' .. text:sub(from, to - 1) .. '"')
  if ok and type(value) == 'string' then return value end
  return nil
end

-- How many bytes of a message's JSON text are read for its first line: a byte shown takes at
-- most six (\u0001) of the text, so 300 shown take at most 1,800, and a cut must not split an
-- escape (a surrogate pair is twelve).
local first_line_text = 1800 + 12

-- The first line (at most 300 bytes) of the JSON string text[from, to), decoded, or nil when it
-- does not decode. Only text up to the first newline, and at most first_line_text of it, is
-- decoded, whatever the message's size.
local function first_line(text, from, to)
  local stop = to
  local at = from
  while true do
    local newline = string.find(text, '\\n', at, true)
    if not newline or newline >= stop then break end
    if not escaped(text, newline) then stop = newline break end
    at = newline + 1
  end
  local raw = string.find(text, '\n', from, true) -- a newline not escaped: not JSON, but seen
  if raw and raw < stop then stop = raw end
  if stop - from > first_line_text then
    stop = from + first_line_text
    -- Cut before the first escape that starts in the last twelve bytes: none then runs past it.
    local at = stop - 12
    while true do
      local slash = string.find(text, '\\', at, true)
      if not slash or slash >= stop then break end
      if not escaped(text, slash) then stop = slash break end
      at = slash + 1
    end
  end
  local line = decode_string(text, from, stop)
  if not line then return nil end
  return line:match('^[^\n]*'):sub(1, 300) -- \u000a decodes to a newline too
end

-- JSON whitespace skipped from `pos`: the next position.
local function skip(text, pos)
  return text:match('^[ \t\r\n]*()', pos)
end

-- {when, message, worker} of a failure's JSON text, as Qless.job_failure would give them
-- (message: its first line, at most 300 bytes), reading only what they need: the object's
-- members are walked, strings skipped by their quotes, and only the message's first line and the
-- worker decoded. nil when the text is not an object of plain members (a member holding an
-- object or array, a number JSON cannot carry back, anything unexpected): the caller decodes it
-- whole then. Text that breaks JSON only inside a string passed over is read as if it did not.
local function glance(text)
  if type(text) ~= 'string' then return nil end
  local pos = skip(text, 1)
  if text:sub(pos, pos) ~= '{' then return nil end
  pos = skip(text, pos + 1)
  local spans, numbers = {}, {}
  if text:sub(pos, pos) ~= '}' then
    while true do
      if text:sub(pos, pos) ~= '"' then return nil end
      local close = string_end(text, pos + 1)
      if not close then return nil end
      local key = text:sub(pos + 1, close - 1)
      if key:find('\\', 1, true) then key = decode_string(text, pos + 1, close) end
      if not key then return nil end
      pos = skip(text, close + 1)
      if text:sub(pos, pos) ~= ':' then return nil end
      pos = skip(text, pos + 1)
      spans[key], numbers[key] = nil, nil -- a repeated member: the last one counts, as in cjson
      if text:sub(pos, pos) == '"' then
        close = string_end(text, pos + 1)
        if not close then return nil end
        spans[key] = { pos + 1, close }
        pos = close + 1
      else
        local token = text:match('^-?%d[%d.eE+-]*', pos) or text:match('^%a+', pos)
        if not token then return nil end
        if token ~= 'true' and token ~= 'false' and token ~= 'null' then
          local n = tonumber(token)
          if not Qless.number(n) then return nil end
          numbers[key] = n
        end
        pos = pos + #token
      end
      pos = skip(text, pos)
      local c = text:sub(pos, pos)
      if c == '}' then break end
      if c ~= ',' then return nil end
      pos = skip(text, pos + 1)
    end
  end
  if skip(text, pos + 1) <= #text then return nil end
  local failure = { when = numbers.when }
  if spans.message then
    failure.message = first_line(text, spans.message[1], spans.message[2])
    if not failure.message then return nil end
  end
  if spans.worker then
    failure.worker = decode_string(text, spans.worker[1], spans.worker[2])
    if not failure.worker then return nil end
  end
  return failure
end

-- The newest failure of group `name`: the job at the head of its list, as
-- {jid, when, message (first line, at most 300 bytes), worker, queue}; {jid, damaged} when the
-- job cannot be read; nil when the list is empty or gone.
function Qless.desk_newest_failure(name)
  local jid, why = read_key('lindex', 'ql:f:' .. name, 0)
  if why then return { damaged = why } end
  if not jid then return nil end
  local f
  f, why = read_key('hmget', Qless.job_key(jid), 'failure', 'queue', 'state')
  if why then return { jid = jid, damaged = why } end
  if not f[3] then return { jid = jid, damaged = 'job gone' } end
  local failure = glance(f[1])
  if not failure then
    failure = Qless.job_failure(f[1])
    local message = type(failure.message) == 'string' and failure.message or ''
    failure.message = message:match('^[^\n]*'):sub(1, 300)
  end
  return {
    jid = jid,
    when = type(failure.when) == 'number' and failure.when or 0,
    message = type(failure.message) == 'string' and failure.message or '',
    worker = type(failure.worker) == 'string' and failure.worker or '',
    queue = f[2] or '',
  }
end

-- The lists ---------------------------------------------------------------------------------------

-- {total, groups: [{name, count, newest | later}], cursor}: `total` groups in all, at most
-- about desk_failed_groups_cap of them listed. All of them when there are no more than that;
-- else one SSCAN step from `cursor` ('0': the start), and `cursor` in the reply is where the
-- next step goes on ('0': the end; a group may come twice across steps). A group whose list is
-- not a list counts 0 and carries {damaged} as its newest. With `newest`, each group's newest
-- failure (Qless.desk_newest_failure) while the call's clock allows (above); the groups after
-- carry `later = true` instead. Without it, names and counts only.
function Qless.desk_failure_groups(cursor, newest)
  local started = newest and Qless.desk_micros()
  local cap = Qless.desk_failed_groups_cap
  local total = redis.call('scard', 'ql:failures')
  local names, next_cursor = nil, '0'
  if total <= cap then
    names = redis.call('smembers', 'ql:failures')
  else
    local step = redis.call('sscan', 'ql:failures', cursor or '0', 'COUNT', cap)
    next_cursor, names = step[1], step[2]
  end
  local groups = {}
  local read = 0
  -- Every name the step returned, even a few over the cap (COUNT is a hint): one cut here would
  -- be a group no step lists.
  for _, name in ipairs(names) do
    local count, why = read_key('llen', 'ql:f:' .. name)
    local group = { name = name, count = count or 0 }
    if why then
      group.newest = { damaged = why }
    elseif newest then
      if read < Qless.desk_failed_newest_least
          or Qless.desk_micros() - started < Qless.desk_failed_newest_micros then
        group.newest = Qless.desk_newest_failure(name)
        read = read + 1
      else
        group.later = true
      end
    end
    table.insert(groups, group)
  end
  return { total = total, groups = groups, cursor = next_cursor }
end

-- [{name, newest}] for the first of `names` (groups a listing marked `later`) in order, as many
-- as the call's clock allows (above), at least desk_failed_newest_least: the caller asks again
-- for the rest. `newest` is absent for a group whose list is empty or gone.
function Qless.desk_failure_newest(names)
  local started = Qless.desk_micros()
  local read = {}
  for i, name in ipairs(names) do
    if i > Qless.desk_failed_newest_least
        and Qless.desk_micros() - started >= Qless.desk_failed_newest_micros then
      break
    end
    table.insert(read, { name = name, newest = Qless.desk_newest_failure(name) })
  end
  return read
end
