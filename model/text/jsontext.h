// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// JSON as an operator reads it, for every job system's records (Blueque's parameters, SideJob's
// args, state and port values).
namespace JsonText {
// `text` indented when it is a JSON object or array; any other JSON value or text as it is.
QString pretty(const QByteArray &text);
// `text` on one line without the whitespace JSON allows, when it parses; else as it is.
QString compact(const QByteArray &text);
} // namespace JsonText
