// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

// One offset page of a list (qless.lua's desk.jobs): its jids as the bytes Redis holds, and how
// many the whole list holds (ql:completed can hold millions: a view says "N of M" from it).
struct JidPage
{
    qint64 total = -1;
    QList<QByteArray> jids;
};
