-- Shared helpers, joined in front of every command script at build time (see lua/CMakeLists.txt).
-- Everything hangs off one local table: Redis forbids globals, and Lua caps a chunk's locals.
local Qless = {}

-- Argument checks -------------------------------------------------------------------------
-- Every script validates all of its arguments before it touches a key, and its errors name the
-- script and the argument: Put(): Arg "delay" not a number: abc

function Qless.arg_error(script, name, why, value)
  local text = script .. '(): Arg "' .. name .. '" ' .. why
  if value ~= nil then
    text = text .. ': ' .. tostring(value)
  end
  error(text, 0)
end

-- A required, non-empty string.
function Qless.arg_string(script, name, value)
  if value == nil or value == '' then
    Qless.arg_error(script, name, 'missing')
  end
  return value
end

-- A finite decimal number (as Redis and clients write them: 12, -0.5, 1.7e+09), else nil.
-- Lua's own tonumber also takes hex, padding, 'inf' and 'nan'; JSON can carry none of these, and
-- data that holds them is someone else's text, to be shown as such rather than computed with.
function Qless.number(value)
  local n
  if type(value) == 'number' then
    n = value
  elseif type(value) == 'string' and (string.find(value, '^%-?%d*%.?%d+$')
      or string.find(value, '^%-?%d+%.$') or string.find(value, '^%-?%d*%.?%d+[eE][%-+]?%d+$')) then
    n = tonumber(value)
  end
  if n == nil or n ~= n or n == math.huge or n == -math.huge then
    return nil
  end
  return n
end

-- A finite number; `default` when the argument is absent (nil), an error when absent without one.
function Qless.arg_number(script, name, value, default)
  if value == nil then
    if default ~= nil then
      return default
    end
    Qless.arg_error(script, name, 'missing')
  end
  local n = Qless.number(value)
  if n == nil then
    Qless.arg_error(script, name, 'not a number', value)
  end
  return n
end

-- A whole number >= 0 (counts, offsets).
function Qless.arg_count(script, name, value, default)
  local n = Qless.arg_number(script, name, value, default)
  if n < 0 or n ~= math.floor(n) then
    Qless.arg_error(script, name, 'not a whole number >= 0', value)
  end
  return n
end

-- A JSON text; returns the decoded value. The raw text is what gets stored.
function Qless.arg_json(script, name, value)
  if value == nil then
    Qless.arg_error(script, name, 'missing')
  end
  local ok, decoded = pcall(cjson.decode, value)
  if not ok then
    Qless.arg_error(script, name, 'not JSON', value)
  end
  return decoded
end

-- A JSON array of strings (tags, jids). cjson decodes [] and {} alike, so both are accepted.
function Qless.arg_string_list(script, name, value)
  local decoded = Qless.arg_json(script, name, value)
  if type(decoded) ~= 'table' then
    Qless.arg_error(script, name, 'not a JSON array', value)
  end
  local out = {}
  for key, item in pairs(decoded) do
    if type(key) ~= 'number' or type(item) ~= 'string' or item == '' then
      Qless.arg_error(script, name, 'not a JSON array of non-empty strings', value)
    end
  end
  for i = 1, #decoded do
    out[i] = decoded[i]
  end
  return out
end

-- No arguments beyond those a script takes.
function Qless.arg_none_after(script, args, last)
  if #args > last then
    Qless.arg_error(script, tostring(last + 1), 'unexpected', args[last + 1])
  end
end

-- Options given as name/value pairs after the fixed arguments: put's priority, tags, ...
-- `spec` maps each allowed name to a checker function(script, name, value).
function Qless.arg_options(script, args, first, spec)
  local options = {}
  local i = first
  while i <= #args do
    local name = args[i]
    local check = spec[name]
    if check == nil then
      Qless.arg_error(script, tostring(name), 'unknown option')
    end
    if args[i + 1] == nil then
      Qless.arg_error(script, name, 'missing')
    end
    options[name] = check(script, name, args[i + 1])
    i = i + 2
  end
  return options
end

-- Many scripts take 'now' and use it for scores; checking it in one place keeps them alike.
function Qless.arg_now(script, value)
  return Qless.arg_number(script, 'now', value)
end

-- Lua's JSON writes an empty table as {}; where the reply promises a list, say [].
function Qless.json_list(list)
  if #list == 0 then
    return '[]'
  end
  return cjson.encode(list)
end
