-- SPDX-License-Identifier: GPL-3.0-or-later
-- sidejob detect (read only): whether the server holds SideJob (docs/SIDEJOB.md, "Recognising a
-- deployment") and which job layouts it holds, without reading more than a sample.
-- EVAL <source> 0
-- Reply: {jobsType, lastIdType, jobCount, lastId, layouts, logsType}. jobsType and lastIdType are
-- the TYPEs of `jobs` and `jobs:last_id` (SideJob: "set" and "string"); layouts names the layouts
-- seen among the newest job and 10 random ones ("4.1", "4.0", both as "4.1 4.0", "" when none
-- has keys yet); logsType is the TYPE of 4.0's `jobs:logs`.
-- Bound: three TYPEs, SCARD, GET, one SRANDMEMBER of 10 and per sampled id one EXISTS and one TYPE.
local jobsType = redis.call('TYPE', 'jobs')['ok']
local lastIdType = redis.call('TYPE', 'jobs:last_id')['ok']
local logsType = redis.call('TYPE', 'jobs:logs')['ok']
if jobsType ~= 'set' then return {jobsType, lastIdType, 0, '', '', logsType} end
local count = redis.call('SCARD', 'jobs')
local lastId = lastIdType == 'string' and redis.call('GET', 'jobs:last_id') or ''
local sample = redis.call('SRANDMEMBER', 'jobs', 10)
if lastId ~= '' then sample[#sample + 1] = lastId end
local seen41, seen40 = false, false
for _, id in ipairs(sample) do
    if redis.call('EXISTS', 'job:' .. id .. ':status') == 1 then seen41 = true end
    if redis.call('TYPE', 'job:' .. id)['ok'] == 'hash' then seen40 = true end
end
local layouts = {}
if seen41 then layouts[#layouts + 1] = '4.1' end
if seen40 then layouts[#layouts + 1] = '4.0' end
return {jobsType, lastIdType, count, lastId, table.concat(layouts, ' '), logsType}
