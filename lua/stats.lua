-- SPDX-License-Identifier: GPL-3.0-or-later
-- stats(0, queue, date): the figures of `queue` for the UTC day holding `date` (a timestamp):
-- {retries, failed, failures, wait: {count, mean, std, histogram[148]}, run: {...}}, the
-- histogram in bin order s0..s59, m1..m59, h1..h23, d1..d6 (six days and more in d6).
-- Changes nothing. The same figures as qless.lua's stats (Qless.queue_stats).
local S = 'Stats'
local queue = Qless.arg_string(S, 'queue', ARGV[1])
local date = Qless.face_number(S, 'date', ARGV[2])
Qless.arg_none_after(S, ARGV, 2)
return cjson.encode(Qless.queue_stats(queue, Qless.day(math.floor(date))))
