// qlessdesk-lazyjoin: joins the library lua/lib/*.lua and the API face lua/qless.lua into the
// unified qless.lua so that a call runs only what its command needs.
//
// Redis runs the whole script on every EVALSHA, so every `function Qless.x()` of the library
// is created anew on each call (and collected after): with ~230 definitions that fixed cost was
// most of a cheap command's time. Here each library file becomes a branch of one loader function
// (QlessLoadFile), the build computes from the text which files each Api command needs (the files
// defining the `Qless.<name>` fields its entry, the face helpers it uses and the dispatch refer
// to, and so on transitively), and the script loads only those files and defines only the
// called command's Api entry. A field read that the computation missed still works: a metatable
// on Qless then loads every file left (the safety net); the --strict build raises an error
// instead, so that the tests prove no command depends on it.
//
// Usage: qlessdesk-lazyjoin [--strict] <out> <face> <lib files, sorted...>
#include "facesplit.h"
#include "luatext.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace {
struct LibFile
{
    std::string path;
    std::string text;
    std::set<std::string> defines;
    std::set<std::string> refers;
    std::set<size_t> needs; // other files
};

bool readFile(const std::string &path, std::string *text)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    *text = buffer.str();
    return true;
}

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
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

// One byte per file index (1-based, as QlessLoadFile numbers them), in ascending order: Lua decimal escapes.
std::string needsLiteral(const std::set<size_t> &files)
{
    std::string literal = "'";
    for (size_t file : files) literal += "\\" + std::to_string(file + 1);
    return literal + "'";
}

class Joiner
{
public:
    std::vector<LibFile> lib;
    std::map<std::string, size_t> definedIn;

    // The files needed for these field references, closed over the files' own needs.
    std::set<size_t> filesFor(const std::set<std::string> &fields) const
    {
        std::set<size_t> files;
        std::vector<size_t> todo;
        for (const std::string &field : fields) {
            const auto it = definedIn.find(field);
            if (it != definedIn.end() && files.insert(it->second).second) todo.push_back(it->second);
        }
        while (!todo.empty()) {
            const size_t file = todo.back();
            todo.pop_back();
            for (size_t other : lib[file].needs)
                if (files.insert(other).second) todo.push_back(other);
        }
        return files;
    }
};

