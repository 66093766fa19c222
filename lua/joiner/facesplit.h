// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <string>
#include <vector>

// The API face lua/qless.lua cut into what the lazy joiner treats apart: its `Api['name'] =
// function(now, a) ... end` entries (a one-line entry ends on its own line, a longer one at the
// next line that is `end` alone), its top-level local helpers (`local function name(` up to
// the next `end` alone, or a one-line `local name = ...`) and the rest (comments, the dispatch),
// which every command runs.
class FaceSplit final
{
public:
    struct Piece
    {
        std::string name; // the command (entries) or the local's name (helpers)
        size_t first = 0; // line indexes, both included
        size_t last = 0;
    };

    // `code` is the face's text with its comments blanked (LuaText::code), line for line.
    explicit FaceSplit(const std::vector<std::string> &codeLines);

    const std::vector<Piece> &entries() const { return m_entries; }
    const std::vector<Piece> &helpers() const { return m_helpers; }
    // The lines that are neither, joined: the code every command runs.
    std::string alwaysCode() const;
    // The lines of a piece, joined.
    std::string text(const Piece &piece) const;
    // What went wrong reading the face (an entry without its end), empty when nothing did.
    const std::string &error() const { return m_error; }

private:
    size_t blockEnd(size_t first);
    std::vector<std::string> m_lines;
    std::vector<Piece> m_entries;
    std::vector<Piece> m_helpers;
    std::vector<bool> m_inPiece;
    std::string m_error;
};
