-- SPDX-License-Identifier: GPL-3.0-or-later
-- desk.once: any one command run at most once per key, its reply kept as a receipt.

-- How long a receipt is kept at most: a bulk run deletes its receipts itself once it no longer
-- needs them (desk.release below); the day is for a run whose console vanished midway, far
-- beyond any reconnect a run waits for. The failed-group batches keep theirs as long.
Qless.desk_receipt_seconds = 86400

-- Runs `run()` (the command `name`) unless ql:receipt:<key> already holds a reply, and keeps what
-- it replied there, written in the same script as the command's own writes: a receipt exists
-- exactly when what the command did is in the database. A caller whose reply was lost sends the
-- same key again and gets the first reply, nothing changed twice. A command that fails (an error
-- reply) leaves no receipt: qless's commands check before they write, so it changed nothing and
-- may be sent again. A key whose receipt belongs to another command is refused: two steps given
-- one key by mistake must not answer for each other.
function Qless.desk_once(key, name, run)
  if key == '' then Qless.fail_with('Desk.once(): Arg "key" empty') end
  local receipt = 'ql:receipt:' .. key
  local stored = redis.call('get', receipt)
  if stored then
    local ok, kept = pcall(cjson.decode, stored)
    if not ok or type(kept) ~= 'table' or kept.command ~= name then
      Qless.fail_with('Desk.once(): key ' .. key .. ' holds the receipt of something else')
    end
    return kept.reply
  end
  local reply = run()
  -- Kept as {command, reply}: a reply of nil leaves `reply` out, false and true and lists and
  -- text come back as they went (the Redis reply rebuilt from them is the same).
  redis.call('set', receipt, cjson.encode({ command = name, reply = reply }), 'EX', Qless.desk_receipt_seconds)
  return reply
end

-- desk.release: a bulk run lets go of the receipts it no longer needs.

-- At most this many receipts deleted in one call: a DEL of a few hundred small keys stays well
-- under a millisecond of the server's time, and the console never asks for more at once.
Qless.desk_release_cap = 500

-- The run's record: how many of its releases the server has applied, in order.
function Qless.desk_run_key(run)
  return 'ql:desk:run:' .. run
end

-- Deletes the receipts ql:receipt:<key> of run `run` (each key must start with "<run>:", so a
-- caller can only ever drop a run's own receipts) as its release number `n`, and records n as
-- the run's count of releases applied. Why the count: a step's receipt is what tells a server
-- that came back from an older snapshot apart from one that still holds the step's work; once
-- the receipt is gone, the record takes over. Every release runs after the steps it releases
-- (the caller sends it once they all replied), so a server whose record says n holds all that the
-- steps of releases 1..n did: a snapshot that has the record has what came before it.
-- So the releases are applied in order only: n when the record says n - 1 (absent: 0); one the
-- server already applied (record >= n) changes nothing more (a release whose reply was lost is
-- sent again); one beyond the next (the server lost releases, it came back from an older
-- snapshot) deletes nothing. Returns the record's count after the call, which tells the caller
-- which case it was. n = 'end': the run is over: the keys and the record are deleted, and with
-- `group` the failure group's ql:desk:kept set its batches kept (Qless.desk_kept_key), returns 0.
-- The record is kept as long as a receipt is (a day), for a run whose console vanished.
function Qless.desk_release(run, n, keys, group)
  local who = 'Desk.release'
  if run == '' then Qless.fail_with(who .. '(): Arg "run" empty') end
  if #keys > Qless.desk_release_cap then
    Qless.fail_with(who .. '(): at most ' .. Qless.desk_release_cap .. ' keys a call, not ' .. #keys)
  end
  local prefix = run .. ':'
  for _, key in ipairs(keys) do
    if key:sub(1, #prefix) ~= prefix then
      Qless.fail_with(who .. '(): key ' .. key .. ' is not a receipt of run ' .. run)
    end
  end
  local record = Qless.desk_run_key(run)
  local applied = 0
  if n ~= 'end' then
    applied = tonumber(redis.call('get', record) or '0') or 0
    if applied < n - 1 then return applied end
  end
  for i = 1, #keys, 100 do
    local chunk = {}
    for j = i, math.min(i + 99, #keys) do chunk[#chunk + 1] = 'ql:receipt:' .. keys[j] end
    redis.call('del', unpack(chunk))
  end
  if n == 'end' then
    redis.call('del', record)
    if group then redis.call('del', Qless.desk_kept_key(group)) end
    return 0
  end
  if applied < n then
    redis.call('set', record, n, 'EX', Qless.desk_receipt_seconds)
    applied = n
  end
  return applied
end
