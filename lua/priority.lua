-- SPDX-License-Identifier: GPL-3.0-or-later
-- priority(0, jid, priority): sets a job's priority (higher pops first). A waiting job is
-- re-ranked at once, as qless's priority does it: ahead of the jobs of its new priority.
-- Replies with the new priority, or false when there is no such job.
local S = 'Priority'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local priority = Qless.face_number(S, 'priority', ARGV[2])
Qless.arg_none_after(S, ARGV, 2)

if not Qless.job_exists(jid) then
  return false
end
return Qless.priority(0, jid, priority)
