-- SPDX-License-Identifier: GPL-3.0-or-later
-- What run.lua, terminate.lua and writeinput.lua share: reading a job in either layout, Job#set_status
-- and Job#sidekiq_queue. Joined before each action at build time (lua/sidejob/CMakeLists.txt).

-- `now` as Ruby's Float#to_s writes a time in seconds ("1795858200.5"): copied into Sidekiq's
-- item, it must be a JSON number.
local function isFloatText(now)
    return now ~= nil and now:match('^%d+%.%d+$') ~= nil
end

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
local function readJob(id, layout)
    if not id:match('^%d+$') or redis.call('SISMEMBER', 'jobs', id) == 0 then return nil, 'not-found' end
    local jobKey = 'job:' .. id
    local keyType = redis.call('TYPE', jobKey)['ok']
    if keyType ~= (layout == '4.0' and 'hash' or 'none') then return nil, 'wrong-layout:' .. keyType end
    local job = {id = id, layout = layout}
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
    if job.layout == '4.0' then
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
-- job or its item already waits (the library scans the whole queue; we scan `scan` entries from
-- the head). `now`: Float#to_s text, Sidekiq's created_at and enqueued_at.
local function push(job, status, now, scan)
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