// The Qless fields a piece of the face refers to, with those of the face helpers it uses
// (transitively: desk_page_count uses desk_count).
std::set<std::string> faceFields(const FaceSplit &face, const std::string &code)
{
    std::set<std::string> fields = LuaText(code).referencedFields();
    std::set<std::string> seen;
    std::vector<std::string> todo = {code};
    while (!todo.empty()) {
        const LuaText text(todo.back());
        todo.pop_back();
        for (const FaceSplit::Piece &helper : face.helpers()) {
            if (seen.count(helper.name) || !text.usesWord(helper.name)) continue;
            seen.insert(helper.name);
            const std::string helperCode = face.text(helper);
            const std::set<std::string> more = LuaText(helperCode).referencedFields();
            fields.insert(more.begin(), more.end());
            todo.push_back(helperCode);
        }
    }
    return fields;
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
    if (args.size() < 3) return fail("usage: qlessdesk-lazyjoin [--strict] <out> <face> <lib files...>");
    const std::string out = args[0];
    const std::string facePath = args[1];

    Joiner joiner;
    bool hoisted = false;
    for (size_t i = 2; i < args.size(); ++i) {
        LibFile file;
        file.path = args[i];
        if (!readFile(file.path, &file.text)) return fail("cannot read " + file.path);
        // The one table every file defines its fields on lives outside the loaders.
        const std::string declaration = "\nlocal Qless = {}\n";
        const size_t at = file.text.find(declaration);
        if (at != std::string::npos) {
            if (hoisted) return fail("`local Qless = {}` declared twice");
            file.text.replace(at, declaration.size(), "\n-- (local Qless = {}: declared by the joiner, before the loaders)\n");
            hoisted = true;
        }
        const LuaText text(file.text);
        if (text.dynamicAccess()) return fail(file.path + ": Qless[...] indexed by a computed name");
        file.defines = text.definedFields();
        file.refers = text.referencedFields();
        for (const std::string &name : file.defines) {
            if (joiner.definedIn.count(name)) return fail("Qless." + name + " defined twice (" + file.path + ")");
            joiner.definedIn[name] = joiner.lib.size();
        }
        joiner.lib.push_back(file);
    }
    if (!hoisted) return fail("no file declares `local Qless = {}`");
    if (joiner.lib.size() > 255) return fail("more library files than one byte can name");
    for (size_t i = 0; i < joiner.lib.size(); ++i) {
        for (const std::string &name : joiner.lib[i].refers) {
            const auto it = joiner.definedIn.find(name);
            if (it != joiner.definedIn.end() && it->second != i) joiner.lib[i].needs.insert(it->second);
        }
    }

    std::string faceText;
    if (!readFile(facePath, &faceText)) return fail("cannot read " + facePath);
    const LuaText faceCode(faceText);
    if (faceCode.dynamicAccess()) return fail(facePath + ": Qless[...] indexed by a computed name");
    const FaceSplit face(faceCode.lines());
    if (!face.error().empty()) return fail(facePath + ": " + face.error());
    const std::set<size_t> always = joiner.filesFor(faceFields(face, face.alwaysCode()));

    std::ostringstream script;
    script << "-- qlessdesk qless script 'qless.lua': generated from lua/lib/*.lua and lua/qless.lua by\n"
              "-- lua/joiner (qlessdesk-lazyjoin" << (strict ? " --strict: no safety net, for tests" : "")
           << "). Edit those files, not this one.\n"
              "-- Redis runs all of a script on every call: each library file is a loader, run only\n"
              "-- for the commands that need it, and only the called command's Api entry is defined.\n"
              "local Qless = {}\n"
              "-- One function runs the file numbered `file` (the library's files in sorted order): one\n"
              "-- closure a call, where a loader per file would be one each.\n"
              "local function QlessLoadFile(file)\n";
    for (size_t i = 0; i < joiner.lib.size(); ++i) {
        const LibFile &file = joiner.lib[i];
        script << (i == 0 ? "if" : "elseif") << " file == " << i + 1 << " then -- lua/lib/" << baseName(file.path) << "\n"
               << file.text << (file.text.empty() || file.text.back() == '\n' ? "" : "\n");
    }
    script << "end\n"
              "end\n";
    std::set<size_t> all;
    for (size_t i = 0; i < joiner.lib.size(); ++i) all.insert(i);
    script << "\n-- The library files (QlessLoadFile's numbers, a byte each) a command needs, as the build\n"
              "-- found them from the Qless fields its entry, its helpers and the files refer to.\n"
              "local function QlessNeeds(command)\n";
    std::set<std::string> seenEntries;
    for (const FaceSplit::Piece &entry : face.entries()) {
        if (!seenEntries.insert(entry.name).second) return fail(facePath + ": Api['" + entry.name + "'] twice");
        std::set<size_t> files = joiner.filesFor(faceFields(face, face.text(entry)));
        files.insert(always.begin(), always.end());
        script << "  if command == '" << entry.name << "' then return " << needsLiteral(files) << " end\n";
    }
    script << "  return " << needsLiteral(always) << "\n"
              "end\n"
              "local QlessLoaded = {}\n"
              "local function QlessLoad(needs)\n"
              "  for i = 1, #needs do\n"
              "    local file = string.byte(needs, i)\n"
              "    if not QlessLoaded[file] then\n"
              "      QlessLoaded[file] = true\n"
              "      QlessLoadFile(file)\n"
              "    end\n"
              "  end\n"
              "end\n"
              "-- The commands whose Api entries this call defines: the one called and, for desk.once,\n"
              "-- the one it runs (named by its second argument).\n"
              "local QlessWant = {}\n"
              "local function QlessPrepare(command)\n"
              "  if command == nil then return end\n"
              "  QlessWant[command] = true\n"
              "  QlessLoad(QlessNeeds(command))\n"
              "end\n"
              "QlessPrepare(ARGV[1])\n"
              "if ARGV[1] == 'desk.once' then QlessPrepare(ARGV[4]) end\n";
    if (strict) {
        script << "-- Strict build: a field read the build did not foresee is an error, not a load.\n"
                  "setmetatable(Qless, { __index = function(_, name)\n"
                  "  error('qless.lua (strict build): Qless.' .. tostring(name) .. ' is not in the files '\n"
                  "    .. 'the build computed for ' .. tostring(ARGV[1]), 2)\n"
                  "end })\n";
    } else {
        script << "-- The safety net: a field the build's computation missed loads every file left.\n"
                  "setmetatable(Qless, { __index = function(fields, name)\n"
                  "  setmetatable(fields, nil)\n"
                  "  QlessLoad(" << needsLiteral(all) << ")\n"
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
        if (first) script << "if QlessWant['" << face.entries()[nextEntry].name << "'] then\n";
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
        if (!file) return fail("cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), out.c_str()) != 0) return fail("cannot rename " + tmp + " to " + out);
    return 0;
}
