-- SPDX-License-Identifier: GPL-3.0-or-later
-- tag(0, 'add', jid, now, tag, ...) | tag(0, 'remove', jid, now, tag, ...)
--   -> the job's tags after the change (JSON array), or false when there is no such job.
-- tag(0, 'get', tag, [offset, [count]]) -> {total, jobs: [jids]} oldest tagging first.
-- tag(0, 'top', [offset, [count]]) -> [{tag, count}, ...] most used first, tags on one job
--   or more (as desk.tags; qless's tag top leaves out tags on a single job).
-- get and top change nothing. add and remove are qless's tag (Qless.tag).
local S = 'Tag'
local command = ARGV[1]

if command == 'add' or command == 'remove' then
  local jid = Qless.arg_string(S, 'jid', ARGV[2])
  local now = Qless.arg_now(S, ARGV[3])
  if ARGV[4] == nil then
    Qless.arg_error(S, 'tag', 'missing')
  end
  local tags = { jid }
  for i = 4, #ARGV do
    table.insert(tags, Qless.arg_string(S, 'tag', ARGV[i]))
  end
  if not Qless.job_exists(jid) then
    return false
  end
  return Qless.json_list(Qless.tag(now, command, tags))
elseif command == 'get' then
  local tag = Qless.arg_string(S, 'tag', ARGV[2])
  local offset = Qless.arg_count(S, 'offset', ARGV[3], 0)
  local count = Qless.arg_count(S, 'count', ARGV[4], 25)
  Qless.arg_none_after(S, ARGV, 4)
  local page = Qless.tag(0, 'get', { tag, offset, count })
  -- qless reads a count of 0 as a range to the end; the seed face gives no jids.
  if count == 0 then page.jobs = {} end
  return '{"total":' .. page.total .. ',"jobs":' .. Qless.json_list(page.jobs) .. '}'
elseif command == 'top' then
  local offset = Qless.arg_count(S, 'offset', ARGV[2], 0)
  local count = Qless.arg_count(S, 'count', ARGV[3], 25)
  Qless.arg_none_after(S, ARGV, 3)
  return Qless.json_list(Qless.desk_tags(offset, count))
end
Qless.arg_error(S, 'command', 'must be add, remove, get or top', command)
