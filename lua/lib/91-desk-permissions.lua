-- SPDX-License-Identifier: GPL-3.0-or-later
-- What the user running the script may do of what qless's scripts need, asked as Qless.check_permissions
-- asks it (redis.acl_check_cmd, Redis 7), but answered instead of raised: the console asks once at
-- connect and says plainly what it cannot do and why, before an operator tries an action. Reads only
-- ACL rules held in memory: about sixty checks, whatever the data (the bench's calls-alone kind
-- "the user's permissions").
-- {known = false} before Redis 7.0 (nothing can be asked; 6.2's users may publish everywhere unless
-- told otherwise), else {known = true, channels = [refused ql:<channel>...], writes = [refused
-- COMMAND...], reads = [refused COMMAND...]}: all empty for a user who may do everything qless does.

-- Every command the scripts read with (tests/model/tst_userpermissions.cpp keeps this whole). TIME,
-- which reads that stop on a clock call, is in no ACL category: a user given +@read lacks it.
Qless.desk_read_commands = {
  'dbsize', 'exists', 'get', 'hexists', 'hget', 'hgetall', 'hkeys', 'hmget', 'hstrlen', 'lindex', 'llen',
  'lrange', 'scan', 'scard', 'sismember', 'smembers', 'sscan', 'time', 'type', 'zcard', 'zcount', 'zrange',
  'zrangebyscore', 'zrank', 'zrevrange', 'zrevrangebyscore', 'zrevrank', 'zscan', 'zscore',
}

function Qless.desk_permissions()
  local check = redis.acl_check_cmd
  if check == nil then return { known = false } end
  local channels, writes, reads = {}, {}, {}
  for _, channel in ipairs(Qless.published_channels) do
    if not check('publish', 'ql:' .. channel, '') then channels[#channels + 1] = 'ql:' .. channel end
  end
  -- Every argument a key under ql:, as check_permissions asks.
  local key = 'ql:desk:acl'
  for _, name in ipairs(Qless.write_commands) do
    if not check(name, key, key, key) then writes[#writes + 1] = string.upper(name) end
  end
  for _, name in ipairs(Qless.desk_read_commands) do
    if not check(name, key, key, key) then reads[#reads + 1] = string.upper(name) end
  end
  return { known = true, channels = channels, writes = writes, reads = reads }
end
