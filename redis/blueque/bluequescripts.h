// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scriptlibrary.h"

// The console's Blueque action scripts embedded in this library (:/blueque/*.lua), read once.
// Kept apart from ScriptLibrary::instance() (the qless scripts): a Blueque script never joins
// qless's Lua library, and the two sets may share names (delete, requeue).
class BluequeScripts final
{
public:
    // Immutable, so any thread may use it.
    static const ScriptLibrary &instance();

    BluequeScripts() = delete;
};
