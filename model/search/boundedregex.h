// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

#include <memory>

// A regular expression whose every match is bounded by PCRE2's own work counters, for patterns
// an operator types and the console runs over megabytes of job data. Same engine and options as
// QRegularExpression (PCRE2, UTF-16, UTF mode), so a pattern means what it means elsewhere in
// Qt; unlike QRegularExpression it says when PCRE2 gave up (QRegularExpression reports that as
// "no match") and lets us choose the bound.
//
// The bound is PCRE2's match limit (with the JIT stack, heap and depth limits): deterministic,
// the same pattern on the same text stops at the same point on any machine under any load,
// which a time budget would not (and a running match cannot be interrupted anyway). It stops
// exponential backtracking, the usual catastrophe ((a+)+$, (\w+\s?)*x), within milliseconds.
// It does not count the comparisons of a back reference, whose cost grows with the cube of
// the text ((a+)\1b ran for minutes on 10 KB without reaching the limit): such patterns are
// refused before a search starts (hasBackReference).
//
// The compiled pattern is immutable and shared between copies; match() may run on any thread
// with a Workspace of that thread's own.
class BoundedRegex
{
public:
    // PCRE2's counter: ten times below its default, far above what a sane pattern needs over a
    // megabyte of JSON, and reached by a runaway one such as (a+)+$ within milliseconds.
    static constexpr quint32 DefaultMatchLimit = 1000000;

    enum class Outcome { NoMatch, Match, TooCostly };

    // What one thread needs to run matches: its own match data and JIT stack.
    class Workspace
    {
    public:
        explicit Workspace(quint32 matchLimit = DefaultMatchLimit);
        ~Workspace();
        Workspace(const Workspace &) = delete;
        Workspace &operator=(const Workspace &) = delete;

    private:
        friend class BoundedRegex;
        struct Parts;
        std::unique_ptr<Parts> m_parts;
    };

    BoundedRegex() = default;
    explicit BoundedRegex(const QString &pattern);

    bool isEmpty() const { return m_pattern.isEmpty(); }
    bool isValid() const { return bool(m_code); }
    QString pattern() const { return m_pattern; }
    // Why the pattern does not compile (PCRE2's words) and where, counting from 0.
    QString errorString() const { return m_error; }
    qsizetype errorOffset() const { return m_errorOffset; }
    // \1, \k<name>, (?P=name): their cost is beyond the match limit (see above).
    bool hasBackReference() const { return m_backReference; }

    // Whether `subject` holds a match, or TooCostly when PCRE2 stopped at a limit first.
    // A subject that is not valid UTF-16 (a lone surrogate) is matched with U+FFFD in its place.
    Outcome match(QStringView subject, Workspace &workspace) const;

private:
    QString m_pattern;
    std::shared_ptr<void> m_code; // pcre2_code_16, freed with the last copy
    QString m_error;
    qsizetype m_errorOffset = -1;
    bool m_backReference = false;
};
