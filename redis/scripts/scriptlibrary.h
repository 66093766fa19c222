// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "luascript.h"

#include <QHash>
#include <QStringList>

// A set of Lua scripts embedded in this library (<resourceDir>/*.lua), read once, each by its
// file's base name with its SHA1. instance() is the qless scripts (:/qless); BluequeScripts holds
// Blueque's apart. Immutable after construction, so any thread may use a shared instance.
class ScriptLibrary final
{
public:
    static const ScriptLibrary &instance();

    // `resourceDir`: a folder of the library's resources, e.g. ":/qless".
    explicit ScriptLibrary(const QString &resourceDir);

    // nullptr when no script has that name.
    const LuaScript *find(const QString &name) const;
    QStringList names() const;

private:
    Q_DISABLE_COPY_MOVE(ScriptLibrary)

    QHash<QString, LuaScript> m_scripts;
};
