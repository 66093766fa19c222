// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <set>
#include <string>
#include <vector>

// The generated part of the permission check before a command's first write
// (Qless.check_permissions, lua/lib/10-base.lua): per command, only the writes and channels the
// definitions it loads can use (WriteScan), each asked of redis.acl_check_cmd with literal
// arguments (a loop over a list, building `ql:` .. channel each time, costs a call about as
// much as the checks themselves). Checked in the order of the library's own lists
// (Qless.published_channels, then Qless.write_commands), so a user refused sees the same first
// refusal the whole check would name.
class PermissionChecks final
{
public:
    // `library`: the library's text; its lists Qless.published_channels and Qless.write_commands
    // are read from it.
    explicit PermissionChecks(const std::string &library);

    // Adds a command's checks: those of `channels` and of the `commands` that write. A channel not
    // in Qless.published_channels is an error (the whole check and desk.permissions would miss it).
    void add(const std::string &command, const std::set<std::string> &channels, const std::set<std::string> &commands);
    // The Lua code: `Qless.missing_permission(check, key)`, the first refusal of the called command
    // (ARGV[1], and for desk.once the command it runs, ARGV[4]) as kind ('channel' or 'command')
    // and name, or nil when the user may do all of it.
    std::string code() const;
    const std::string &error() const { return m_error; }

private:
    std::vector<std::string> m_channels; // Qless.published_channels, in order
    std::vector<std::string> m_writes;   // Qless.write_commands, in order
    std::string m_branches;
    std::string m_error;
};
