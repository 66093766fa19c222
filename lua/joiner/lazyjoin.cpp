// SPDX-License-Identifier: GPL-3.0-or-later
// qlessdesk-lazyjoin: joins the library lua/lib/*.lua and the API face lua/qless.lua into the
// unified qless.lua so that a call runs only what its command needs.
//
// Redis runs the whole script on every EVALSHA, so every `function Qless.x()` of the library
// is created anew on each call (and collected after): with ~230 definitions that fixed cost was
// most of a cheap command's time. Here each top-level definition of a library file is a unit
// (LibUnits; a file whose definitions share top-level locals is one unit), all files are branches
// of one loader function (QlessLoadFile) whose units run only when wanted, the build computes
// from the text which units each Api command needs (those defining the `Qless.<name>` fields its
// entry, the face helpers it uses and the dispatch refer to, and so on transitively), and the
// script runs only those and defines only the called command's Api entry. A field read that the
// computation missed still works: a metatable on Qless then loads every unit left (the safety
// net); the --strict build raises an error instead, so that the tests prove no command needs it.
//
// Usage: qlessdesk-lazyjoin [--strict] <out> <face> <lib files, sorted...>
#include "facesplit.h"
#include "libunits.h"
#include "luatext.h"
#include "permissionchecks.h"
#include "writescan.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace {
// A library file and the units it is cut into (LibUnits); units are numbered across all files.
struct LibFile
{
    std::string path;
    std::string text;
    std::vector<LibUnits::Unit> units;
    size_t firstUnit = 0;
    bool whole = false;
};

// A unit as the dependency computation sees it.
struct UnitRef
{
    size_t file = 0;
    std::set<std::string> refers;
    std::set<size_t> needs;         // other units
    std::set<std::string> commands; // what it can call and publish (WriteScan)
    std::set<std::string> channels;
};

