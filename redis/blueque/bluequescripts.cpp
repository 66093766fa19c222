// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequescripts.h"

const ScriptLibrary &BluequeScripts::instance()
{
    static const ScriptLibrary scripts(QStringLiteral(":/blueque"));
    return scripts;
}
