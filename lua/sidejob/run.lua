-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob run: jobs queued again, as SideJob's Job#run leaves them (docs/SIDEJOB.md, "What the
-- console may change"). EVALSHA <sha> 0 <now> <layout> <scan> <force> <job id>...
--   now: the time as Ruby's Float#to_s writes it (Sidekiq's created_at and enqueued_at), stored as is
--   layout: "4.1" (job:{id}:{field} keys) or "4.0" (the hash job:{id}), checked per job with TYPE
--   scan: how many entries of queue:{q}, from the head, are searched for the job's own item
--   force: "force" runs a job whatever its status (failed, terminated...), "normal" only a job
--     running, queued, suspended or completed, as the library's run without force
-- Reply: one outcome per id, in order: "queued" (status queued and a Sidekiq item pushed),
-- "queued:worker-taking" (a worker is taking the job's lock: it will see the status),
-- "queued:in-queue" (its item already waits within the scanned entries), or a refusal that wrote
-- nothing: "not-found", "wrong-layout:<TYPE of job:{id}>", "no-record", "bad-record",
-- "wrong-status:<status>", "no-worker-class" (the library would terminate such a job).
-- Bound: at most 100 ids a call; per id about ten commands and one LRANGE of at most <scan>
-- entries, each searched as text, and at most 10000 entries searched in all (scan x ids).
local now, layout, scan, force = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
if not isFloatText(now) then return redis.error_reply('sidejob run: now must be seconds as 1795858200.5') end
if layout ~= '4.0' and layout ~= '4.1' then return redis.error_reply('sidejob run: layout must be 4.0 or 4.1') end
if not scan or scan < 0 or scan > 10000 or scan % 1 ~= 0 then
    return redis.error_reply('sidejob run: scan must be a whole number from 0 to 10000')
end
if force ~= 'force' and force ~= 'normal' then
    return redis.error_reply('sidejob run: force must be force or normal')
end
if #ARGV < 5 or #ARGV > 104 then return redis.error_reply('sidejob run: between 1 and 100 job ids a call') end
if scan * (#ARGV - 4) > 10000 then
    return redis.error_reply('sidejob run: scan times job ids must be at most 10000 entries a call')
end

local runnable = {running = true, queued = true, suspended = true, completed = true}
local outcomes = {}
for i = 5, #ARGV do
    local job, refusal = readJob(ARGV[i], layout)
    if job and force ~= 'force' and not runnable[job.status] then refusal = 'wrong-status:' .. job.status end
    if job and not refusal and not job.config then refusal = 'no-worker-class' end
    if refusal then
        outcomes[#outcomes + 1] = refusal
    else
        setStatus(job, 'queued')
        outcomes[#outcomes + 1] = push(job, 'queued', now, scan)
    end
end
return outcomes
