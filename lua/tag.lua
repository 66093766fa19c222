-- tag(0, 'add', jid, now, tag, ...) | tag(0, 'remove', jid, now, tag, ...)
--   -> the job's tags after the change (JSON array), or false when there is no such job.
-- tag(0, 'get', tag, [offset, [count]]) -> {total, jobs: [jids]} oldest tagging first.
-- tag(0, 'top', [offset, [count]]) -> [{tag, count}, ...] most used first.
-- get and top change nothing.
local S = 'Tag'
local command = ARGV[1]

if command == 'add' or command == 'remove' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  local now = Qless.arg_now(S, ARGV[3])
  if ARGV[4] == nil then
    Qless.arg_error(S, 'tag', 'missing')
  end
  for i = 4, #ARGV do
    Qless.arg_string(S, 'tag', ARGV[i])
  end
  local key = Qless.job_key(jid)
  if redis.call('exists', key) == 0 then
    return false
  end
  local tags = {}
  local present = {}
  for _, tag in ipairs(Qless.job_tags(jid)) do
    if type(tag) == 'string' then
      present[tag] = true
      table.insert(tags, tag)
    end
  end
  if command == 'add' then
    for i = 4, #ARGV do
      local tag = ARGV[i]
      if not present[tag] then
        present[tag] = true
        table.insert(tags, tag)
      end
      Qless.tag_index_add(jid, tag, now)
    end
  else
    local dropping = {}
    for i = 4, #ARGV do
      dropping[ARGV[i]] = true
      Qless.tag_index_remove(jid, ARGV[i])
    end
    local kept = {}
    for _, tag in ipairs(tags) do
      if not dropping[tag] then
        table.insert(kept, tag)
      end
    end
    tags = kept
  end
  local text = Qless.json_list(tags)
  redis.call('hset', key, 'tags', text)
  Qless.event(jid, 'tag', { tags = tags })
  return text
elseif command == 'get' then
  local tag = Qless.arg_string(S, 'tag', ARGV[2])
  local offset = Qless.arg_count(S, 'offset', ARGV[3], 0)
  local count = Qless.arg_count(S, 'count', ARGV[4], 25)
  Qless.arg_none_after(S, ARGV, 4)
  local jobs = {}
  if count > 0 then
    jobs = redis.call('zrange', 'ql:t:' .. tag, offset, offset + count - 1)
  end
  return '{"total":' .. redis.call('zcard', 'ql:t:' .. tag) .. ',"jobs":' .. Qless.json_list(jobs) .. '}'
elseif command == 'top' then
  local offset = Qless.arg_count(S, 'offset', ARGV[2], 0)
  local count = Qless.arg_count(S, 'count', ARGV[3], 25)
  Qless.arg_none_after(S, ARGV, 3)
  local top = {}
  if count > 0 then
    local flat = redis.call('zrevrangebyscore', 'ql:tags', '+inf', 1, 'WITHSCORES',
      'LIMIT', offset, count)
    for i = 1, #flat, 2 do
      table.insert(top, { tag = flat[i], count = Qless.number(flat[i + 1]) })
    end
  end
  return Qless.json_list(top)
end
Qless.arg_error(S, 'command', 'must be add, remove, get or top', command)
