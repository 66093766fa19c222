-- SPDX-License-Identifier: GPL-3.0-or-later
-- config(0, 'get', [option]) | config(0, 'set', option, value) | config(0, 'unset', option)
-- get: without an option, JSON of the defaults merged with what ql:config overrides (numbers for
-- the options qless reads as numbers, text for the rest); with one, its value (a string) or nil.
-- set / unset: qless's config.set / config.unset (Qless.config_set: the one check both faces
-- share, a non-number refused for every option qless reads as a number; any number accepted, as
-- qless accepts it). Both publish config_set / config_unset on ql:log and reply with nothing.
local S = 'Config'
local command = ARGV[1]
if command == 'get' then
  local option = ARGV[2]
  Qless.arg_none_after(S, ARGV, 2)
  if option == nil then
    local all = Qless.config_all()
    for name, value in pairs(all) do
      if Qless.config_is_numeric(name) then
        all[name] = Qless.number(value) or value
      end
    end
    return cjson.encode(all)
  end
  Qless.arg_string(S, 'option', option)
  local value = Qless.config_get(option)
  if value == nil then
    return false
  end
  return tostring(value)
elseif command == 'set' then
  local option = Qless.arg_string(S, 'option', ARGV[2])
  if ARGV[3] == nil then
    Qless.arg_error(S, 'value', 'missing')
  end
  Qless.arg_none_after(S, ARGV, 3)
  Qless.config_set(option, ARGV[3])
  return nil
elseif command == 'unset' then
  local option = Qless.arg_string(S, 'option', ARGV[2])
  Qless.arg_none_after(S, ARGV, 2)
  Qless.config_unset(option)
  return nil
end
Qless.arg_error(S, 'command', 'must be get, set or unset', command)
