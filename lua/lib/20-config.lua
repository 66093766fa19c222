-- Configuration: ql:config holds overrides; these are the defaults (COMPAT.md).
Qless.config_defaults = {
  ['application'] = 'qless',
  ['heartbeat'] = 60,
  ['stats-history'] = 30,
  ['histogram-history'] = 7,
  ['jobs-history-count'] = 50000,
  ['jobs-history'] = 604800,
  ['max-worker-age'] = 86400,
}

-- Options whose value must be a number, so that `config set` can refuse anything else.
function Qless.config_is_numeric(option)
  if option == 'application' then
    return false
  end
  return Qless.config_defaults[option] ~= nil or string.sub(option, -10) == '-heartbeat'
end

function Qless.config_get(option)
  local value = redis.call('hget', 'ql:config', option)
  if value then
    return value
  end
  return Qless.config_defaults[option]
end

-- A numeric option; a stored value that is not a number falls back to the default.
function Qless.config_number(option)
  return Qless.number(redis.call('hget', 'ql:config', option)) or Qless.config_defaults[option]
end

-- The lock length for jobs popped from `queue`: `<queue>-heartbeat`, else `heartbeat`.
function Qless.heartbeat_for(queue)
  return Qless.number(redis.call('hget', 'ql:config', queue .. '-heartbeat'))
    or Qless.config_number('heartbeat')
end
