// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobscripts.h"

const ScriptLibrary &SideJobScripts::instance()
{
    static const ScriptLibrary scripts(QStringLiteral(":/sidejob"));
    return scripts;
}
