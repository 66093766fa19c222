// SPDX-License-Identifier: GPL-3.0-or-later
#include "luatext.h"

#include <cctype>
#include <sstream>

namespace {
bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The identifier starting at `at` (empty when none).
std::string nameAt(const std::string &text, size_t at)
{
    size_t end = at;
    while (end < text.size() && isNameChar(text[end]))
        ++end;
    return text.substr(at, end - at);
}

// Whether `Qless` at `at` is the whole identifier, not the tail of a longer one (QlessLoad).
bool qlessAt(const std::string &text, size_t at)
{
    if (text.compare(at, 5, "Qless") != 0)
        return false;
    if (at > 0 && isNameChar(text[at - 1]))
        return false;
    return at + 5 >= text.size() || !isNameChar(text[at + 5]);
}
} // namespace

LuaText::LuaText(const std::string &text)
    : m_code(withoutComments(text))
{}

// Lua comments: `--` to the end of the line, or `--[[ ... ]]` (any level of `=`); neither
// starts inside a string. Newlines are kept so line numbers still match.
std::string LuaText::withoutComments(const std::string &text)
{
    std::string out = text;
    size_t i = 0;
    while (i < out.size()) {
        const char c = out[i];
        if (c == '\'' || c == '"') {
            for (++i; i < out.size() && out[i] != c && out[i] != '\n'; ++i)
                if (out[i] == '\\')
                    ++i;
            ++i;
        } else if (c == '-' && i + 1 < out.size() && out[i + 1] == '-') {
            size_t end = out.find('\n', i);
            if (out.compare(i + 2, 1, "[") == 0) {
                size_t level = 0;
                while (i + 3 + level < out.size() && out[i + 3 + level] == '=')
                    ++level;
                if (i + 3 + level < out.size() && out[i + 3 + level] == '[') {
                    const std::string close = "]" + std::string(level, '=') + "]";
                    const size_t closing = out.find(close, i);
                    end = closing == std::string::npos ? out.size() : closing + close.size();
                }
            }
            if (end == std::string::npos)
                end = out.size();
            for (size_t k = i; k < end; ++k)
                if (out[k] != '\n')
                    out[k] = ' ';
            i = end;
        } else {
            ++i;
        }
    }
    return out;
}

std::vector<std::string> LuaText::lines() const
{
    std::vector<std::string> result;
    std::istringstream in(m_code);
    for (std::string line; std::getline(in, line);)
        result.push_back(line);
    return result;
}

std::set<std::string> LuaText::definedFields() const
{
    std::set<std::string> names;
    for (const std::string &line : lines()) {
        if (line.rfind("function Qless.", 0) == 0) {
            names.insert(nameAt(line, 15));
        } else if (line.rfind("Qless.", 0) == 0) {
            const std::string name = nameAt(line, 6);
            size_t after = 6 + name.size();
            while (after < line.size() && line[after] == ' ')
                ++after;
            if (after < line.size() && line[after] == '=' && line.compare(after, 2, "==") != 0)
                names.insert(name);
        }
    }
    return names;
}

std::set<std::string> LuaText::referencedFields() const
{
    std::set<std::string> names;
    for (size_t at = m_code.find("Qless"); at != std::string::npos; at = m_code.find("Qless", at + 1)) {
        if (qlessAt(m_code, at) && m_code.compare(at + 5, 1, ".") == 0) {
            const std::string name = nameAt(m_code, at + 6);
            if (!name.empty())
                names.insert(name);
        }
    }
    return names;
}

bool LuaText::dynamicAccess() const
{
    for (size_t at = m_code.find("Qless"); at != std::string::npos; at = m_code.find("Qless", at + 1)) {
        size_t after = at + 5;
        while (after < m_code.size() && m_code[after] == ' ')
            ++after;
        if (qlessAt(m_code, at) && after < m_code.size() && m_code[after] == '[')
            return true;
    }
    return false;
}

bool LuaText::usesWord(const std::string &word) const
{
    for (size_t at = m_code.find(word); at != std::string::npos; at = m_code.find(word, at + 1)) {
        const bool startsWord = at == 0 || !isNameChar(m_code[at - 1]);
        const size_t end = at + word.size();
        const bool endsWord = end >= m_code.size() || !isNameChar(m_code[end]);
        if (startsWord && endsWord)
            return true;
    }
    return false;
}
