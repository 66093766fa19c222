// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historypolicy.h"

#include <QString>

class QSqlDatabase;

// The retention pass, run on the store's thread (once when the recorder starts, then every few
// minutes): minutes older than the policy's minute days are summed into coarse buckets (whole
// buckets only, so each is made once), buckets older than its days are dropped, then, while the
// file's pages in use exceed the size limit, the oldest tenth of what is kept goes (at least one
// bucket a step) and the freed pages are given back.
namespace HistoryRetention {
struct Outcome
{
    qint64 minutesDownsampled = 0; // coverage minutes folded into coarse buckets
    qint64 bytesInUse = 0;         // after the pass
    bool trimmedForSize = false;
    QString error;
};

Outcome run(QSqlDatabase &db, qint64 nowMs, const HistoryPolicy &policy);
// Pages in use (the file's pages less its free ones) times the page size.
qint64 bytesInUse(QSqlDatabase &db);
} // namespace HistoryRetention
