// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// Which calls-alone kind of the bench (callsalone*.cpp) measures each command the console can
// send: every desk.* and qless command of lua/qless.lua it sends, named as there; every plain
// Redis command ("TIME", "SCRIPT LOAD"); every Blueque script of lua/blueque as "blueque <name>"
// (the console embeds them all). tst_costcontract checks this table against the commands it
// finds in the console's code, so a command the console starts sending has no kind until one is
// added here and measured; `qlessdesk-bench --list-call-kinds` prints it.
struct CallKind
{
    QByteArray command;
    QString kind; // the kind's name in the bench's redis_call_alone figure
};

namespace CallKinds {
const QList<CallKind> &all();
// The kind measuring `command`, empty when none does.
QString of(const QByteArray &command);
// One line per command: "<command>\t<kind>".
QByteArray listing();
} // namespace CallKinds
