// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scriptlibrary.h"

// The console's SideJob action scripts embedded in this library (:/sidejob/*.lua), read once.
// Kept apart from ScriptLibrary::instance() (the qless scripts) and BluequeScripts: the sets
// share names (run, delete).
class SideJobScripts final
{
public:
    // Immutable, so any thread may use it.
    static const ScriptLibrary &instance();

    SideJobScripts() = delete;
};
