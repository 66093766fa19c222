// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <set>
#include <string>
#include <vector>

// A library file cut into what the lazy joiner loads one by one: each top-level definition
// (`function Qless.x(...)` up to the next `end` alone on a line, or `Qless.x = value`, a table
// up to its closing brace) is a unit, so a call creates only the functions its command reaches.
// A file with anything else at its top level (a `local` its functions share, a statement) is one
// unit whole: its definitions share that state and must come into being together.
class LibUnits final
{
public:
    struct Unit
    {
        size_t first = 0; // line indexes, both included; the whole file for a whole unit
        size_t last = 0;
        std::set<std::string> defines;
        std::set<std::string> refers;
    };

    explicit LibUnits(const std::string &text);

    const std::vector<Unit> &units() const { return m_units; }
    bool whole() const { return m_whole; }

private:
    bool cut(const std::vector<std::string> &code);
    std::vector<Unit> m_units;
    bool m_whole = false;
};
