-- failed(0, [group, [start, [limit]]]): without a group, {group: count} for every failure group;
-- with one, {total, jobs: [job objects]} from `start` (default 0), at most `limit` (default 25),
-- newest failure first. A jid whose job is gone appears as {jid, state: "missing"}.
-- Changes nothing.
local S = 'Failed'
local group = ARGV[1]
if group == nil then
  local counts = {}
  for _, name in ipairs(redis.call('smembers', 'ql:failures')) do
    counts[name] = redis.call('llen', 'ql:f:' .. name)
  end
  return cjson.encode(counts)
end
Qless.arg_string(S, 'group', group)
local start = Qless.arg_count(S, 'start', ARGV[2], 0)
local limit = Qless.arg_count(S, 'limit', ARGV[3], 25)
Qless.arg_none_after(S, ARGV, 3)

local list = 'ql:f:' .. group
local jobs = {}
if limit > 0 then
  for _, jid in ipairs(redis.call('lrange', list, start, start + limit - 1)) do
    table.insert(jobs, Qless.job_object(jid) or { jid = jid, state = 'missing' })
  end
end
return '{"total":' .. redis.call('llen', list) .. ',"jobs":' .. Qless.json_list(jobs) .. '}'
