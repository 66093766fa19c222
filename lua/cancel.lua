-- SPDX-License-Identifier: GPL-3.0-or-later
-- cancel(0, jid, [jid, ...]): deletes the jobs as qless's cancel does (Qless.cancel); a worker
-- holding one is told, and its heartbeat and complete then fail. A job that others still depend
-- on is refused unless those dependents are cancelled in the same call; nothing is cancelled
-- then. Complete and unknown jobs are left alone. A cancelled tracked jid stays in ql:tracked
-- (listed as expired), as with qless. Replies with the jids cancelled.
local S = 'Cancel'
if #ARGV == 0 then
  Qless.arg_error(S, 'jid', 'missing')
end
local cancelled = {}
for _, jid in ipairs(ARGV) do
  Qless.arg_string(S, 'jid', jid)
  local state = redis.call('hget', Qless.job_key(jid), 'state')
  if state and state ~= 'complete' then
    table.insert(cancelled, jid)
  end
end
Qless.cancel(0, ARGV)
return cancelled
