-- SPDX-License-Identifier: GPL-3.0-or-later
-- peek(1, queue; count, now): the jobs the next pop of `count` would hand out, as an array of
-- job objects (JSON, as `get` replies them): stalled jobs first, then waiting jobs in pop order
-- (due scheduled ones included). Unlike qless's peek it changes nothing: it moves no scheduled
-- job and spawns no recurring one (those spawn when popped). The same jids as desk.peek.
local S = 'Peek'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local count = Qless.arg_count(S, 'count', ARGV[1])
local now = Qless.arg_now(S, ARGV[2])
Qless.arg_none_after(S, ARGV, 2)

local reply = {}
for _, jid in ipairs(Qless.desk_peek(now, queue, count)) do
  local job = Qless.face_job_object(jid)
  if job ~= nil then
    table.insert(reply, cjson.encode(job))
  end
end
return reply
