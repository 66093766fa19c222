// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// What tst_costcontract reads of the source tree (QLESSDESK_SOURCE_DIR): the console's C++ under
// redis/, model/ and app/, the Api entries of our qless Lua, and Blueque's scripts.
namespace ContractSources {
QString sourceDir();
QString readText(const QString &path);
// C++ text without // comments (a command named in a comment is not sent).
QString withoutComments(const QString &text);
// The first `want` arguments of the call whose '(' is at `open`, split at top-level commas.
QStringList firstArguments(const QString &text, qsizetype open, int want);
int lineOf(const QString &text, qsizetype at);

struct Sources
{
    QMap<QString, QString> files; // relative path -> text without comments
};
Sources consoleSources();

// A command the Lua side defines, with whether it states its bound, and where.
struct ApiEntry
{
    QByteArray name;
    bool bounded = false;
    QString where;
};
// Api['name'] entries, in lua/qless.lua (with whether a -- Bound: line is right above) and in lua/lib.
QList<ApiEntry> apiEntries();
// Blueque's scripts: every lua/blueque/<name>.lua (BluequeScripts embeds the folder whole, and
// its actions send them by SHA), as "blueque <name>", with whether a "-- Bound: " line of its
// header states its bound.
QList<ApiEntry> bluequeScripts();
// The Blueque scripts the console's code sends by name (BluequeClient::evalRead's read scripts):
// each site names its script by a literal; `unreadable` gets every site that does not.
QMap<QByteArray, QString> bluequeScriptsSent(const Sources &sources, QStringList *unreadable);
} // namespace ContractSources
