-- SPDX-License-Identifier: GPL-3.0-or-later
-- failed(0, [group, [start, [limit]]]): without a group, {group: count} for every failure group;
-- with one, {total, jobs: [job objects]} from `start` (default 0), at most `limit` (default 25),
-- newest failure first, each as `get` replies it. A jid whose job is gone appears as
-- {jid, state: "missing"}. Changes nothing. The same page as qless.lua's desk.failed.
local S = 'Failed'
local group = ARGV[1]
if group == nil then
  return cjson.encode(Qless.failed(nil))
end
Qless.arg_string(S, 'group', group)
local start = Qless.arg_count(S, 'start', ARGV[2], 0)
local limit = Qless.arg_count(S, 'limit', ARGV[3], 25)
Qless.arg_none_after(S, ARGV, 3)

local page = Qless.desk_failed_page(group, start, limit)
return '{"total":' .. page.total .. ',"jobs":' .. Qless.json_list(page.jobs) .. '}'
