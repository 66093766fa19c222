-- desk.once: any one command run at most once per key, its reply kept as a receipt.

-- How long a receipt is kept: the failed-group batches keep theirs as long (a day), far beyond
-- any reconnect a bulk run waits for.
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
