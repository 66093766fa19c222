-- Configuration: ql:config holds overrides; these are the defaults. Current qless's own defaults
-- (application .. jobs-history, grace-period among them) plus max-worker-age, which qless reads
-- with 86400 as its fallback (COMPAT.md).
Qless.config_defaults = {
  ['application'] = 'qless',
  ['heartbeat'] = 60,
  ['grace-period'] = 10,
  ['stats-history'] = 30,
  ['histogram-history'] = 7,
  ['jobs-history-count'] = 50000,
  ['jobs-history'] = 604800,
  ['max-worker-age'] = 86400,
}

-- Options that current qless (or our scripts) read as numbers, besides `<queue>-heartbeat` and
-- `<queue>-max-concurrency`: text in any of them makes real workers' puts, pops or completes fail.
-- `true`: any number; 'whole': qless hands the value to Redis as a count or an index, where a
-- fraction is an error too.
Qless.config_numeric = {
  ['heartbeat'] = true,
  ['grace-period'] = true,
  ['stats-history'] = true,
  ['histogram-history'] = true,
  ['jobs-history'] = true,
  ['jobs-history-count'] = 'whole',
  ['max-worker-age'] = true,
  ['max-job-history'] = 'whole',
}

local function ends_with(text, suffix)
  return #text >= #suffix and string.sub(text, -#suffix) == suffix
end

-- What `config set` requires of a value: nil (any text), true (a number) or 'whole'.
function Qless.config_kind(option)
  if Qless.config_numeric[option] then
    return Qless.config_numeric[option]
  elseif ends_with(option, '-max-concurrency') then
    return 'whole'
  elseif ends_with(option, '-heartbeat') then
    return true
  end
  return nil
end

function Qless.config_is_numeric(option)
  return Qless.config_kind(option) ~= nil
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
