// SPDX-License-Identifier: GPL-3.0-or-later
#include "libunits.h"

#include "luatext.h"

#include <cctype>

namespace {
std::string trimmed(const std::string &line)
{
    size_t begin = 0, end = line.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(line[begin])))
        ++begin;
    while (end > begin && std::isspace(static_cast<unsigned char>(line[end - 1])))
        --end;
    return line.substr(begin, end - begin);
}

std::string rightTrimmed(const std::string &line)
{
    size_t end = line.size();
    while (end > 0 && std::isspace(static_cast<unsigned char>(line[end - 1])))
        --end;
    return line.substr(0, end);
}

// Braces opened minus closed on a line of code, strings left out.
int braceBalance(const std::string &code)
{
    int balance = 0;
    for (size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '\'' || c == '"') {
            for (++i; i < code.size() && code[i] != c; ++i)
                if (code[i] == '\\')
                    ++i;
        } else if (c == '{') {
            ++balance;
        } else if (c == '}') {
            --balance;
        }
    }
    return balance;
}

std::string joined(const std::vector<std::string> &lines, size_t first, size_t last)
{
    std::string text;
    for (size_t i = first; i <= last; ++i)
        text += lines[i] + "\n";
    return text;
}
} // namespace

LibUnits::LibUnits(const std::string &text)
{
    const std::vector<std::string> code = LuaText(text).lines();
    if (cut(code))
        return;
    m_whole = true;
    m_units.clear();
    Unit whole;
    whole.last = code.empty() ? 0 : code.size() - 1;
    const LuaText all(text);
    whole.defines = all.definedFields();
    whole.refers = all.referencedFields();
    m_units.push_back(whole);
}

// False when the file has a top-level line that is neither a definition nor a comment.
bool LibUnits::cut(const std::vector<std::string> &code)
{
    for (size_t i = 0; i < code.size(); ++i) {
        const std::string line = trimmed(code[i]);
        if (line.empty())
            continue;
        if (code[i] != line && code[i].rfind(line, 0) != 0)
            return false; // indented: not top level
        Unit unit;
        unit.first = i;
        unit.last = i;
        const bool oneLine = line.size() >= 4 && line.compare(line.size() - 4, 4, " end") == 0;
        if (line.rfind("function Qless.", 0) == 0) {
            if (!oneLine) {
                // The function's `end` is the first one at the start of a line (the body is indented).
                while (unit.last + 1 < code.size() && rightTrimmed(code[unit.last + 1]) != "end")
                    ++unit.last;
                if (unit.last + 1 >= code.size())
                    return false;
                ++unit.last;
            }
        } else if (line.rfind("Qless.", 0) == 0) {
            int balance = braceBalance(line);
            while (balance > 0 && unit.last + 1 < code.size())
                balance += braceBalance(code[++unit.last]);
            if (balance != 0)
                return false;
        } else {
            return false;
        }
        const LuaText piece(joined(code, unit.first, unit.last));
        unit.defines = piece.definedFields();
        if (unit.defines.size() != 1)
            return false;
        unit.refers = piece.referencedFields();
        m_units.push_back(unit);
        i = unit.last;
    }
    return true;
}
