-- workers(0, now, [worker]): without a worker, [{name, jobs, stalled, last}, ...] most recently
-- active first (`last`: when it was last seen), leaving out workers not seen for max-worker-age;
-- with one, {jobs: [running jids], stalled: [stalled jids]}. Changes nothing: unlike the
-- reference script it prunes no worker (pop does that).
local S = 'Workers'
local now = Qless.arg_now(S, ARGV[1])
local worker = ARGV[2]
Qless.arg_none_after(S, ARGV, 2)

if worker ~= nil then
  Qless.arg_string(S, 'worker', worker)
  local key = 'ql:w:' .. worker .. ':jobs'
  return '{"jobs":' .. Qless.json_list(redis.call('zrangebyscore', key, '(' .. now, '+inf')) ..
    ',"stalled":' .. Qless.json_list(redis.call('zrangebyscore', key, '-inf', now)) .. '}'
end

local oldest = now - Qless.config_number('max-worker-age')
local reply = {}
local seen = redis.call('zrevrangebyscore', 'ql:workers', '+inf', '(' .. oldest, 'WITHSCORES')
for i = 1, #seen, 2 do
  local key = 'ql:w:' .. seen[i] .. ':jobs'
  table.insert(reply, {
    name = seen[i],
    jobs = redis.call('zcount', key, '(' .. now, '+inf'),
    stalled = redis.call('zcount', key, '-inf', now),
    last = Qless.number(seen[i + 1]),
  })
end
return Qless.json_list(reply)
