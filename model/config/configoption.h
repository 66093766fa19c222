// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// One qless option as the Config page shows it: its value in force and where that comes from.
struct ConfigOption
{
    enum class Origin {
        Default,   // not set: qless's built-in default
        Override,  // set in ql:config
        Inherited, // <queue>-heartbeat not set: the queue uses `heartbeat`
    };

    QString name;
    QString value;        // in force, as text
    QString defaultValue; // what it would be unset; empty for options qless has no default for
    Origin origin = Origin::Default;
};
