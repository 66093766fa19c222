// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "luascript.h"

#include <QHash>
#include <QStringList>

// The console's Blueque action scripts embedded in this library (:/blueque/*.lua), read once.
// Kept apart from ScriptLibrary (the qless scripts): a Blueque script never joins qless's Lua
// library, and the two sets may share names (delete, requeue). Immutable after construction,
// so any thread may use the shared instance.
class BluequeScripts final
{
public:
    static const BluequeScripts &instance();

    // nullptr when no script has that name.
    const LuaScript *find(const QString &name) const;
    QStringList names() const;

private:
    BluequeScripts();
    Q_DISABLE_COPY_MOVE(BluequeScripts)

    QHash<QString, LuaScript> m_scripts;
};
