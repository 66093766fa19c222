// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

// One chunk of a whole list read for a bulk run (qless.lua's desk.scan): the jids found, the
// list's count as the server had it then, and where to go on from. Reading on from `cursor`
// until it comes back empty returns every job that was in the list all along at least once
// (some may repeat), however the list changed meanwhile: unlike offset pages, nothing is passed
// over when jobs ahead of the read point leave while others arrive.
struct JobScanPage
{
    // Opaque: handed back as it came. Empty: the list was read to its end.
    QList<QByteArray> cursor;
    qint64 total = -1;
    QList<QByteArray> jids;

    bool atEnd() const { return cursor.isEmpty(); }
};
