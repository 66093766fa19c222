// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// One qless command script as shipped: its name (the file's base name), its full text and the
// SHA1 that EVALSHA names it by, computed here so no round trip is needed to learn it.
struct LuaScript
{
    QString name;
    QByteArray source;
    QByteArray sha1; // 40 lowercase hex digits, as Redis reports it
};
