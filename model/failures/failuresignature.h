// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// What a failure "actually is", for grouping thousands of failures a person would call the same:
// the message's first line with its variable parts masked (numbers, ids, hex, paths, quoted
// values, addresses) and the top frame of its backtrace without the line number. qless groups
// failures by the `group` its worker chose (usually the exception class); within one group the
// messages differ only by such values, or they come from different places in the code.
//
// A qless failure's message is what the worker reported: the gem and qless-py send the
// exception's text and then its backtrace, a frame a line ("/app/lib/x.rb:42:in `perform'",
// or Python's "  File \"/app/x.py\", line 42, in perform").
struct FailureSignature
{
    QString message; // the first line, masked
    QString frame;   // the top backtrace frame, "file: function" ("" when the message has none)

    static FailureSignature of(const QString &failureMessage);
    // The first line with its variable parts replaced by <n>, <hex>, <id>, <path>, <url>, <email>,
    // <ip> and "…" for quoted values.
    static QString mask(const QString &line);
    // The first frame of the backtrace in `failureMessage`, as "file: function" (the file's path
    // kept, the line number dropped: the same code keeps its name across deploys).
    static QString topFrame(const QString &failureMessage);

    // One text for both, the key a cluster is kept under.
    QString key() const { return frame.isEmpty() ? message : message + QLatin1Char('\n') + frame; }
    bool operator==(const FailureSignature &other) const { return message == other.message && frame == other.frame; }
};
