-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.cancel: a bulk run's cancel of one job, judged by the job's state when the step runs.

-- qless's cancel replies with the jids it was given whatever became of them, and takes a job
-- from the worker running it. A bulk cancel was confirmed on the jobs as the operator saw them:
-- what changed since is reported, not cancelled. Returns what happened:
--   'cancelled'       cancelled (qless's cancel)
--   'gone'            no such job any more (completed and expired, cancelled by another)
--   'complete'        complete: qless's cancel leaves complete jobs as they are
--   'running'         running, and `running_ok` is false: a worker holds it, it stays
--   'has dependents'  another job depends on it (qless's cancel refuses)
-- `running_ok`: the operator chose it as a running job (cancelling it takes it from its worker).
-- Every check is made before the only write, the cancel itself.
function Qless.desk_cancel(now, jid, running_ok)
  local state = redis.call('hget', Qless.job_key(jid), 'state')
  if not state then return 'gone' end
  if state == 'complete' then return 'complete' end
  if state == 'running' and not running_ok then return 'running' end
  if Qless.dependent_outside(jid, { [jid] = true }) then return 'has dependents' end
  Qless.cancel(now, { jid })
  return 'cancelled'
end
