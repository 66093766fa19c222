-- SPDX-License-Identifier: GPL-3.0-or-later
-- Tags, tracking, failure groups and job listings.

-- tag(now, 'add' | 'remove', jid, tag...): returns the job's tags.
-- tag(now, 'get', tag, [offset, [count]]): {total, jobs}.  tag(now, 'top', [offset, [count]]):
-- tags used on more than one job, most used first.
function Qless.tag(now, command, args)
  if command == 'add' or command == 'remove' then
    local jid = Qless.arg('Tag', 'jid', args[1])
    local key = Qless.job_key(jid)
    if not redis.call('hget', key, 'tags') then
      Qless.fail_with('Tag(): Job ' .. jid .. ' does not exist')
    end
    local tags = Qless.job_tags(jid)
    local has = {}
    for _, tag in ipairs(tags) do has[tag] = true end
    if command == 'add' then
      for i = 2, #args do
        if not has[args[i]] then
          has[args[i]] = true
          table.insert(tags, args[i])
        end
        Qless.tag_index_add(jid, args[i], now)
      end
    else
      for i = 2, #args do
        has[args[i]] = nil
        Qless.tag_index_remove(jid, args[i])
      end
      local kept = {}
      for _, tag in ipairs(tags) do if has[tag] then table.insert(kept, tag) end end
      tags = kept
    end
    redis.call('hset', key, 'tags', cjson.encode(tags))
    return tags
  elseif command == 'get' then
    local tag = Qless.arg('Tag', 'tag', args[1])
    local offset = Qless.arg_number('Tag', 'offset', args[2], 0)
    local count = Qless.arg_number('Tag', 'count', args[3], 25)
    return {
      total = redis.call('zcard', 'ql:t:' .. tag),
      jobs = redis.call('zrange', 'ql:t:' .. tag, offset, offset + count - 1),
    }
  elseif command == 'top' then
    local offset = Qless.arg_number('Tag', 'offset', args[1], 0)
    local count = Qless.arg_number('Tag', 'count', args[2], 25)
    return redis.call('zrevrangebyscore', 'ql:tags', '+inf', 2, 'LIMIT', offset, count)
  end
  Qless.fail_with('Tag(): First argument must be "add", "remove", "get" or "top"')
end

-- {jobs: [what read(jid) makes of each job], expired: [jids whose job is gone (read gave nil)]}
-- for the entries of ql:tracked from rank `first` to `last` (0, -1: all, as qless's track lists
-- them; desk.tracked reads a bounded page).
function Qless.tracked_listing(read, first, last)
  local listing = { jobs = {}, expired = {} }
  for _, tracked in ipairs(redis.call('zrange', 'ql:tracked', first, last)) do
    local object = read(tracked)
    if object then
      table.insert(listing.jobs, object)
    else
      table.insert(listing.expired, tracked)
    end
  end
  return listing
end

-- track(now): {jobs: [job objects], expired: [jids whose job is gone]}.
-- track(now, 'track' | 'untrack', jid): 1 when the set changed, else 0.
function Qless.track(now, command, jid)
  if command == nil then
    return Qless.tracked_listing(function(jid) return Qless.job_object(jid, false) end, 0, -1)
  end
  Qless.arg('Track', 'jid', jid)
  local action = string.lower(command)
  if action ~= 'track' and action ~= 'untrack' then
    Qless.fail_with('Track(): Unknown action "' .. command .. '"')
  end
  if not Qless.job_exists(jid) then Qless.fail_with('Track(): Job does not exist') end
  -- ACL: publishes track untrack (the two actions)
  Qless.publish(action, jid)
  if action == 'track' then return redis.call('zadd', 'ql:tracked', now, jid) end
  return redis.call('zrem', 'ql:tracked', jid)
end

-- failed(): {group: count}.  failed(group, [start, [limit]]): {total, jobs: [jids]}, newest first.
function Qless.failed(group, start, limit)
  start = Qless.arg_number('Failed', 'start', start, 0)
  limit = Qless.arg_number('Failed', 'limit', limit, 25)
  if group then
    return {
      total = redis.call('llen', 'ql:f:' .. group),
      jobs = redis.call('lrange', 'ql:f:' .. group, start, start + limit - 1),
    }
  end
  local groups = {}
  for _, name in ipairs(redis.call('smembers', 'ql:failures')) do
    groups[name] = redis.call('llen', 'ql:f:' .. name)
  end
  return groups
end

-- jobs(now, 'complete', [offset, [count]]) | (now, state, queue, [offset, [count]]): jids.
function Qless.jobs(now, state, args)
  Qless.arg('Jobs', 'state', state)
  if state == 'complete' then
    local offset = Qless.arg_number('Jobs', 'offset', args[1], 0)
    local count = Qless.arg_number('Jobs', 'count', args[2], 25)
    return redis.call('zrevrange', 'ql:completed', offset, offset + count - 1)
  end
  local queue = Qless.arg('Jobs', 'queue', args[1])
  local offset = Qless.arg_number('Jobs', 'offset', args[2], 0)
  local count = Qless.arg_number('Jobs', 'count', args[3], 25)
  return Qless.queue_jobs(queue, state, now, offset, count)
end
