-- complete(0, jid, worker, queue, now, data, ['next', n, [('delay', d) | ('depends', '[...]')]])
-- `worker` finishes the running job it holds in `queue`. With `next` the job moves on to queue n
-- (waiting, scheduled after `delay`, or depending on `depends`); without, it is complete, kept
-- for jobs-history / jobs-history-count, and the jobs that waited on it are released.
-- Replies with the new state, or false when the job is not running in `queue` for `worker`.
local S = 'Complete'
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local worker = Qless.arg_string(S, 'worker', ARGV[2])
local queue = Qless.arg_string(S, 'queue', ARGV[3])
local now = Qless.arg_now(S, ARGV[4])
Qless.arg_json(S, 'data', ARGV[5])
local data = ARGV[5]
local options = Qless.arg_options(S, ARGV, 6, {
  next = Qless.arg_string,
  delay = Qless.arg_number,
  depends = Qless.arg_string_list,
})
local delay = options.delay or 0
if options.next == nil and (options.delay ~= nil or options.depends ~= nil) then
  Qless.arg_error(S, options.delay ~= nil and 'delay' or 'depends', 'given without "next"')
end
if delay < 0 then
  Qless.arg_error(S, 'delay', 'negative', delay)
end

local key = Qless.job_key(jid)
local fields = redis.call('hmget', key, 'state', 'worker', 'queue', 'priority', 'retries')
if fields[1] ~= 'running' or fields[2] ~= worker or fields[3] ~= queue then
  return false
end

redis.call('zrem', Qless.queue_key(queue, 'locks'), jid)
redis.call('zrem', 'ql:w:' .. worker .. ':jobs', jid)
redis.call('zadd', 'ql:workers', now, worker)
local popped = Qless.last_popped(jid)
if popped then
  Qless.stat_duration(queue, 'run', now, now - popped)
end
Qless.history_add(jid, now, 'done', { worker = worker })
redis.call('hmset', key, 'data', data, 'worker', '', 'expires', 0)

local state
if options.next then
  local next_queue = options.next
  local retries = Qless.number(fields[5]) or 5
  redis.call('hmset', key, 'queue', next_queue, 'remaining', retries,
    'time', string.format('%.6f', now))
  if options.depends then
    Qless.depend_on(jid, options.depends)
  end
  Qless.history_add(jid, now, 'put', { q = next_queue })
  state = Qless.place(jid, next_queue, Qless.number(fields[4]) or 0, now, delay)
  Qless.queue_register(next_queue, now)
  Qless.event(jid, 'completed', { queue = queue, worker = worker, next = next_queue })
else
  state = 'complete'
  redis.call('hmset', key, 'state', 'complete', 'queue', '')
  redis.call('zadd', 'ql:completed', now, jid)
  Qless.event(jid, 'completed', { queue = queue, worker = worker })
  Qless.release_dependents(jid, now)
  Qless.expire_completed(now)
end
return state
