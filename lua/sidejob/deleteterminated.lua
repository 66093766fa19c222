-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob deleteterminated: a terminated job and its whole subtree deleted as SideJob's Job#delete
-- leaves them (docs/SIDEJOB.md): the top disowned by its parent, then each job's keys removed, its
-- id taken out of `jobs` and its aliases out of `jobs:aliases`, and (4.1) {"deleted":true}
-- published for each, children before their parent, as the library publishes. What the library
-- leaves behind stays: :rate:* keys (they expire), channel:* members and Sidekiq items (dropped later).
-- EVALSHA <sha> 0 <layout> <limit> <job id>
--   layout: "4.1" or "4.0", checked per job with TYPE; limit: the most jobs the subtree may hold
--   (at most 64, so one call stays within a few ms): a bigger tree is refused whole, the console
--   deletes it from its leaves up
-- Reply: a list of one outcome: "deleted:<count>", or a refusal that wrote nothing: "not-found",
-- "wrong-layout:<TYPE>" (of the top or any descendant), "no-record", "bad-record",
-- "not-terminated:<id>:<status>", "locked:<id>" (a worker holds or is taking the job's lock),
-- "missing-child:<id>" (named in a children hash but not in `jobs`), "too-many" (more than <limit>).
-- Bound: at most <limit> jobs; per job about ten reads (SMEMBERS of its port sets and aliases,
-- HGETALL of its children), one DEL of its keys, one HDEL per child and alias, one PUBLISH.
local layout, limit = ARGV[1], tonumber(ARGV[2])
if layout ~= '4.0' and layout ~= '4.1' then
    return redis.error_reply('sidejob deleteterminated: layout must be 4.0 or 4.1')
end
if not limit or limit < 1 or limit > 64 or limit % 1 ~= 0 then
    return redis.error_reply('sidejob deleteterminated: limit must be a whole number from 1 to 64')
end
if #ARGV ~= 3 then return redis.error_reply('sidejob deleteterminated: one job id') end

local function status(id)
    if layout == '4.1' then return redis.call('GET', 'job:' .. id .. ':status') end
    local raw = redis.call('HGET', 'job:' .. id, 'status')
    if not raw then return nil end
    local ok, decoded = pcall(cjson.decode, raw)
    if not ok or type(decoded) ~= 'string' then return false end
    return decoded
end

-- Children, in the order HGETALL gives them (the library's order): a list of {name, id}.
local function children(id)
    local flat = redis.call('HGETALL', 'job:' .. id .. ':children')
    local list = {}
    for i = 1, #flat, 2 do list[#list + 1] = {flat[i], flat[i + 1]} end
    return list
end

-- The subtree in the library's order (a job, then each child's subtree), every job checked; and
-- the order the library publishes in (each child's subtree, then the job).
local order, published, visiting = {}, {}, {}
local function collect(id, isTop)
    if visiting[id] then return 'bad-record' end -- a cycle: not the library's data
    visiting[id] = true
    if not id:match('^%d+$') or redis.call('SISMEMBER', 'jobs', id) == 0 then
        return isTop and 'not-found' or 'missing-child:' .. id
    end
    local keyType = redis.call('TYPE', 'job:' .. id)['ok']
    if keyType ~= (layout == '4.0' and 'hash' or 'none') then return 'wrong-layout:' .. keyType end
    local current = status(id)
    if current == nil then return 'no-record' end
    if current == false then return 'bad-record' end
    if current ~= 'terminated' then return 'not-terminated:' .. id .. ':' .. current end
    if redis.call('EXISTS', 'job:' .. id .. ':lock', 'job:' .. id .. ':lock:worker') > 0 then
        return 'locked:' .. id
    end
    order[#order + 1] = id
    if #order > limit then return 'too-many' end
    for _, child in ipairs(children(id)) do
        local refusal = collect(child[2], false)
        if refusal then return refusal end
    end
    published[#published + 1] = id
end

local top = ARGV[3]
local refusal = collect(top, true)
if refusal then return {refusal} end

-- Disowned by a parent still listed; a parent already deleted is no parent (SideJob.find).
local parent
if layout == '4.1' then
    parent = redis.call('GET', 'job:' .. top .. ':parent')
else
    parent = redis.call('HGET', 'job:' .. top, 'parent')
end
if parent and redis.call('SISMEMBER', 'jobs', parent) == 1 then
    for _, child in ipairs(children(parent)) do
        if child[2] == top then redis.call('HDEL', 'job:' .. parent .. ':children', child[1]) end
    end
end

local suffixes = layout == '4.0' and {'children', 'inports', 'outports', 'inports:default', 'outports:default'}
    or {'worker', 'status', 'state', 'aliases', 'parent', 'children', 'inports', 'outports', 'inports:default',
        'outports:default', 'inports:channels', 'outports:channels', 'created_at', 'created_by', 'ran_at'}
for _, id in ipairs(order) do
    local key = 'job:' .. id
    local doomed = {key}
    for _, direction in ipairs({'in', 'out'}) do
        for _, port in ipairs(redis.call('SMEMBERS', key .. ':' .. direction .. 'ports')) do
            if port ~= '*' then doomed[#doomed + 1] = key .. ':' .. direction .. ':' .. port end
        end
    end
    for _, suffix in ipairs(suffixes) do doomed[#doomed + 1] = key .. ':' .. suffix end
    local aliases = layout == '4.1' and redis.call('SMEMBERS', key .. ':aliases') or {}
    redis.call('SREM', 'jobs', id)
    redis.call('DEL', unpack(doomed))
    for _, name in ipairs(aliases) do redis.call('HDEL', 'jobs:aliases', name) end
end

-- 4.1 publishes each deletion once the job's subtree is gone: children before their parent.
if layout == '4.1' then
    for _, id in ipairs(published) do redis.call('PUBLISH', '/sidejob/job/' .. id, '{"deleted":true}') end
end
return {'deleted:' .. #order}
