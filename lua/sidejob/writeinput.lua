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
if not tonumber(now) then return redis.error_reply('sidejob writeinput: now must be a number') end
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

-- The end of the JSON string starting at `from` (a quote), or nil.
local function stringEnd(text, from)
    if text:sub(from, from) ~= '"' then return nil end
    local i = from + 1
    while true do
        local at = text:find('["\\]', i)
        if not at then return nil end
        if text:sub(at, at) == '"' then return at end
        i = at + 2
    end
end

-- The job's status and worker record, the queue and class as Ruby's JSON wrote them (copied into
-- the Sidekiq item byte for byte), or an outcome refusing it.
local function readJob(id)
    if not id:match('^%d+$') or redis.call('SISMEMBER', 'jobs', id) == 0 then return nil, 'not-found' end
    local jobKey = 'job:' .. id
    local keyType = redis.call('TYPE', jobKey)['ok']
    if keyType ~= (layout == '4.0' and 'hash' or 'none') then return nil, 'wrong-layout:' .. keyType end
    local job = {id = id}
    if layout == '4.0' then
        local fields = redis.call('HMGET', jobKey, 'status', 'queue', 'class', 'args')
        if not fields[1] or not fields[2] or not fields[3] then return nil, 'no-record' end
        local ok, status = pcall(cjson.decode, fields[1])
        job.queueJson, job.classJson, job.args = fields[2], fields[3], fields[4] or 'null'
        if not ok or type(status) ~= 'string' then return nil, 'bad-record' end
        job.status = status
    else
        local status = redis.call('GET', jobKey .. ':status')
        local record = redis.call('GET', jobKey .. ':worker')
        if not status or not record then return nil, 'no-record' end
        job.status = status
        -- The library writes {"queue":Q,"class":C,"args":A} in that order.
        local head = '{"queue":'
        if record:sub(1, #head) ~= head or record:sub(-1) ~= '}' then return nil, 'bad-record' end
        local queueEnd = stringEnd(record, #head + 1)
        if not queueEnd then return nil, 'bad-record' end
        job.queueJson = record:sub(#head + 1, queueEnd)
        local middle = ',"class":'
        if record:sub(queueEnd + 1, queueEnd + #middle) ~= middle then return nil, 'bad-record' end
        local classEnd = stringEnd(record, queueEnd + #middle + 1)
        if not classEnd then return nil, 'bad-record' end
        job.classJson = record:sub(queueEnd + #middle + 1, classEnd)
        local tail = ',"args":'
        if record:sub(classEnd + 1, classEnd + #tail) ~= tail then return nil, 'bad-record' end
        job.args = record:sub(classEnd + #tail + 1, -2)
    end
    local okQueue, queue = pcall(cjson.decode, job.queueJson)
    local okClass, class = pcall(cjson.decode, job.classJson)
    if not okQueue or not okClass or type(queue) ~= 'string' or type(class) ~= 'string' then
        return nil, 'bad-record'
    end
    job.queue, job.class = queue, class
    job.config = redis.call('HGET', 'workers:' .. queue, class)
    return job
end

-- Job#set_status: 4.1 publishes a change unless the worker's config says "status_publish": false.
local function setStatus(job, status)
    if layout == '4.0' then
        redis.call('HSET', 'job:' .. job.id, 'status', cjson.encode(status))
        return
    end
    local old = redis.call('GETSET', 'job:' .. job.id .. ':status', status)
    if old == status then return end
    local ok, config = pcall(cjson.decode, job.config or '{}')
    if ok and type(config) == 'table' and config['status_publish'] == false then return end
    redis.call('PUBLISH', '/sidejob/job/' .. job.id, '{"status":' .. cjson.encode(status) .. '}')
end

-- Job#sidekiq_queue after the status is written: the item pushed unless a worker is taking the
-- job or its item already waits (the library scans the whole queue; we scan <scan> entries).
local function push(job, status)
    if redis.call('EXISTS', 'job:' .. job.id .. ':lock:worker') == 1 then return status .. ':worker-taking' end
    local needle = ',"jid":' .. job.id .. ','
    if scan > 0 then
        for _, item in ipairs(redis.call('LRANGE', 'queue:' .. job.queue, 0, scan - 1)) do
            if item:find(needle, 1, true) then return status .. ':in-queue' end
        end
    end
    if not job.config then
        -- The library looks for the class last, and then terminates the job (only terminate gets here).
        setStatus(job, 'terminated')
        return 'terminated:no-worker-class'
    end
    local args = job.args == 'null' and '[]' or job.args
    redis.call('SADD', 'queues', job.queue)
    redis.call('LPUSH', 'queue:' .. job.queue, '{"retry":false,"queue":' .. job.queueJson .. ',"jid":' .. job.id
        .. ',"class":' .. job.classJson .. ',"args":' .. args .. ',"created_at":' .. now
        .. ',"enqueued_at":' .. now .. '}')
    return status
end

local function writeInput(id, port, value)
    local job, refusal = readJob(id)
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
        outcome = push(job, 'queued')
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
