-- Argument checks of the seed's per-command faces (lua/<command>.lua): each face validates all of
-- its arguments before it touches a key, with errors naming the face and the argument in the
-- seed's words (Move(): Arg "now" not a number: soon). qless.lua's own commands use the checks of
-- 10-base.lua, whose texts are qless-core's.

function Qless.arg_error(script, name, why, value)
  local text = script .. '(): Arg "' .. name .. '" ' .. why
  if value ~= nil then text = text .. ': ' .. tostring(value) end
  error(text, 0)
end

-- A required, non-empty string.
function Qless.arg_string(script, name, value)
  if value == nil or value == '' then Qless.arg_error(script, name, 'missing') end
  return value
end

-- A finite number; `default` when absent (nil), an error when absent without one.
function Qless.face_number(script, name, value, default)
  if value == nil then
    if default ~= nil then return default end
    Qless.arg_error(script, name, 'missing')
  end
  local n = Qless.number(value)
  if n == nil then Qless.arg_error(script, name, 'not a number', value) end
  return n
end

function Qless.arg_now(script, value) return Qless.face_number(script, 'now', value) end

-- A whole number >= 0 (counts, offsets).
function Qless.arg_count(script, name, value, default)
  local n = Qless.face_number(script, name, value, default)
  if n < 0 or n ~= math.floor(n) then
    Qless.arg_error(script, name, 'not a whole number >= 0', value)
  end
  return n
end

-- No arguments beyond the `last` a face takes.
function Qless.arg_none_after(script, args, last)
  if #args > last then Qless.arg_error(script, tostring(last + 1), 'unexpected', args[last + 1]) end
end

-- Lua's JSON writes an empty table as {}; where the reply promises a list, say [].
function Qless.json_list(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end

-- A JSON text, decoded (the caller decides what is stored).
function Qless.face_json(script, name, value)
  if value == nil then Qless.arg_error(script, name, 'missing') end
  local ok, decoded = pcall(cjson.decode, value)
  if not ok then Qless.arg_error(script, name, 'not JSON', value) end
  return decoded
end
