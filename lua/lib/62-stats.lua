-- SPDX-License-Identifier: GPL-3.0-or-later
-- Per-queue, per-day statistics: ql:s:wait|run:<day>:<queue> hold a running count, mean and
-- variance sum (total, mean, vk: Welford's method, so one pass and no stored samples) plus a
-- histogram; ql:s:stats:<day>:<queue> holds retries, failures and failed.

-- The histogram's bins: seconds of the first minute, minutes of the first hour, hours of the
-- first day, then days. Built on demand, not at load: every call of the script runs its whole
-- text, and building 148 names each time cost more than most commands do.
function Qless.histogram_bins()
  local bins = {}
  for i = 0, 59 do bins[#bins + 1] = 's' .. i end
  for i = 1, 59 do bins[#bins + 1] = 'm' .. i end
  for i = 1, 23 do bins[#bins + 1] = 'h' .. i end
  for i = 1, 6 do bins[#bins + 1] = 'd' .. i end
  return bins
end

-- The bin a duration of `seconds` falls in. Six days and more go to d6, so the bins always sum
-- to the count; a negative duration (clocks of different callers) counts as 0.
function Qless.histogram_bin(seconds)
  local s = math.max(0, math.floor(seconds))
  if s < 60 then return 's' .. s end
  if s < 3600 then return 'm' .. math.floor(s / 60) end
  if s < 86400 then return 'h' .. math.floor(s / 3600) end
  return 'd' .. math.min(6, math.floor(s / 86400))
end

-- Counts one duration of `kind` ('wait' or 'run') for `queue` on the day of `now`.
function Qless.stat_add(queue, now, kind, value)
  local key = Qless.stats_key(kind, now, queue)
  local f = redis.call('hmget', key, 'total', 'mean', 'vk')
  local count = Qless.stored_number(f[1], 0)
  local mean = Qless.stored_number(f[2], 0)
  local vk = Qless.stored_number(f[3], 0)
  if count <= 0 then
    count, mean, vk = 1, value, 0
  else
    count = count + 1
    local before = mean
    mean = mean + (value - mean) / count
    vk = vk + (value - mean) * (value - before)
  end
  redis.call('hincrby', key, Qless.histogram_bin(value), 1)
  redis.call('hmset', key, 'total', count, 'mean', mean, 'vk', vk)
end

-- {count, mean, std, histogram} of one kind; unreadable figures read as 0.
function Qless.stat_summary(kind, date, queue)
  local key = Qless.stats_key(kind, date, queue)
  local f = redis.call('hmget', key, 'total', 'mean', 'vk')
  local count = Qless.stored_number(f[1], 0)
  local vk = Qless.stored_number(f[3], 0)
  local summary = { count = count, mean = Qless.stored_number(f[2], 0), std = 0, histogram = {} }
  if count > 1 and vk > 0 then summary.std = math.sqrt(vk / (count - 1)) end
  local names = Qless.histogram_bins()
  local bins = redis.call('hmget', key, unpack(names))
  for i = 1, #names do
    summary.histogram[i] = Qless.stored_number(bins[i], 0)
  end
  -- Other writers (qless-core, the 2012 scripts) count a week and more in d7, d8, ...: those
  -- belong in the last bin, or the bins would not sum to the count.
  for _, field in ipairs(redis.call('hkeys', key)) do
    local days = tonumber(string.match(field, '^d(%d+)$'))
    if days and days > 6 then
      summary.histogram[#names] = summary.histogram[#names]
        + Qless.stored_number(redis.call('hget', key, field), 0)
    end
  end
  return summary
end

function Qless.queue_stats(queue, date)
  local f = redis.call('hmget', Qless.stats_key('stats', date, queue), 'retries', 'failed', 'failures')
  return {
    retries = Qless.stored_number(f[1], 0),
    failed = Qless.stored_number(f[2], 0),
    failures = Qless.stored_number(f[3], 0),
    wait = Qless.stat_summary('wait', date, queue),
    run = Qless.stat_summary('run', date, queue),
  }
end
