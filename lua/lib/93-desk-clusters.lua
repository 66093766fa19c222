-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.failuresigs: what the console needs of each failure to cluster a group (issue #16's
-- failure clusters), a page at a time, so that a group of 100,000 failures is read in short calls.

-- Longest text kept of a message's first line and of a frame line: a cluster's signature needs
-- no more, and one huge message must not make a page huge.
Qless.desk_sig_line_bytes = 512

-- From a failure's message: its first line and the lines that may be its top backtrace frame,
-- the first Ruby- or Java-like frame and the last Python one (Python prints the innermost last),
-- joined by newlines; the console finds the frame among them (FailureSignature).
function Qless.desk_failure_sig_text(message)
  local cut = function(line) return string.sub(line, 1, Qless.desk_sig_line_bytes) end
  local first, ruby_or_java, python = nil, nil, nil
  for line in string.gmatch(message, '[^\n]+') do
    if first == nil then
      first = line
    elseif ruby_or_java == nil and (string.find(line, ':%d+:in ') or string.find(line, '^%s*at .+%(.*%)%s*$')) then
      ruby_or_java = line
    elseif string.find(line, '^%s*File "') then
      python = line
    end
  end
  local parts = { cut(first or '') }
  if ruby_or_java then table.insert(parts, cut(ruby_or_java)) end
  if python then table.insert(parts, cut(python)) end
  return table.concat(parts, '\n')
end

-- The failures [offset, offset + count) of ql:f:<group> counted from its oldest end (new
-- failures arrive at the other end, so a walk from here is not shifted by them), oldest first:
-- {total, jid, when, text, jid, when, text, ...}. A job gone or unreadable gives when 0 and an
-- empty text (the console counts it, clusters nothing).
function Qless.desk_failure_sigs(group, offset, count)
  local list = 'ql:f:' .. group
  local reply = { redis.call('llen', list) }
  if count <= 0 then return reply end
  local window = redis.call('lrange', list, -(offset + count), -(offset + 1))
  for i = #window, 1, -1 do
    local jid = window[i]
    local ok, field = pcall(redis.call, 'hget', Qless.job_key(jid), 'failure')
    local failure = nil
    if ok and field then
      local decoded, value = pcall(cjson.decode, field)
      if decoded then failure = value end
    end
    local when, text = 0, ''
    if type(failure) == 'table' then
      when = tonumber(failure.when) or 0
      if type(failure.message) == 'string' then text = Qless.desk_failure_sig_text(failure.message) end
    end
    table.insert(reply, jid)
    table.insert(reply, tostring(when))
    table.insert(reply, text)
  end
  return reply
end
