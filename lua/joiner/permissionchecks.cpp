// SPDX-License-Identifier: GPL-3.0-or-later
#include "permissionchecks.h"

#include <algorithm>

namespace {
// The quoted strings of the table `Qless.<name> = { ... }` in `library`.
std::vector<std::string> listIn(const std::string &library, const std::string &name)
{
    std::vector<std::string> items;
    const size_t at = library.find("\nQless." + name + " = {");
    if (at == std::string::npos)
        return items;
    const size_t end = library.find('}', at);
    for (size_t open = library.find('\'', at); open < end; open = library.find('\'', open + 1)) {
        const size_t close = library.find('\'', open + 1);
        items.push_back(library.substr(open + 1, close - open - 1));
        open = close;
    }
    return items;
}
} // namespace

PermissionChecks::PermissionChecks(const std::string &library)
    : m_channels(listIn(library, "published_channels"))
    , m_writes(listIn(library, "write_commands"))
{
    if (m_channels.empty() || m_writes.empty())
        m_error = "no Qless.published_channels or Qless.write_commands list in the library";
}

void PermissionChecks::add(const std::string &command, const std::set<std::string> &channels,
                           const std::set<std::string> &commands)
{
    std::string checks;
    for (const std::string &channel : channels) {
        if (std::find(m_channels.begin(), m_channels.end(), channel) == m_channels.end())
            m_error = command + " publishes to ql:" + channel + ", which Qless.published_channels lacks";
    }
    for (const std::string &channel : m_channels) {
        if (channels.count(channel))
            checks +=
                "    if not check('publish', 'ql:" + channel + "', '') then return 'channel', '" + channel + "' end\n";
    }
    for (const std::string &write : m_writes) {
        if (commands.count(write))
            checks += "    if not check('" + write + "', key) then return 'command', '" + write + "' end\n";
    }
    if (checks.empty())
        return; // nothing to ask: no branch, one comparison less for every other command
    m_branches +=
        std::string(m_branches.empty() ? "  if" : "  elseif") + " command == '" + command + "' then\n" + checks;
}

std::string PermissionChecks::code() const
{
    return "-- What each command may be refused of what its definitions can write or publish (the build's\n"
           "-- reading of them, lua/joiner/writescan.h), asked before its first write by\n"
           "-- Qless.check_permissions: the first refusal as kind and name, or nil.\n"
           "local function QlessMissingPermission(command, check, key)\n"
           + m_branches + (m_branches.empty() ? "" : "  end\n")
           + "end\n"
             "function Qless.missing_permission(check, key)\n"
             "  local kind, name = QlessMissingPermission(ARGV[1], check, key)\n"
             "  if kind == nil and ARGV[1] == 'desk.once' and ARGV[4] ~= nil then\n"
             "    kind, name = QlessMissingPermission(ARGV[4], check, key)\n"
             "  end\n"
             "  return kind, name\n"
             "end\n";
}
