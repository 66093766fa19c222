-- Stats per queue and UTC day: ql:s:wait:<day>:<queue> and ql:s:run:<day>:<queue> hold a
-- Welford running mean (total, mean, vk) and 148 histogram bins; ql:s:stats:<day>:<queue> holds
-- failures, failed and retries.

function Qless.day(now)
  local seconds = math.floor(now)
  return seconds - (seconds % 86400)
end

-- The histogram field for a duration: s0..s59, m1..m59, h1..h23, d1..d6. Six days and more all
-- land in d6, so the 148 bins always add up to the count.
function Qless.histogram_bin(seconds)
  local v = math.floor(seconds)
  if v < 0 then
    v = 0
  end
  if v < 60 then
    return 's' .. v
  elseif v < 3600 then
    return 'm' .. math.floor(v / 60)
  elseif v < 86400 then
    return 'h' .. math.floor(v / 3600)
  end
  return 'd' .. math.min(math.floor(v / 86400), 6)
end

-- Keys live as long as the longer of stats-history and histogram-history (in days) after their
-- day: both kinds of figure share one hash, so they can only expire together. The time to live
-- is counted from the caller's `now`, not the server's clock, which scripts cannot read.
local function stats_expire(key, day, now)
  local days = math.max(Qless.config_number('stats-history'), Qless.config_number('histogram-history'))
  local ttl = math.floor(day + (days + 1) * 86400 - now)
  if ttl > 0 then
    redis.call('expire', key, ttl)
  end
end

-- Adds one duration (seconds) to the `kind` (wait or run) figures of `queue` for now's day.
function Qless.stat_duration(queue, kind, now, seconds)
  if seconds < 0 then
    seconds = 0
  end
  local day = Qless.day(now)
  local key = 'ql:s:' .. kind .. ':' .. day .. ':' .. queue
  local current = redis.call('hmget', key, 'total', 'mean', 'vk')
  local count = (Qless.number(current[1]) or 0) + 1
  local mean = Qless.number(current[2]) or 0
  local vk = Qless.number(current[3]) or 0
  local delta = seconds - mean
  mean = mean + delta / count
  vk = vk + delta * (seconds - mean)
  redis.call('hmset', key, 'total', count, 'mean', mean, 'vk', vk)
  redis.call('hincrby', key, Qless.histogram_bin(seconds), 1)
  stats_expire(key, day, now)
end

-- Adds `delta` to failures, failed or retries of `queue` on the day of `when`.
function Qless.stat_count(queue, when, field, delta)
  if queue == nil or queue == false or queue == '' then
    return
  end
  local day = Qless.day(when)
  local key = 'ql:s:stats:' .. day .. ':' .. queue
  redis.call('hincrby', key, field, delta)
  stats_expire(key, day, when)
end
