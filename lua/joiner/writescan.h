// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <set>
#include <string>
#include <vector>

// What a piece of the library can write or publish, read off its text for the permission check
// before a command's first write (Qless.check_permissions): a command checks only what the
// definitions it loads can do, instead of every write and channel of the scripts. A plain scan:
// the Redis commands named by a literal first argument of `redis.call(` / `redis.pcall(` /
// `Qless.call_in_slices(` (and the fourth of `Qless.read_typed(`), the channels named by a literal
// first argument of `Qless.publish(` / `Qless.publish_if_tracked(` (`'w:' .. worker` is `w:*`).
//
// A call whose name is computed cannot be read. It is refused (the build fails) unless the piece
// says what it covers in a comment line: `-- ACL: forwards` for a definition that passes its
// caller's name on (Qless.publish; its callers' literals are read where they call it), or
// `-- ACL: publishes <channel>... (remark)` for the channels a computed name can be.
class WriteScan final
{
public:
    // `raw`: the piece's text as written (its `-- ACL:` comments are read from it).
    explicit WriteScan(const std::string &raw);

    // Every command named (reads too: the caller keeps those it knows to be writes).
    const std::set<std::string> &commands() const { return m_commands; }
    // Channels without their `ql:` prefix (`log`, `put`, `w:*`).
    const std::set<std::string> &channels() const { return m_channels; }
    // The computed names no `-- ACL:` comment covers, as `line N: <call>`; empty when all is read.
    const std::vector<std::string> &unread() const { return m_unread; }

private:
    void scanCalls(const std::string &code, const std::string &sink, size_t argument, bool channel, bool forwards);
    std::set<std::string> m_commands;
    std::set<std::string> m_channels;
    std::vector<std::string> m_unread;
};
