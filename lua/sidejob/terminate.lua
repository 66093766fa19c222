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
-- entries (at most 10000), each searched as text.
local now, layout, scan = ARGV[1], ARGV[2], tonumber(ARGV[3])
if not tonumber(now) then return redis.error_reply('sidejob terminate: now must be a number') end
if layout ~= '4.0' and layout ~= '4.1' then
    return redis.error_reply('sidejob terminate: layout must be 4.0 or 4.1')
end
if not scan or scan < 0 or scan > 10000 or scan % 1 ~= 0 then
    return redis.error_reply('sidejob terminate: scan must be a whole number from 0 to 10000')
end
if #ARGV < 4 or #ARGV > 103 then return redis.error_reply('sidejob terminate: between 1 and 100 job ids a call') end

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

local outcomes = {}
for i = 4, #ARGV do
    local job, refusal = readJob(ARGV[i])
    if job and job.status == 'terminated' then refusal = 'wrong-status:terminated' end
    if refusal then
        outcomes[#outcomes + 1] = refusal
    else
        setStatus(job, 'terminating')
        outcomes[#outcomes + 1] = push(job, 'terminating')
    end
end
return outcomes
