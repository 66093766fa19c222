// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "luascript.h"

#include <QHash>
#include <QStringList>

// The console's SideJob action scripts embedded in this library (:/sidejob/*.lua), read once.
// Kept apart from ScriptLibrary (the qless scripts) and BluequeScripts: the sets share names
// (run, delete). Immutable after construction, so any thread may use the shared instance.
class SideJobScripts final
{
public:
    static const SideJobScripts &instance();

    // nullptr when no script has that name.
    const LuaScript *find(const QString &name) const;
    QStringList names() const;

private:
    SideJobScripts();
    Q_DISABLE_COPY_MOVE(SideJobScripts)

    QHash<QString, LuaScript> m_scripts;
};
