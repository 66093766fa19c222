-- config(0, 'get', [option]) | config(0, 'set', option, value) | config(0, 'unset', option)
-- get: without an option, JSON of the defaults merged with what ql:config overrides; with one,
-- its value (a string) or nil. set: stores a value; the options qless reads as numbers (and every
-- <queue>-heartbeat and <queue>-max-concurrency) must be numbers, the counts whole numbers,
-- heartbeats and max-worker-age above 0, the history lengths not negative. unset: back to the
-- default. set and unset reply with nothing.
local S = 'Config'
local command = ARGV[1]
if command == 'get' then
  local option = ARGV[2]
  Qless.arg_none_after(S, ARGV, 2)
  if option == nil then
    local all = {}
    for name, value in pairs(Qless.config_defaults) do
      all[name] = value
    end
    local flat = redis.call('hgetall', 'ql:config')
    for i = 1, #flat, 2 do
      local value = flat[i + 1]
      if Qless.config_is_numeric(flat[i]) then
        value = Qless.number(value) or value
      end
      all[flat[i]] = value
    end
    return cjson.encode(all)
  end
  Qless.arg_string(S, 'option', option)
  local value = Qless.config_get(option)
  if value == nil then
    return false
  end
  return tostring(value)
elseif command == 'set' then
  local option = Qless.arg_string(S, 'option', ARGV[2])
  local value = ARGV[3]
  if value == nil then
    Qless.arg_error(S, 'value', 'missing')
  end
  Qless.arg_none_after(S, ARGV, 3)
  local kind = Qless.config_kind(option)
  if kind then
    local n = Qless.number(value)
    if n == nil then
      Qless.arg_error(S, 'value', 'not a number', value .. ' (qless reads ' .. option .. ' as a number)')
    end
    if kind == 'whole' and n ~= math.floor(n) then
      Qless.arg_error(S, 'value', 'not a whole number',
        value .. ' (qless hands ' .. option .. ' to Redis as a count)')
    end
    -- A heartbeat or worker age of 0 would make every job stalled and every worker gone at once;
    -- a negative history would delete every completed job. grace-period, max-job-history and
    -- max-concurrency take any number: qless reads 0 or less as none, no limit, no limit.
    local positive = option == 'heartbeat' or option == 'max-worker-age'
      or string.sub(option, -10) == '-heartbeat'
    local keeps = option == 'jobs-history' or option == 'jobs-history-count'
      or option == 'stats-history' or option == 'histogram-history'
    if positive and n <= 0 then
      Qless.arg_error(S, 'value', 'not above 0', value)
    elseif keeps and n < 0 then
      Qless.arg_error(S, 'value', 'negative', value)
    end
  end
  redis.call('hset', 'ql:config', option, value)
  return nil
elseif command == 'unset' then
  local option = Qless.arg_string(S, 'option', ARGV[2])
  Qless.arg_none_after(S, ARGV, 2)
  redis.call('hdel', 'ql:config', option)
  return nil
end
Qless.arg_error(S, 'command', 'must be get, set or unset', command)
