// SPDX-License-Identifier: GPL-3.0-or-later
#include "facesplit.h"

#include <cctype>

namespace {
std::string trimmedRight(const std::string &line)
{
    size_t end = line.size();
    while (end > 0 && std::isspace(static_cast<unsigned char>(line[end - 1])))
        --end;
    return line.substr(0, end);
}

std::string nameAt(const std::string &line, size_t at)
{
    size_t end = at;
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
        ++end;
    return line.substr(at, end - at);
}

bool endsWithEnd(const std::string &line)
{
    const std::string code = trimmedRight(line);
    return code.size() >= 4 && code.compare(code.size() - 4, 4, " end") == 0;
}
} // namespace

FaceSplit::FaceSplit(const std::vector<std::string> &codeLines)
    : m_lines(codeLines)
    , m_inPiece(codeLines.size(), false)
{
    const std::string entryStart = "Api['";
    const std::string entryHead = "] = function(now, a)";
    for (size_t i = 0; i < m_lines.size(); ++i) {
        const std::string &line = m_lines[i];
        Piece piece;
        piece.first = i;
        if (line.rfind(entryStart, 0) == 0) {
            const size_t close = line.find('\'', entryStart.size());
            if (close == std::string::npos || line.compare(close + 1, entryHead.size(), entryHead) != 0) {
                m_error =
                    "line " + std::to_string(i + 1) + ": an Api entry not written `Api['name'] = function(now, a)`";
                return;
            }
            piece.name = line.substr(entryStart.size(), close - entryStart.size());
            const bool oneLine = trimmedRight(line).size() > close + 1 + entryHead.size();
            if (oneLine && !endsWithEnd(line)) {
                m_error = "line " + std::to_string(i + 1) + ": a one-line Api entry that does not end with `end`";
                return;
            }
            piece.last = oneLine ? i : blockEnd(i);
            if (piece.last == 0)
                return;
            m_entries.push_back(piece);
        } else if (line.rfind("local function ", 0) == 0) {
            piece.name = nameAt(line, 15);
            piece.last = endsWithEnd(line) ? i : blockEnd(i);
            if (piece.last == 0)
                return;
            m_helpers.push_back(piece);
        } else if (line.rfind("local ", 0) == 0) {
            piece.name = nameAt(line, 6);
            piece.last = i;
            m_helpers.push_back(piece);
        } else {
            continue;
        }
        for (size_t k = piece.first; k <= piece.last; ++k)
            m_inPiece[k] = true;
        i = piece.last;
    }
}

// The line that closes the block opened at `first`: the next `end` at the start of a line.
size_t FaceSplit::blockEnd(size_t first)
{
    for (size_t k = first + 1; k < m_lines.size(); ++k)
        if (trimmedRight(m_lines[k]) == "end")
            return k;
    m_error = "line " + std::to_string(first + 1) + ": no `end` closes this block";
    return 0;
}

std::string FaceSplit::alwaysCode() const
{
    std::string code;
    for (size_t i = 0; i < m_lines.size(); ++i)
        if (!m_inPiece[i])
            code += m_lines[i] + "\n";
    return code;
}

std::string FaceSplit::text(const Piece &piece) const
{
    std::string code;
    for (size_t i = piece.first; i <= piece.last; ++i)
        code += m_lines[i] + "\n";
    return code;
}
