-- SPDX-License-Identifier: GPL-3.0-or-later
-- Argument checks of the seed's per-command faces (lua/<command>.lua): each face validates all of
-- its arguments before it touches a key, with errors naming the face and the argument in the
-- seed's words (Move(): Arg "now" not a number: soon). qless.lua's own commands use the checks of
-- 10-base.lua, whose texts are qless-core's.

function Qless.arg_error(script, name, why, value)
  local text = script .. '(): Arg "' .. name .. '" ' .. why
  if value ~= nil then text = text .. ': ' .. tostring(value) end
  Qless.fail_with(text)
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

-- A JSON array of non-empty strings (tags, jids); cjson reads [] and {} alike, both accepted.
function Qless.arg_string_list(script, name, value)
  local decoded = Qless.face_json(script, name, value)
  if type(decoded) ~= 'table' then Qless.arg_error(script, name, 'not a JSON array', value) end
  for key, item in pairs(decoded) do
    if type(key) ~= 'number' or type(item) ~= 'string' or item == '' then
      Qless.arg_error(script, name, 'not a JSON array of non-empty strings', value)
    end
  end
  local list = {}
  for i = 1, #decoded do list[i] = decoded[i] end
  return list
end

-- A number that must not be negative (delays); `default` when absent.
function Qless.arg_not_negative(script, name, value, default)
  local n = Qless.face_number(script, name, value, default)
  if n < 0 then Qless.arg_error(script, name, 'negative', value) end
  return n
end

-- A number above 0 (a recurring interval).
function Qless.arg_positive(script, name, value)
  local n = Qless.face_number(script, name, value)
  if n <= 0 then Qless.arg_error(script, name, 'not above 0', value) end
  return n
end

-- Name/value options after the fixed arguments (put's priority, tags, ...), checked by `spec`:
-- name -> function(script, name, value) returning the checked value. Returns {name = value} of
-- the checked values and, for the library, the same pairs as a flat list of the texts given.
function Qless.arg_options(script, args, first, spec)
  local options, pairs_given = {}, {}
  for i = first, #args, 2 do
    local name = args[i]
    local check = spec[name]
    if check == nil then Qless.arg_error(script, tostring(name), 'unknown option') end
    if args[i + 1] == nil then Qless.arg_error(script, name, 'missing') end
    options[name] = check(script, name, args[i + 1])
    table.insert(pairs_given, name)
    table.insert(pairs_given, args[i + 1])
  end
  return options, pairs_given
end

-- A JSON text checked and kept as given (data is stored as the client wrote it).
function Qless.arg_json_text(script, name, value)
  Qless.face_json(script, name, value)
  return value
end
