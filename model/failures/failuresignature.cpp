// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuresignature.h"

#include <QRegularExpression>
#include <QStringList>

namespace {

// Applied in this order: the wider patterns first, so that a URL's digits are not numbers and an
// id's hex is not a number either. Each is compiled once.
struct Mask
{
    QRegularExpression pattern;
    QString replacement;
};

const QList<Mask> &masks()
{
    static const QList<Mask> all = [] {
        const auto options = QRegularExpression::CaseInsensitiveOption;
        return QList<Mask>{
            // Quoted values: what a message quotes is what varies ('user_id', "abc", `x`). A
            // single quote inside a word is an apostrophe (Couldn't), not a quote.
            {QRegularExpression(QStringLiteral(R"re((?<!\w)'[^'\n]*'(?!\w)|"[^"\n]*"|`[^`\n]*`)re")),
             QStringLiteral("\u2026")},
            {QRegularExpression(QStringLiteral(R"re(\b[a-z][a-z0-9+.-]*://[^\s,;)\]}>]+)re"), options),
             QStringLiteral("<url>")},
            {QRegularExpression(QStringLiteral(R"re(\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b)re")), QStringLiteral("<email>")},
            {QRegularExpression(
                 QStringLiteral(R"re(\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)re"), options),
             QStringLiteral("<id>")},
            {QRegularExpression(QStringLiteral(R"re(\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b)re")), QStringLiteral("<ip>")},
            // Paths of two parts or more, absolute or relative to ~ or .
            {QRegularExpression(QStringLiteral(R"re((?<![\w<])(~|\.{1,2})?(/[\w.@+-]+){2,}/?)re")),
             QStringLiteral("<path>")},
            {QRegularExpression(QStringLiteral(R"re(\b0x[0-9a-f]+\b)re"), options), QStringLiteral("<hex>")},
            // Hex runs of 8 or more with a digit in them: jids, digests, object ids.
            {QRegularExpression(QStringLiteral(R"re(\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b)re"), options),
             QStringLiteral("<hex>")},
            // Numbers, alone or inside a word (id42, worker-7, 3.5s): the digits only.
            {QRegularExpression(QStringLiteral(R"re(\d+([.,]\d+)*)re")), QStringLiteral("<n>")},
        };
    }();
    return all;
}

// "/app/lib/fetch.rb:42:in `perform'" and "/app/lib/fetch.rb:42:in 'Fetch#perform'" (Ruby 3.4).
const QRegularExpression &rubyFrame()
{
    static const QRegularExpression pattern(QStringLiteral(R"re(^\s*(?:from\s+)?(\S+?):\d+:in\s+[`'](.+)'\s*$)re"));
    return pattern;
}

// '  File "/app/fetch.py", line 42, in perform'.
const QRegularExpression &pythonFrame()
{
    static const QRegularExpression pattern(QStringLiteral(R"re(^\s*File\s+"([^"]+)",\s+line\s+\d+,\s+in\s+(\S+))re"));
    return pattern;
}

// "    at com.example.Fetch.perform(Fetch.java:42)" (a worker in another language).
const QRegularExpression &javaFrame()
{
    static const QRegularExpression pattern(QStringLiteral(R"re(^\s*at\s+([\w$.<>]+)\(([^:)]+)(?::\d+)?\)\s*$)re"));
    return pattern;
}

} // namespace

QString FailureSignature::mask(const QString &line)
{
    QString masked = line.trimmed();
    for (const Mask &each : masks())
        masked.replace(each.pattern, each.replacement);
    return masked.simplified();
}

QString FailureSignature::topFrame(const QString &failureMessage)
{
    const QStringList lines = failureMessage.split(QLatin1Char('\n'));
    // Python prints the innermost frame last ("most recent call last"), so its top frame is the
    // last one; Ruby and Java print it first.
    QString python;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (const auto m = rubyFrame().match(line); m.hasMatch())
            return m.captured(1) + QStringLiteral(": ") + m.captured(2);
        if (const auto m = javaFrame().match(line); m.hasMatch())
            return m.captured(2) + QStringLiteral(": ") + m.captured(1);
        if (const auto m = pythonFrame().match(line); m.hasMatch())
            python = m.captured(1) + QStringLiteral(": ") + m.captured(2);
    }
    return python;
}

FailureSignature FailureSignature::of(const QString &failureMessage)
{
    const qsizetype end = failureMessage.indexOf(QLatin1Char('\n'));
    return {mask(end < 0 ? failureMessage : failureMessage.left(end)), topFrame(failureMessage)};
}
