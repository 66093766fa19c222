// SPDX-License-Identifier: GPL-3.0-or-later
#include "scriptlibrary.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

const ScriptLibrary &ScriptLibrary::instance()
{
    static const ScriptLibrary library(QStringLiteral(":/qless"));
    return library;
}

ScriptLibrary::ScriptLibrary(const QString &resourceDir)
{
    QDirIterator it(resourceDir, {QStringLiteral("*.lua")}, QDir::Files);
    while (it.hasNext()) {
        QFile file(it.next());
        if (!file.open(QIODevice::ReadOnly))
            continue; // a resource always opens; nothing sensible to do otherwise
        LuaScript script;
        script.name = QFileInfo(file.fileName()).completeBaseName();
        script.source = file.readAll();
        script.sha1 = QCryptographicHash::hash(script.source, QCryptographicHash::Sha1).toHex();
        m_scripts.insert(script.name, script);
    }
}

const LuaScript *ScriptLibrary::find(const QString &name) const
{
    const auto it = m_scripts.constFind(name);
    return it == m_scripts.constEnd() ? nullptr : &it.value();
}

QStringList ScriptLibrary::names() const
{
    QStringList names = m_scripts.keys();
    names.sort();
    return names;
}
