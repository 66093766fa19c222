-- SPDX-License-Identifier: GPL-3.0-or-later
-- Several queues' stats of one day as one, for the Stats page's "All queues". qless keeps stats
-- per queue and day, so one `stats` call per queue and day made 1,000 calls a day over 1,000
-- queues, all sent at once. desk.statssum adds up to desk_statssum_most queues a call and stops
-- earlier, after a whole queue, once it has run desk_statssum_micros (a queue's cost depends on
-- how many histogram bins it filled and on the machine): its reply says how many of the queues
-- named it added, and the caller sends the others again.
--
-- The sum is the one the console made of qless's per-queue `stats` replies (model/daystatssum):
-- each queue's figures as Qless.queue_stats gives them, counts taken whole as the console reads
-- them, counts and bins added, means weighted by their counts, deviations pooled (within each
-- queue plus between the queues' means). The caller joins the parts of a day the same way, so a
-- day read in several calls adds up to what one call would have given.

-- Cost contract: at most desk_statssum_most queues a call, each an HMGET of three fields and two
-- HGETALLs of one queue's day (hashes of about 150 fields at most); at least one queue a call,
-- so a caller always gets on; the reply is one day's figures whatever the number of queues.
Qless.desk_statssum_most = 100
Qless.desk_statssum_micros = 1500

-- The console reads counts as whole numbers (cut toward zero).
local function whole(x)
  if x >= 0 then return math.floor(x) end
  return math.ceil(x)
end

-- Qless.stored_number(value, 0), quicker for what bins nearly always hold (digits alone): a call
-- reads about 300 of them a queue.
local function stored(value)
  if value and string.find(value, '^%d+$') then
    local n = tonumber(value)
    if n ~= math.huge then return n end
    return 0
  end
  return Qless.stored_number(value, 0)
end

-- One queue's `kind` on the day of `date`, read with one HGETALL: its bins are added to `bins`
-- (cut to whole numbers as the console reads each queue's), and its {count, mean, std} returned,
-- as Qless.stat_summary gives them.
local function add_duration(kind, date, queue, places, bins)
  local fields = redis.call('hgetall', Qless.stats_key(kind, date, queue))
  local last = #bins
  local raw_count, mean, vk, tail = 0, 0, 0, 0
  for i = 1, #fields, 2 do
    local name = fields[i]
    local place = places[name]
    if place == last then
      tail = tail + stored(fields[i + 1])
    elseif place then
      bins[place] = bins[place] + whole(stored(fields[i + 1]))
    elseif name == 'total' then
      raw_count = stored(fields[i + 1])
    elseif name == 'mean' then
      mean = stored(fields[i + 1])
    elseif name == 'vk' then
      vk = stored(fields[i + 1])
    else
      -- Other writers count a week and more in d7, d8, ...: the last bin, as stat_summary does.
      local days = tonumber(string.match(name, '^d(%d+)$'))
      if days and days > 6 then tail = tail + stored(fields[i + 1]) end
    end
  end
  bins[last] = bins[last] + whole(tail)
  local std = 0
  if raw_count > 1 and vk > 0 then std = math.sqrt(vk / (raw_count - 1)) end
  return { count = whole(raw_count), mean = mean, std = std }
end

-- Count, mean and std of the parts as one, as DayStatsSum::combine does; one part as it is.
local function combine(parts, bins)
  local sum = { count = 0, mean = 0, std = 0, histogram = bins }
  if #parts == 1 then
    sum.count, sum.mean, sum.std = parts[1].count, parts[1].mean, parts[1].std
    return sum
  end
  local weighted = 0
  for _, part in ipairs(parts) do
    sum.count = sum.count + part.count
    weighted = weighted + part.count * part.mean
  end
  if sum.count <= 0 then return sum end
  sum.mean = weighted / sum.count
  local squares = 0
  for _, part in ipairs(parts) do
    if part.count > 0 then
      local offset = part.mean - sum.mean
      squares = squares + (part.count - 1) * part.std * part.std + part.count * offset * offset
    end
  end
  if sum.count > 1 then sum.std = math.sqrt(math.max(0, squares) / (sum.count - 1)) end
  return sum
end

-- {summed, stats}: the figures of the first `summed` of `queues` on the day of `date` as one.
function Qless.desk_stats_sum(date, queues)
  local started = Qless.desk_micros()
  local places = {}
  local names = Qless.histogram_bins()
  for i, name in ipairs(names) do places[name] = i end
  local wait_bins, run_bins = {}, {}
  for i = 1, #names do wait_bins[i], run_bins[i] = 0, 0 end
  local stats = { retries = 0, failed = 0, failures = 0 }
  local waits, runs = {}, {}
  local summed = 0
  for i, queue in ipairs(queues) do
    if i > 1 and Qless.desk_micros() - started >= Qless.desk_statssum_micros then break end
    local f = redis.call('hmget', Qless.stats_key('stats', date, queue), 'retries', 'failed', 'failures')
    stats.retries = stats.retries + whole(Qless.stored_number(f[1], 0))
    stats.failed = stats.failed + whole(Qless.stored_number(f[2], 0))
    stats.failures = stats.failures + whole(Qless.stored_number(f[3], 0))
    waits[#waits + 1] = add_duration('wait', date, queue, places, wait_bins)
    runs[#runs + 1] = add_duration('run', date, queue, places, run_bins)
    summed = i
  end
  stats.wait = combine(waits, wait_bins)
  stats.run = combine(runs, run_bins)
  return { summed = summed, stats = stats }
end
