// SPDX-License-Identifier: GPL-3.0-or-later
#include "writescan.h"

#include "luatext.h"

#include <cctype>
#include <sstream>

namespace {
bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

size_t skipSpaces(const std::string &text, size_t at)
{
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
        ++at;
    return at;
}

// The position of the `argument`-th (1-based) argument of the call whose `(` is at `open`, or npos
// when the call has fewer: commas inside strings, brackets and braces do not count.
size_t argumentAt(const std::string &code, size_t open, size_t argument)
{
    size_t at = open + 1;
    int depth = 0;
    for (size_t seen = 1; seen < argument && at < code.size(); ++at) {
        const char c = code[at];
        if (c == '\'' || c == '"') {
            for (++at; at < code.size() && code[at] != c; ++at)
                if (code[at] == '\\')
                    ++at;
        } else if (c == '(' || c == '{' || c == '[') {
            ++depth;
        } else if (c == ')' || c == '}' || c == ']') {
            if (depth-- == 0)
                return std::string::npos;
        } else if (c == ',' && depth == 0) {
            ++seen;
        }
    }
    return skipSpaces(code, at);
}

// The 1-based line of `at`.
size_t lineOf(const std::string &text, size_t at)
{
    size_t line = 1;
    for (size_t i = 0; i < at && i < text.size(); ++i)
        if (text[i] == '\n')
            ++line;
    return line;
}
} // namespace

WriteScan::WriteScan(const std::string &raw)
{
    bool forwards = false;
    std::istringstream lines(raw);
    for (std::string line; std::getline(lines, line);) {
        const size_t tag = line.find("-- ACL:");
        if (tag == std::string::npos)
            continue;
        std::istringstream words(line.substr(tag + 7));
        std::string word;
        words >> word;
        if (word == "forwards") {
            forwards = true;
        } else if (word == "publishes") {
            while (words >> word && word[0] != '(')
                m_channels.insert(word); // a remark in brackets ends the list
            forwards = true;
        }
    }
    const std::string code = LuaText(raw).code();
    scanCalls(code, "redis.call(", 1, false, forwards);
    scanCalls(code, "redis.pcall(", 1, false, forwards);
    scanCalls(code, "Qless.call_in_slices(", 1, false, forwards);
    scanCalls(code, "Qless.read_typed(", 4, false, forwards);
    scanCalls(code, "read_key(", 1, false, forwards);
    scanCalls(code, "Qless.publish(", 1, true, forwards);
    scanCalls(code, "Qless.publish_if_tracked(", 1, true, forwards);
}

void WriteScan::scanCalls(const std::string &code, const std::string &sink, size_t argument, bool channel,
                          bool forwards)
{
    for (size_t at = code.find(sink); at != std::string::npos; at = code.find(sink, at + 1)) {
        if (at > 0 && (isNameChar(code[at - 1]) || code[at - 1] == '.'))
            continue; // a longer name
        // A definition (`function Qless.publish(channel, ...)`), not a call: its parameters are no names.
        if (at >= 9 && code.compare(at - 9, 9, "function ") == 0)
            continue;
        const size_t arg = argumentAt(code, at + sink.size() - 1, argument);
        const char quote = arg < code.size() ? code[arg] : '\0';
        if (quote == '\'' || quote == '"') {
            const size_t close = code.find(quote, arg + 1);
            std::string name = code.substr(arg + 1, close - arg - 1);
            const size_t after = skipSpaces(code, close + 1);
            if (code.compare(after, 2, "..") == 0)
                name += '*'; // a prefix: 'w:' .. worker
            if (channel) {
                m_channels.insert(name);
            } else {
                for (char &c : name)
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                m_commands.insert(name);
            }
            continue;
        }
        if (!forwards)
            m_unread.push_back("line " + std::to_string(lineOf(code, at)) + ": "
                               + code.substr(at, code.find('\n', at) - at));
    }
}
