-- SPDX-License-Identifier: GPL-3.0-or-later
-- put(1, queue; jid, klass, data, now, delay, [priority p], [tags t], [retries r], [depends d])
-- Creates a job in `queue`, or moves an existing one there, as qless's put does (Qless.put): it
-- leaves its old queue, its worker (told lock_lost; its heartbeat and complete then fail), its
-- failure group or the completed set; `remaining` is reset to `retries`; priority, tags and
-- retries are kept unless given; new `depends` replace the old dependencies. Replies with the jid.
local S = 'Put'
local queue = Qless.arg_string(S, 'queue', KEYS[1])
local jid = Qless.arg_string(S, 'jid', ARGV[1])
local klass = Qless.arg_string(S, 'klass', ARGV[2])
local data = Qless.arg_json_text(S, 'data', ARGV[3])
local now = Qless.arg_now(S, ARGV[4])
local delay = Qless.arg_not_negative(S, 'delay', ARGV[5])
local _, given = Qless.arg_options(S, ARGV, 6, {
  priority = Qless.face_number,
  tags = Qless.arg_string_list,
  retries = Qless.arg_count,
  depends = Qless.arg_string_list,
})

local args = { jid, klass, data, delay }
Qless.append(args, given)
return Qless.put(now, '', queue, args)
