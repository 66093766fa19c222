-- peek(1, queue; count, now): the jobs the next pop of `count` would hand out, as an array of
-- job objects: stalled jobs first, then waiting jobs in pop order (due scheduled ones included).
-- Unlike the reference script it changes nothing: it moves no scheduled job and spawns no
-- recurring one (those spawn when popped).
local S = 'Peek'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local count = Qless.arg_count(S, 'count', ARGV[1])
local now = Qless.arg_now(S, ARGV[2])
Qless.arg_none_after(S, ARGV, 2)

local jids = redis.call('zrangebyscore', Qless.queue_key(queue, 'locks'), '-inf', now,
  'LIMIT', 0, count)
for _, jid in ipairs(Qless.waiting_page(queue, now, 0, count - #jids)) do
  table.insert(jids, jid)
end
local reply = {}
for _, jid in ipairs(jids) do
  local job = Qless.job_object(jid)
  if job ~= nil then
    table.insert(reply, cjson.encode(job))
  end
end
return reply
