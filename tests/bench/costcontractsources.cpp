// SPDX-License-Identifier: GPL-3.0-or-later
#include "costcontractsources.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace ContractSources {
QString sourceDir()
{
    return QStringLiteral(QLESSDESK_SOURCE_DIR);
}

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString withoutComments(const QString &text)
{
    static const QRegularExpression comment(QStringLiteral("//[^\\n]*"));
    QString plain = text;
    return plain.remove(comment);
}

QStringList firstArguments(const QString &text, qsizetype open, int want)
{
    QStringList args;
    QString current;
    int depth = 0;
    bool quoted = false;
    for (qsizetype i = open + 1; i < text.size() && args.size() < want; ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            current += c;
            if (c == QLatin1Char('\\') && i + 1 < text.size())
                current += text.at(++i);
            else if (c == QLatin1Char('"'))
                quoted = false;
            continue;
        }
        if (c == QLatin1Char('"'))
            quoted = true;
        if (c == QLatin1Char('(') || c == QLatin1Char('{') || c == QLatin1Char('['))
            ++depth;
        if (c == QLatin1Char(')') || c == QLatin1Char('}') || c == QLatin1Char(']')) {
            if (depth == 0) {
                args << current.trimmed();
                break;
            }
            --depth;
        }
        if (c == QLatin1Char(',') && depth == 0) {
            args << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    return args;
}

Sources consoleSources()
{
    Sources sources;
    for (const QString &folder : {QStringLiteral("redis"), QStringLiteral("model"), QStringLiteral("app")}) {
        QDirIterator it(sourceDir() + QLatin1Char('/') + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            sources.files.insert(path.mid(sourceDir().size() + 1), withoutComments(readText(path)));
        }
    }
    return sources;
}

int lineOf(const QString &text, qsizetype at)
{
    return int(text.left(at).count(QLatin1Char('\n'))) + 1;
}

QList<ApiEntry> apiEntries()
{
    static const QRegularExpression entry(QStringLiteral("^\\s*Api\\['([^']+)'\\]\\s*="));
    QList<ApiEntry> entries;
    const auto scan = [&entries](const QString &path, const QString &relative) {
        const QStringList lines = readText(path).split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i) {
            const QRegularExpressionMatch m = entry.match(lines.at(i));
            if (!m.hasMatch())
                continue;
            const bool bounded =
                i > 0 && lines.at(i - 1).startsWith(QLatin1String("-- Bound: ")) && lines.at(i - 1).size() > 12;
            entries.append({m.captured(1).toUtf8(), bounded, QStringLiteral("%1:%2").arg(relative).arg(i + 1)});
        }
    };
    scan(sourceDir() + QStringLiteral("/lua/qless.lua"), QStringLiteral("lua/qless.lua"));
    QDirIterator lib(sourceDir() + QStringLiteral("/lua/lib"), {QStringLiteral("*.lua")}, QDir::Files);
    while (lib.hasNext()) {
        const QString path = lib.next();
        scan(path, path.mid(sourceDir().size() + 1));
    }
    return entries;
}

QList<ApiEntry> bluequeScripts()
{
    QList<ApiEntry> scripts;
    QDirIterator it(sourceDir() + QStringLiteral("/lua/blueque"), {QStringLiteral("*.lua")}, QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        const QStringList lines = readText(path).split(QLatin1Char('\n'));
        const bool bounded = std::any_of(lines.begin(), lines.end(), [](const QString &line) {
            return line.startsWith(QLatin1String("-- Bound: ")) && line.size() > 12;
        });
        scripts.append(
            {"blueque " + QFileInfo(path).completeBaseName().toUtf8(), bounded, path.mid(sourceDir().size() + 1)});
    }
    return scripts;
}

QMap<QByteArray, QString> bluequeScriptsSent(const Sources &sources, QStringList *unreadable)
{
    static const QRegularExpression sender(QStringLiteral("(?<![\\w.:>])evalRead\\s*\\("));
    static const QRegularExpression literal(QStringLiteral("^QStringLiteral\\(\"(\\w+)\"\\)$"));
    QMap<QByteArray, QString> sent;
    for (auto file = sources.files.cbegin(); file != sources.files.cend(); ++file) {
        auto it = sender.globalMatch(file.value());
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString arg = firstArguments(file.value(), m.capturedEnd() - 1, 1).value(0);
            if (arg.contains(QLatin1Char(' ')) && !arg.contains(QLatin1Char('"')))
                continue; // its declaration or definition
            const QString site = QStringLiteral("%1:%2").arg(file.key()).arg(lineOf(file.value(), m.capturedStart()));
            const QRegularExpressionMatch name = literal.match(arg);
            if (name.hasMatch())
                sent.insert("blueque " + name.captured(1).toUtf8(), site);
            else
                unreadable->append(site + QStringLiteral(": ") + arg);
        }
    }
    return sent;
}
} // namespace ContractSources
