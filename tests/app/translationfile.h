// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFile>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

// A Qt Linguist .ts file as the translation tests read it: every message with its context,
// source, whether it has plural forms, and what the file holds for it.
namespace TranslationFile {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // "unfinished", "vanished", "obsolete", or empty when done
    QStringList translations; // one, or one per plural form
};

inline QList<Message> read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            if (!message.source.isNull())
                messages << message;
            message = Message();
            message.context = context;
            message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            message.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!message.numerus)
                message.translations << xml.readElementText();
        } else if (name == QLatin1String("numerusform")) {
            message.translations << xml.readElementText();
        }
    }
    if (!message.source.isNull())
        messages << message;
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

// The placeholders of a text, each once, sorted: %1 … %99, %n, %Ln.
inline QStringList placeholders(const QString &text)
{
    static const QRegularExpression marker(QStringLiteral("%L?(\\d+|n)"));
    QStringList found;
    for (auto it = marker.globalMatch(text); it.hasNext();) {
        const QString one = it.next().captured();
        if (!found.contains(one))
            found << one;
    }
    found.sort();
    return found;
}

// A source text as a pattern matching any text made from it: each placeholder stands for
// anything, and a mnemonic's & is dropped (as the text is compared after its own are).
inline QRegularExpression pattern(const QString &source)
{
    static const QRegularExpression marker(QStringLiteral("%L?(\\d+|n)"));
    QString plain = source;
    plain.replace(QLatin1String("&&"), QLatin1String("\x01"));
    plain.remove(QLatin1Char('&'));
    plain.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    QString regex;
    int at = 0;
    for (auto it = marker.globalMatch(plain); it.hasNext();) {
        const auto match = it.next();
        regex += QRegularExpression::escape(plain.mid(at, match.capturedStart() - at)) + QStringLiteral("(.*)");
        at = match.capturedEnd();
    }
    regex += QRegularExpression::escape(plain.mid(at));
    return QRegularExpression(QRegularExpression::anchoredPattern(regex),
                              QRegularExpression::DotMatchesEverythingOption);
}

} // namespace TranslationFile
