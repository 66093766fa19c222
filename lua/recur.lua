-- SPDX-License-Identifier: GPL-3.0-or-later
-- Recurring jobs: a template ql:r:<jid> in queue's ql:q:<queue>-recur zset, scored by its next
-- run; pop spawns <jid>-<count> jobs from it as they fall due. Each command is qless's (recur,
-- unrecur, recur.get, recur.update, recur.tag, recur.untag of the library); the face keeps the
-- seed's arguments and replies.
-- recur(0, 'on', queue, jid, klass, data, now, 'interval', secs, offset,
--       [priority p], [tags t], [retries r])           -> jid; first run at now + offset
-- recur(0, 'off', jid, ...)                             -> number of templates removed
-- recur(0, 'get', jid)                                  -> template JSON (with `next`, and the
--                                                          `backlog` current qless keeps), or nil;
--                                                          changes nothing
-- recur(0, 'update', jid, [priority p], [interval i], [retries r], [data d], [klass k], [queue q])
--                                                       -> true, or false when no such template
-- recur(0, 'tag', jid, tag, ...) / recur(0, 'untag', jid, tag, ...) -> tags (JSON), or false
local S = 'Recur'
local command = ARGV[1]

local function tags_of(script, first)
  if ARGV[first] == nil then
    Qless.arg_error(script, 'tag', 'missing')
  end
  local tags = {}
  for i = first, #ARGV do
    table.insert(tags, Qless.arg_string(script, 'tag', ARGV[i]))
  end
  return tags
end

if command == 'on' then
  local queue = Qless.arg_string(S, 'queue', ARGV[2])
  local jid = Qless.arg_string(S, 'jid', ARGV[3])
  local klass = Qless.arg_string(S, 'klass', ARGV[4])
  local data = Qless.arg_json_text(S, 'data', ARGV[5])
  local now = Qless.arg_now(S, ARGV[6])
  if ARGV[7] ~= 'interval' then
    Qless.arg_error(S, 'type', 'must be "interval"', ARGV[7])
  end
  local interval = Qless.arg_positive(S, 'interval', ARGV[8])
  local offset = Qless.face_number(S, 'offset', ARGV[9])
  local options, given = Qless.arg_options(S, ARGV, 10, {
    priority = Qless.face_number,
    tags = Qless.arg_string_list,
    retries = Qless.arg_count,
  })
  local args = { interval, offset }
  Qless.append(args, given)
  -- The seed's templates default to 5 retries (qless's recur to 0).
  if options.retries == nil then Qless.append(args, { 'retries', 5 }) end
  return Qless.recur(now, queue, jid, klass, data, 'interval', args)
elseif command == 'off' then
  if ARGV[2] == nil then
    Qless.arg_error(S, 'jid', 'missing')
  end
  for i = 2, #ARGV do
    Qless.arg_string(S, 'jid', ARGV[i])
  end
  local removed = 0
  for i = 2, #ARGV do
    if redis.call('exists', Qless.recur_key(ARGV[i])) == 1 then
      Qless.unrecur(ARGV[i])
      removed = removed + 1
    end
  end
  return removed
elseif command == 'get' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  Qless.arg_none_after(S, ARGV, 2)
  local template = Qless.recur_object(jid)
  if template == nil then
    return false
  end
  template.type = redis.call('hget', Qless.recur_key(jid), 'type')
  template.next = Qless.number(redis.call('zscore', Qless.queue_key(template.queue or '', 'recur'), jid))
  return cjson.encode(template)
elseif command == 'update' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  local _, given = Qless.arg_options(S, ARGV, 3, {
    priority = Qless.face_number,
    interval = Qless.arg_positive,
    retries = Qless.arg_count,
    data = Qless.arg_json_text,
    klass = Qless.arg_string,
    queue = Qless.arg_string,
  })
  local queue = redis.call('hget', Qless.recur_key(jid), 'queue')
  if not queue then
    return false
  end
  -- The seed's update takes no `now`: a queue named here is listed as of the template's next run.
  local next_run = Qless.number(redis.call('zscore', Qless.queue_key(queue, 'recur'), jid)) or 0
  return Qless.recur_update(next_run, jid, given)
elseif command == 'tag' or command == 'untag' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  local tags = tags_of(S, 3)
  if redis.call('exists', Qless.recur_key(jid)) == 0 then
    return false
  end
  return Qless.json_list(cjson.decode(Qless.recur_retag(jid, tags, command == 'tag')))
end
Qless.arg_error(S, 'command', 'must be on, off, get, update, tag or untag', command)
