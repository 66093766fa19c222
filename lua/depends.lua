-- SPDX-License-Identifier: GPL-3.0-or-later
-- depends(0, jid, 'on', jid, ...) | depends(0, jid, 'off', ('all' | jid, ...))
-- Adds or removes dependencies of a job in the depends state; a job left with none becomes
-- waiting (or scheduled, if put with a delay still running). Replies true, or false when the job
-- is not in the depends state.
local S = 'Depends'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local command = ARGV[2]
if command ~= 'on' and command ~= 'off' then
  Qless.arg_error(S, 'command', 'must be "on" or "off"', command)
end
local others = {}
for i = 3, #ARGV do
  table.insert(others, Qless.arg_string(S, 'jid', ARGV[i]))
end
if #others == 0 then
  Qless.arg_error(S, 'jid', 'missing')
end

local fields = redis.call('hmget', Qless.job_key(jid), 'state', 'time')
if fields[1] ~= 'depends' then
  return false
end
-- The seed's depends takes no `now`: a job released here is ranked by when it was put, as if
-- its last dependency had gone then (qless's depends ranks it by the call's time).
return Qless.depends(Qless.stored_number(fields[2], 0), jid, command, others)
