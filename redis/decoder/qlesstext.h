// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

// The text of qless's replies: JSON whose strings may hold bytes that are not UTF-8 (written by
// anyone), shown as \xHH rather than dropped, and the way back from such a text to its bytes.
// Stateless: any thread may use it.
class QlessText final
{
public:
    QlessText() = delete;

    // Reply text to JSON; invalid UTF-8 inside strings escaped first (and *escaped set).
    static bool parseJson(const QByteArray &bytes, QJsonValue *out, bool *escaped = nullptr);
    // Bytes for display: UTF-8 as it is, anything else as \xHH.
    static QString displayText(const QByteArray &bytes, bool *escaped = nullptr);
    // The bytes displayText shows: each \xHH of a byte 0x80 or above back to that byte, the rest
    // as UTF-8. Names read from replies (a queue, a tag, a worker) are sent back through it, so a
    // name that is not UTF-8 reaches the same key it came from.
    static QByteArray bytesOf(const QString &text);
};