bool readFile(const std::string &path, std::string *text)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    *text = buffer.str();
    return true;
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::string baseName(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

int fail(const std::string &why)
{
    std::fprintf(stderr, "qlessdesk-lazyjoin: %s\n", why.c_str());
    return 1;
}

// What a command loads: the files to run (one byte each, 1-based, ascending, Lua decimal escapes)
// and the units they define, as a Lua list whose entry `unit` is true when needed.
struct Needs
{
    std::set<size_t> files;
    std::set<size_t> units;
    std::set<std::string> commands; // what the units can call and publish, for the permission check
    std::set<std::string> channels;

    void add(const WriteScan &scan)
    {
        commands.insert(scan.commands().begin(), scan.commands().end());
        channels.insert(scan.channels().begin(), scan.channels().end());
    }

    std::string filesLiteral() const
    {
        std::string literal = "'";
        for (size_t file : files)
            literal += "\\" + std::to_string(file + 1);
        return literal + "'";
    }
    std::string unitsLiteral() const
    {
        std::string literal = "{";
        const size_t last = units.empty() ? 0 : *units.rbegin();
        for (size_t unit = 0; !units.empty() && unit <= last; ++unit) {
            literal += units.count(unit) ? "true," : "nil,";
            if (unit % 32 == 31)
                literal += "\n    ";
        }
        return literal + "}";
    }
};

class Joiner
{
public:
    std::vector<LibFile> lib;
    std::vector<UnitRef> units;
    std::map<std::string, size_t> definedIn; // field -> unit

    // The units needed for these field references, closed over the units' own needs.
    Needs needsFor(const std::set<std::string> &fields) const
    {
        Needs needs;
        std::vector<size_t> todo;
        for (const std::string &field : fields) {
            const auto it = definedIn.find(field);
            if (it != definedIn.end() && needs.units.insert(it->second).second)
                todo.push_back(it->second);
        }
        while (!todo.empty()) {
            const size_t unit = todo.back();
            todo.pop_back();
            for (size_t other : units[unit].needs)
                if (needs.units.insert(other).second)
                    todo.push_back(other);
        }
        for (size_t unit : needs.units) {
            needs.files.insert(units[unit].file);
            needs.commands.insert(units[unit].commands.begin(), units[unit].commands.end());
            needs.channels.insert(units[unit].channels.begin(), units[unit].channels.end());
        }
        return needs;
    }
};

// A piece of the face with the code of the face helpers it uses (transitively: desk_page_count
// uses desk_count), whose Qless fields and writes are the piece's too.
std::string faceReach(const FaceSplit &face, const std::string &code)
{
    std::string reach = code;
    std::set<std::string> seen;
    std::vector<std::string> todo = {code};
    while (!todo.empty()) {
        const LuaText text(todo.back());
        todo.pop_back();
        for (const FaceSplit::Piece &helper : face.helpers()) {
            if (seen.count(helper.name) || !text.usesWord(helper.name))
                continue;
            seen.insert(helper.name);
            const std::string helperCode = face.text(helper);
            reach += "\n" + helperCode;
            todo.push_back(helperCode);
        }
    }
    return reach;
}

// What a piece of the face needs: the units of the fields it refers to, and what it writes itself.
Needs faceNeeds(const Joiner &joiner, const FaceSplit &face, const std::string &code, std::string *unread)
{
    const std::string reach = faceReach(face, code);
    Needs needs = joiner.needsFor(LuaText(reach).referencedFields());
    const WriteScan scan(reach);
    needs.add(scan);
    if (!scan.unread().empty())
        *unread = scan.unread().front();
    return needs;
}
} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    bool strict = false;
    if (!args.empty() && args.front() == "--strict") {
        strict = true;
        args.erase(args.begin());
    }
    if (args.size() < 3)
        return fail("usage: qlessdesk-lazyjoin [--strict] <out> <face> <lib files...>");
    const std::string out = args[0];
    const std::string facePath = args[1];

    Joiner joiner;
    std::string library;
    bool hoisted = false;
    for (size_t i = 2; i < args.size(); ++i) {
        LibFile file;
        file.path = args[i];
        if (!readFile(file.path, &file.text))
            return fail("cannot read " + file.path);
        // The one table every file defines its fields on lives outside the loader function.
        const std::string declaration = "\nlocal Qless = {}\n";
        const size_t at = file.text.find(declaration);
        if (at != std::string::npos) {
            if (hoisted)
                return fail("`local Qless = {}` declared twice");
            file.text.replace(at, declaration.size(),
                              "\n-- (local Qless = {}: declared by the joiner, before the loader function)\n");
            hoisted = true;
        }
        if (LuaText(file.text).dynamicAccess())
            return fail(file.path + ": Qless[...] indexed by a computed name");
        const LibUnits cut(file.text);
        file.units = cut.units();
        file.whole = cut.whole();
        file.firstUnit = joiner.units.size();
        const std::vector<std::string> rawLines = splitLines(file.text);
        for (const LibUnits::Unit &unit : file.units) {
            for (const std::string &name : unit.defines) {
                if (joiner.definedIn.count(name))
                    return fail("Qless." + name + " defined twice (" + file.path + ")");
                joiner.definedIn[name] = joiner.units.size();
            }
            std::string raw;
            for (size_t l = unit.first; l <= unit.last && l < rawLines.size(); ++l)
                raw += rawLines[l] + "\n";
            const WriteScan scan(raw);
            if (!scan.unread().empty())
                return fail(file.path + ", the unit from line " + std::to_string(unit.first + 1) + ", "
                            + scan.unread().front()
                            + ": a computed command or channel, which the permission check cannot read (say what it "
                              "covers: -- ACL: forwards | -- ACL: publishes <channel>..., lua/joiner/writescan.h)");
            joiner.units.push_back(UnitRef{joiner.lib.size(), unit.refers, {}, scan.commands(), scan.channels()});
        }
        library += file.text + "\n";
        joiner.lib.push_back(file);
    }
    if (!hoisted)
        return fail("no file declares `local Qless = {}`");
    if (joiner.lib.size() > 255)
        return fail("more library files than one byte can name");
    for (size_t u = 0; u < joiner.units.size(); ++u) {
        for (const std::string &name : joiner.units[u].refers) {
            const auto it = joiner.definedIn.find(name);
            if (it != joiner.definedIn.end() && it->second != u)
                joiner.units[u].needs.insert(it->second);
        }
    }

    std::string faceText;
    if (!readFile(facePath, &faceText))
        return fail("cannot read " + facePath);
    const LuaText faceCode(faceText);
    if (faceCode.dynamicAccess())
        return fail(facePath + ": Qless[...] indexed by a computed name");
    const FaceSplit face(faceCode.lines());
    if (!face.error().empty())
        return fail(facePath + ": " + face.error());
    std::string unread;
    const Needs always = faceNeeds(joiner, face, face.alwaysCode(), &unread);
    if (!unread.empty())
        return fail(facePath + ": " + unread + ": a computed command or channel");
    PermissionChecks checks(library);
    if (!checks.error().empty())
        return fail(checks.error());

    std::ostringstream script;
    script << "-- qlessdesk qless script 'qless.lua': generated from lua/lib/*.lua and lua/qless.lua by\n"
              "-- lua/joiner (qlessdesk-lazyjoin"
           << (strict ? " --strict: no safety net, for tests" : "")
           << "). Edit those files, not this one.\n"
              "-- Redis runs all of a script on every call: only the library definitions the called command\n"
              "-- needs are run (a unit each, `if want[n]`), and only its Api entry is defined.\n"
              "local Qless = {}\n"
              "-- Runs the library file numbered `file` (the files in sorted order), defining the units\n"
              "-- `want` marks; one function, so a call creates one closure for all of the loading.\n"
              "local function QlessLoadFile(file, want)\n";
    for (size_t i = 0; i < joiner.lib.size(); ++i) {
        const LibFile &file = joiner.lib[i];
        script << (i == 0 ? "if" : "elseif") << " file == " << i + 1 << " then -- lua/lib/" << baseName(file.path)
               << (file.whole ? " (one unit: its definitions share top-level locals)" : "") << "\n";
        const std::vector<std::string> lines = splitLines(file.text);
        size_t next = 0;
        for (size_t l = 0; l < lines.size(); ++l) {
            const bool starts = next < file.units.size() && file.units[next].first == l;
            if (starts)
                script << "if want[" << file.firstUnit + next + 1 << "] then\n";
            script << lines[l] << "\n";
            if (next < file.units.size() && file.units[next].last == l) {
                script << "end\n";
                ++next;
            }
        }
        if (next != file.units.size())
            return fail(file.path + ": a unit past the end of the file");
    }
    script << "end\n"
              "end\n";
    const size_t unitCount = joiner.units.size();
    Needs all;
    for (size_t u = 0; u < unitCount; ++u)
        all.units.insert(u);
    for (size_t i = 0; i < joiner.lib.size(); ++i)
        all.files.insert(i);
    script << "\n-- What a command needs, as the build found it from the Qless fields its entry, its helpers,\n"
              "-- the dispatch and the definitions they reach refer to: the files (a byte each) and the\n"
              "-- units (want[n]).\n"
              "local function QlessNeeds(command)\n";
    std::set<std::string> seenEntries;
    for (const FaceSplit::Piece &entry : face.entries()) {
        if (!seenEntries.insert(entry.name).second)
            return fail(facePath + ": Api['" + entry.name + "'] twice");
        Needs needs = faceNeeds(joiner, face, face.text(entry), &unread);
        if (!unread.empty())
            return fail(facePath + ": Api['" + entry.name + "'], " + unread + ": a computed command or channel");
        needs.files.insert(always.files.begin(), always.files.end());
        needs.units.insert(always.units.begin(), always.units.end());
        needs.commands.insert(always.commands.begin(), always.commands.end());
        needs.channels.insert(always.channels.begin(), always.channels.end());
        checks.add(entry.name, needs.channels, needs.commands);
        script << "  if command == '" << entry.name << "' then return " << needs.filesLiteral() << ",\n    "
               << needs.unitsLiteral() << " end\n";
    }
    script << "  return " << always.filesLiteral() << ", " << always.unitsLiteral()
           << "\n"
              "end\n"
              "local QlessWant = {} -- the commands whose Api entries this call defines\n"
              "local QlessFiles, QlessUnits = '', {}\n"
              "if ARGV[1] ~= nil then QlessWant[ARGV[1]] = true end\n"
              "QlessFiles, QlessUnits = QlessNeeds(ARGV[1])\n"
              "-- desk.once also runs the command its second argument names: both commands' needs.\n"
              "if ARGV[1] == 'desk.once' and ARGV[4] ~= nil then\n"
              "  QlessWant[ARGV[4]] = true\n"
              "  local files, units = QlessNeeds(ARGV[4])\n"
              "  local merged = ''\n"
              "  for file = 1, "
           << joiner.lib.size()
           << " do\n"
              "    if string.find(QlessFiles .. files, string.char(file), 1, true) then merged = merged .. "
              "string.char(file) end\n"
              "  end\n"
              "  QlessFiles = merged\n"
              "  for unit = 1, "
           << unitCount
           << " do QlessUnits[unit] = QlessUnits[unit] or units[unit] end\n"
              "end\n"
              "for i = 1, #QlessFiles do QlessLoadFile(string.byte(QlessFiles, i), QlessUnits) end\n";
    if (!checks.error().empty())
        return fail(checks.error());
    script << checks.code();
    if (strict) {
        script << "-- Strict build: a field read the build did not foresee is an error, not a load.\n"
                  "setmetatable(Qless, { __index = function(_, name)\n"
                  "  error('qless.lua (strict build): Qless.' .. tostring(name) .. ' is not among the definitions '\n"
                  "    .. 'the build computed for ' .. tostring(ARGV[1]), 2)\n"
                  "end })\n";
    } else {
        script << "-- The safety net: a field the build's computation missed loads every definition left.\n"
                  "setmetatable(Qless, { __index = function(fields, name)\n"
                  "  setmetatable(fields, nil)\n"
                  "  local rest = {}\n"
                  "  for unit = 1, "
               << unitCount
               << " do rest[unit] = not QlessUnits[unit] end\n"
                  "  for file = 1, "
               << joiner.lib.size()
               << " do QlessLoadFile(file, rest) end\n"
                  "  return rawget(fields, name)\n"
                  "end })\n";
    }
    script << "\n";

    // The face, each Api entry defined only when wanted: the `if` on a line of its own and the
    // `end` after the entry's last, so every entry line still starts `Api['name'] =` (tests and
    // tools read the command names off the script).
    const std::vector<std::string> faceLines = splitLines(faceText);
    size_t nextEntry = 0;
    for (size_t i = 0; i < faceLines.size(); ++i) {
        const bool first = nextEntry < face.entries().size() && face.entries()[nextEntry].first == i;
        if (first)
            script << "if QlessWant['" << face.entries()[nextEntry].name << "'] then\n";
        script << faceLines[i];
        if (nextEntry < face.entries().size() && face.entries()[nextEntry].last == i) {
            script << " end";
            ++nextEntry;
        }
        script << "\n";
    }

    const std::string tmp = out + ".tmp";
    {
        std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
        file << script.str();
        if (!file)
            return fail("cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), out.c_str()) != 0)
        return fail("cannot rename " + tmp + " to " + out);
    return 0;
}
