// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesstext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// The reading of bytes: replies are JSON text whose strings may hold bytes that are
// not UTF-8 (a jid or data written by anyone); those are kept visible as \xHH, never dropped.

namespace {
// Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none.
int utf8Sequence(const unsigned char *p, qsizetype i, qsizetype size)
{
    const unsigned char b = p[i];
    if (b < 0x80)
        return 1;
    auto cont = [&](qsizetype at, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
        return at < size && p[at] >= lo && p[at] <= hi;
    };
    if (b >= 0xC2 && b <= 0xDF)
        return cont(i + 1) ? 2 : 0;
    if (b == 0xE0)
        return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0;
    if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
        return cont(i + 1) && cont(i + 2) ? 3 : 0;
    if (b == 0xED)
        return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0;
    if (b == 0xF0)
        return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (b >= 0xF1 && b <= 0xF3)
        return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (b == 0xF4)
        return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    return 0;
}

// Invalid bytes replaced by `\xHH`, written as `escape` gives it (doubled backslash in JSON).
QByteArray escapeInvalid(const QByteArray &bytes, const QByteArray &escape, bool *changed)
{
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype size = bytes.size();
    qsizetype i = 0;
    // Fast path: valid text is passed on without a copy.
    while (i < size) {
        const int n = utf8Sequence(p, i, size);
        if (n == 0)
            break;
        i += n;
    }
    if (i == size) {
        *changed = false;
        return bytes;
    }
    *changed = true;
    QByteArray out;
    out.reserve(size + 16);
    out.append(bytes.constData(), i);
    while (i < size) {
        const int n = utf8Sequence(p, i, size);
        if (n == 0) {
            out.append(escape);
            out.append(QByteArray::number(p[i], 16).rightJustified(2, '0').toUpper());
            ++i;
        } else {
            out.append(bytes.constData() + i, n);
            i += n;
        }
    }
    return out;
}
} // namespace

bool QlessText::parseJson(const QByteArray &bytes, QJsonValue *out, bool *escaped)
{
    bool changed = false;
    const QByteArray clean = escapeInvalid(bytes, QByteArrayLiteral("\\\\x"), &changed);
    if (escaped)
        *escaped = changed;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(clean, &error);
    if (error.error != QJsonParseError::NoError)
        return false;
    *out = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    return true;
}

QString QlessText::displayText(const QByteArray &bytes, bool *escaped)
{
    bool changed = false;
    const QByteArray clean = escapeInvalid(bytes, QByteArrayLiteral("\\x"), &changed);
    if (escaped)
        *escaped = changed;
    return QString::fromUtf8(clean);
}

QByteArray QlessText::bytesOf(const QString &text)
{
    QByteArray out = text.toUtf8();
    if (!out.contains("\\x"))
        return out;
    // Only bytes of 0x80 and above are ever escaped (the rest are ASCII, always valid UTF-8).
    QByteArray bytes;
    bytes.reserve(out.size());
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out.at(i) == '\\' && i + 3 < out.size() && out.at(i + 1) == 'x') {
            bool ok = false;
            const int value = out.mid(i + 2, 2).toInt(&ok, 16);
            const QByteArray hex = out.mid(i + 2, 2);
            if (ok && value >= 0x80 && hex == hex.toUpper()) {
                bytes.append(char(value));
                i += 3;
                continue;
            }
        }
        bytes.append(out.at(i));
    }
    return bytes;
}
