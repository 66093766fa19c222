-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob writeinput: one value written to a job's input port from outside any worker, as
-- SideJob's Port#write does it (docs/SIDEJOB.md): a dynamic port ("*" among the inports) is added
-- first with the "*" default, the value pushed, the job run (not forced), the write logged.
-- EVALSHA <sha> 0 <now> <iso now> <layout> <scan> <job id> <port> <value JSON>
--   now, layout, scan: as in run.lua; iso now: the log's timestamp as the library writes it,
--   Time#iso8601(9) in UTC ("2026-11-28T09:30:56.719675770Z")
--   value JSON: stored as given once cjson reads it (4.1 wraps it as {"data":V}, 4.0 stores V)
-- Reply: a list of one outcome, as run.lua's: "queued", "queued:worker-taking", "queued:in-queue"
-- (written and run, as in run.lua), "written:<status>" (written; the library's run leaves a job of
-- that status alone), or a refusal that wrote nothing: "not-found", "wrong-layout:<TYPE>",
-- "no-record", "bad-record", "bad-port" (not a port name), "no-port" (not an input port and no
-- "*"), "bad-json", "no-worker-class" (the run would terminate the job).
-- Bound: one job a call; about fifteen commands and one LRANGE of at most <scan> entries (at most
-- 10000), each searched as text.
local now, iso, layout, scan = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
if not isFloatText(now) then return redis.error_reply('sidejob writeinput: now must be seconds as 1795858200.5') end
if not (iso or ''):match('^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%d%.%d+Z$') then
    return redis.error_reply('sidejob writeinput: iso now must be an ISO 8601 UTC time')
end
if layout ~= '4.0' and layout ~= '4.1' then
    return redis.error_reply('sidejob writeinput: layout must be 4.0 or 4.1')
end
if not scan or scan < 0 or scan > 10000 or scan % 1 ~= 0 then
    return redis.error_reply('sidejob writeinput: scan must be a whole number from 0 to 10000')
end
if #ARGV ~= 7 then return redis.error_reply('sidejob writeinput: a job id, a port and a value') end

local function writeInput(id, port, value)
    local job, refusal = readJob(id, layout)
    if refusal then return refusal end
    if not port:match('^[%w_]+$') then return 'bad-port' end
    local portsKey = 'job:' .. id .. ':inports'
    local listed = redis.call('SISMEMBER', portsKey, port) == 1
    if not listed and redis.call('SISMEMBER', portsKey, '*') == 0 then return 'no-port' end
    if not pcall(cjson.decode, value) then return 'bad-json' end
    local runnable = ({running = true, queued = true, suspended = true, completed = true})[job.status]
    if runnable and not job.config then return 'no-worker-class' end

    if not listed then
        local dynamicDefault = redis.call('HGET', portsKey .. ':default', '*')
        redis.call('SADD', portsKey, port)
        if dynamicDefault then redis.call('HSET', portsKey .. ':default', port, dynamicDefault) end
    end
    redis.call('RPUSH', 'job:' .. id .. ':in:' .. port, layout == '4.0' and value or '{"data":' .. value .. '}')
    local outcome = 'written:' .. job.status
    if runnable then
        setStatus(job, 'queued')
        outcome = push(job, 'queued', now, scan)
    end
    local entry = '{"timestamp":"' .. iso .. '","read":[],"write":[{"job":' .. id .. ',"data":[' .. value
        .. '],"inport":"' .. port .. '"}]}'
    if layout == '4.0' then
        redis.call('RPUSH', 'jobs:logs', entry)
    else
        redis.call('PUBLISH', '/sidejob/log', entry)
    end
    return outcome
end

return {writeInput(ARGV[5], ARGV[6], ARGV[7])}
