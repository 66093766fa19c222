-- stats(0, queue, date): the figures of `queue` for the UTC day holding `date` (a timestamp):
-- {retries, failed, failures, wait: {count, mean, std, histogram[148]}, run: {...}}, the
-- histogram in bin order s0..s59, m1..m59, h1..h23, d1..d6 (six days and more in d6).
-- Changes nothing.
local S = 'Stats'
local queue = Qless.arg_string(S, 'queue', ARGV[1])
local date = Qless.arg_number(S, 'date', ARGV[2])
Qless.arg_none_after(S, ARGV, 2)
local day = Qless.day(date)

local function figures(kind)
  local flat = redis.call('hgetall', 'ql:s:' .. kind .. ':' .. day .. ':' .. queue)
  local hash = {}
  for i = 1, #flat, 2 do
    hash[flat[i]] = flat[i + 1]
  end
  local count = Qless.number(hash.total) or 0
  local vk = Qless.number(hash.vk) or 0
  local std = 0
  if count > 1 and vk > 0 then
    std = math.sqrt(vk / (count - 1))
  end
  local histogram = {}
  for i = 0, 59 do
    table.insert(histogram, Qless.number(hash['s' .. i]) or 0)
  end
  for i = 1, 59 do
    table.insert(histogram, Qless.number(hash['m' .. i]) or 0)
  end
  for i = 1, 23 do
    table.insert(histogram, Qless.number(hash['h' .. i]) or 0)
  end
  for i = 1, 6 do
    table.insert(histogram, Qless.number(hash['d' .. i]) or 0)
  end
  -- Other writers put durations of a week and more in d7, d8, ...: they belong in the last bin.
  for name, value in pairs(hash) do
    local days = tonumber(string.match(name, '^d(%d+)$'))
    if days and days > 6 then
      histogram[148] = histogram[148] + (Qless.number(value) or 0)
    end
  end
  return { count = count, mean = Qless.number(hash.mean) or 0, std = std, histogram = histogram }
end

local counters = redis.call('hmget', 'ql:s:stats:' .. day .. ':' .. queue,
  'retries', 'failed', 'failures')
return cjson.encode({
  retries = Qless.number(counters[1]) or 0,
  failed = Qless.number(counters[2]) or 0,
  failures = Qless.number(counters[3]) or 0,
  wait = figures('wait'),
  run = figures('run'),
})
