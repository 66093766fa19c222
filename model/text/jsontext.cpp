// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsontext.h"

#include <QJsonDocument>

namespace JsonText {
QString pretty(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || document.isNull())
        return QString::fromUtf8(text);
    return QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

QString compact(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || document.isNull())
        return QString::fromUtf8(text);
    return QString::fromUtf8(document.toJson(QJsonDocument::Compact));
}
} // namespace JsonText
