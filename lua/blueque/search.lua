-- SPDX-License-Identifier: GPL-3.0-or-later
-- blueque search (read only): one bounded step of a walk over every task hash (SCAN of
-- blueque_task_*), keeping the tasks whose parameters or error hold a text (plain, exact case;
-- Lua has no regular expressions), optionally only those of a queue or a status.
-- EVALSHA <sha> 0 <cursor ("0" to start)> <keys 1..10000> <text> [queue] [status]
-- Reply: {next cursor ("0": the walk is done), keys looked at, hits...}; each hit {id, queue,
-- status, where}, `where` naming the fields that hold the text ("parameters", "error", or both).
-- SCAN may name a key twice: the caller keeps a task once.
-- Bound: SCAN steps of COUNT 50 until `keys` keys were looked at, 1 ms passed or 1 MB of text
-- was read, whichever comes first (checked between steps, so no key of a step is skipped); per
-- key a TYPE and an HMGET of four fields.
local cursor, budget, text = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local queue, status = ARGV[4] or '', ARGV[5] or ''
if not cursor or not tonumber(cursor) then return redis.error_reply('blueque search: a cursor is required') end
if not budget or budget < 1 or budget > 10000 then
    return redis.error_reply('blueque search: keys must be 1..10000')
end
if not text or text == '' then return redis.error_reply('blueque search: a text is required') end
local function kind(key)
    local t = redis.call('TYPE', key)
    if type(t) == 'table' then t = t.ok end
    return t
end
local function micros()
    local t = redis.call('TIME')
    return tonumber(t[1]) * 1000000 + tonumber(t[2])
end
local started = micros()
local looked, bytes = 0, 0
local reply = {'0', 0}
repeat
    local step = redis.call('SCAN', cursor, 'MATCH', 'blueque_task_*', 'COUNT', 50)
    cursor = step[1]
    for _, key in ipairs(step[2]) do
        looked = looked + 1
        if kind(key) == 'hash' then
            local f = redis.call('HMGET', key, 'queue', 'status', 'parameters', 'error')
            local q, s, p, e = f[1] or '', f[2] or '', f[3] or '', f[4] or ''
            bytes = bytes + #p + #e
            if (queue == '' or q == queue) and (status == '' or s == status) then
                local where = {}
                if string.find(p, text, 1, true) then where[#where + 1] = 'parameters' end
                if string.find(e, text, 1, true) then where[#where + 1] = 'error' end
                if #where > 0 then
                    reply[#reply + 1] = {string.sub(key, 14), q, s, table.concat(where, ' ')}
                end
            end
        end
    end
until cursor == '0' or looked >= budget or bytes >= 1048576 or micros() - started >= 1000
reply[1], reply[2] = cursor, looked
return reply
