// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <set>
#include <string>
#include <vector>

// What the lazy joiner needs to know of a piece of Lua text: the `Qless.<name>` fields it
// defines at its top level and every one it refers to, comments left out (a name a comment
// mentions is not a dependency). A plain scan, not a parser: the library is written so that a
// definition starts a line (`function Qless.x(` or `Qless.x = `) and no field is reached by a
// computed name (`Qless[name]`), which LuaText::dynamicAccess reports so the build can refuse it.
class LuaText final
{
public:
    explicit LuaText(const std::string &text);

    // The text with every comment replaced by spaces (strings kept as they are).
    const std::string &code() const { return m_code; }
    std::vector<std::string> lines() const;

    // Names defined at the start of a line: `function Qless.name(` or `Qless.name =`.
    std::set<std::string> definedFields() const;
    // Every `Qless.name` the code reads, calls or passes on.
    std::set<std::string> referencedFields() const;
    // True when the code indexes Qless with brackets, which no static list can follow.
    bool dynamicAccess() const;
    // Whether `word` appears as a whole identifier in the code (a face helper's use).
    bool usesWord(const std::string &word) const;

private:
    static std::string withoutComments(const std::string &text);
    std::string m_code;
};
