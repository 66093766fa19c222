// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

#include <QStringList>

class QSqlDatabase;

// Reads a range of an open history file as plain points for a chart. Every level kept (minutes,
// the coarse buckets) is read: levels finer than the asked resolution are summed into its
// buckets, coarser ones come as they are (a point says its own resolution). A bucket nothing was
// recorded in is not listed; a queue's counts are absent where it was not sampled; its events
// are zero only where the stream was listened to.
namespace HistoryReader {
// `coarseMinutes`: the coarse level's bucket, for resolution 0 (the finest that still has the
// range's start, else the coarse level).
HistoryRead read(QSqlDatabase &db, const HistoryRange &range, int coarseMinutes);
// Every queue the file has a row for, sorted by name (a per-queue export reads each of them).
// False with `error` set when the file cannot be read.
bool queueNames(QSqlDatabase &db, QStringList *names, QString *error);
} // namespace HistoryReader
