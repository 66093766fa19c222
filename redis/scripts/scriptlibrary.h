// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "luascript.h"

#include <QHash>
#include <QStringList>

// The qless scripts embedded in this library (:/qless/*.lua), read once.
// Immutable after construction, so any thread may use the shared instance.
class ScriptLibrary final
{
public:
    static const ScriptLibrary &instance();

    // nullptr when no script has that name.
    const LuaScript *find(const QString &name) const;
    QStringList names() const;

private:
    ScriptLibrary();
    Q_DISABLE_COPY_MOVE(ScriptLibrary)

    QHash<QString, LuaScript> m_scripts;
};
