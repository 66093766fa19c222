-- SPDX-License-Identifier: GPL-3.0-or-later
-- Configuration: ql:config holds overrides of the defaults below, as text.

Qless.config_defaults = {
  ['application'] = 'qless',
  ['heartbeat'] = 60,
  ['grace-period'] = 10,
  ['stats-history'] = 30,
  ['histogram-history'] = 7,
  ['jobs-history-count'] = 50000,
  ['jobs-history'] = 604800,
}

-- Options qless reads as numbers: setting them to text would break every later pop or complete.
Qless.config_numeric = {
  ['heartbeat'] = true, ['grace-period'] = true, ['stats-history'] = true,
  ['histogram-history'] = true, ['jobs-history'] = true, ['jobs-history-count'] = true,
  ['max-worker-age'] = true, ['max-job-history'] = true,
}

function Qless.config_is_numeric(option)
  return Qless.config_numeric[option] or string.find(option, '%-heartbeat$') ~= nil
    or string.find(option, '%-max%-concurrency$') ~= nil
end

-- One option: the override, else the default, else `default`.
function Qless.config_get(option, default)
  local value = redis.call('hget', 'ql:config', option)
  if value then return value end
  local builtin = Qless.config_defaults[option]
  if builtin ~= nil then return builtin end
  return default
end

-- A numeric option as a number; a stored value that is not one counts as `default`.
function Qless.config_number(option, default)
  return Qless.stored_number(Qless.config_get(option), default)
end

-- Every option: defaults merged with the overrides.
function Qless.config_all()
  local all = {}
  for option, value in pairs(Qless.config_defaults) do all[option] = value end
  local flat = redis.call('hgetall', 'ql:config')
  for i = 1, #flat, 2 do all[flat[i]] = flat[i + 1] end
  return all
end

function Qless.config_set(option, value)
  Qless.arg('config.set', 'option', option)
  Qless.arg('config.set', 'value', value)
  if Qless.config_is_numeric(option) and Qless.number(value) == nil then
    Qless.fail_with('config.set(): option "' .. option .. '" takes a number, not: ' .. tostring(value))
  end
  Qless.log_event({ event = 'config_set', option = option, value = value })
  redis.call('hset', 'ql:config', option, value)
end

function Qless.config_unset(option)
  Qless.arg('config.unset', 'option', option)
  Qless.log_event({ event = 'config_unset', option = option })
  redis.call('hdel', 'ql:config', option)
end
