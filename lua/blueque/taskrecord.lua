-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque taskrecord (read only): one task's hash with the keys that hold it, read together.
-- EVALSHA <sha> 0 <task id>
-- Reply: {keytype, {field, value, ...}, {holder, ...}}. keytype is the task key's TYPE ("none":
-- no hash). A holder is "scheduled", "started", "reserved <listener>", or "pending", "complete",
-- "failed" when the id is among that list's newest 1000 entries (further in is not looked at).
-- Bound: TYPE, HGETALL of one hash, ZSCORE, SISMEMBER, and LPOS with MAXLEN 1000 on four lists.
local id = ARGV[1]
if not id or id == '' then return redis.error_reply('blueque taskrecord: a task id is required') end
local function kind(key)
    local t = redis.call('TYPE', key)
    if type(t) == 'table' then t = t.ok end
    return t
end
local taskKey = 'blueque_task_' .. id
local kt = kind(taskKey)
if kt ~= 'hash' then return {kt, {}, {}} end
local fields = redis.call('HGETALL', taskKey)
local f = {}
for i = 1, #fields, 2 do f[fields[i]] = fields[i + 1] end
local holders = {}
local q = f.queue
if q then
    local function inList(name, key)
        if kind(key) == 'list' and redis.call('LPOS', key, id, 'MAXLEN', 1000) then holders[#holders + 1] = name end
    end
    inList('pending', 'blueque_pending_tasks_' .. q)
    inList('complete', 'blueque_complete_tasks_' .. q)
    inList('failed', 'blueque_failed_tasks_' .. q)
    local scheduled = 'blueque_scheduled_tasks_' .. q
    if kind(scheduled) == 'zset' and redis.call('ZSCORE', scheduled, id) then holders[#holders + 1] = 'scheduled' end
    local started = 'blueque_started_tasks_' .. q
    if f.node and f.pid and kind(started) == 'set'
        and redis.call('SISMEMBER', started, f.node .. ' ' .. f.pid .. ' ' .. id) == 1 then
        holders[#holders + 1] = 'started'
    end
    if f.node then inList('reserved ' .. f.node, 'blueque_reserved_tasks_' .. q .. '_' .. f.node) end
end
return {kt, fields, holders}
