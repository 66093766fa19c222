-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob terminate: jobs set terminating and queued on Sidekiq, so that a worker runs their
-- shutdown and sets them terminated, as SideJob's Job#terminate (not recursive) leaves them
-- (docs/SIDEJOB.md). A subtree is the console calling this per job, breadth first, in batches.
-- EVALSHA <sha> 0 <now> <layout> <scan> <job id>...   (now, layout, scan: as in run.lua)
-- Reply: one outcome per id, in order: "terminating" (status terminating, a Sidekiq item pushed),
-- "terminating:worker-taking", "terminating:in-queue" (no push needed, as in run.lua),
-- "terminated:no-worker-class" (the class is no longer registered: the library then sets the job
-- terminated at once, without its shutdown, and so does this), or a refusal that wrote nothing:
-- "not-found", "wrong-layout:<TYPE>", "no-record", "bad-record", "wrong-status:terminated".
-- Bound: at most 100 ids a call; per id about ten commands and one LRANGE of at most <scan>
-- entries, each searched as text, and at most 10000 entries searched in all (scan x ids).
local now, layout, scan = ARGV[1], ARGV[2], tonumber(ARGV[3])
if not isFloatText(now) then return redis.error_reply('sidejob terminate: now must be seconds as 1795858200.5') end
if layout ~= '4.0' and layout ~= '4.1' then
    return redis.error_reply('sidejob terminate: layout must be 4.0 or 4.1')
end
if not scan or scan < 0 or scan > 10000 or scan % 1 ~= 0 then
    return redis.error_reply('sidejob terminate: scan must be a whole number from 0 to 10000')
end
if #ARGV < 4 or #ARGV > 103 then return redis.error_reply('sidejob terminate: between 1 and 100 job ids a call') end
if scan * (#ARGV - 3) > 10000 then
    return redis.error_reply('sidejob terminate: scan times job ids must be at most 10000 entries a call')
end

local outcomes = {}
for i = 4, #ARGV do
    local job, refusal = readJob(ARGV[i], layout)
    if job and job.status == 'terminated' then refusal = 'wrong-status:terminated' end
    if refusal then
        outcomes[#outcomes + 1] = refusal
    else
        setStatus(job, 'terminating')
        outcomes[#outcomes + 1] = push(job, 'terminating', now, scan)
    end
end
return outcomes
