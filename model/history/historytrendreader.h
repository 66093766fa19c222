// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

class QSqlDatabase;

// Reads of an open history file that are not a chart's: what the trend alerts compare and the
// failure groups' growth. Minute rows only (the trends look back minutes, not days).
namespace HistoryTrendReader {
// Per queue sampled in [fromMs, toMs), its first and last waiting count there.
HistoryWaitingRead waitingChanges(QSqlDatabase &db, qint64 fromMs, qint64 toMs);
// The jobs completed in `queue` (empty: all queues) over the minutes heard whole in [fromMs, toMs).
HistoryThroughputRead throughput(QSqlDatabase &db, const QString &queue, qint64 fromMs, qint64 toMs);
// The failure groups that grew in [fromMs, toMs), minute by minute.
HistoryGrowthRead failureGrowth(QSqlDatabase &db, qint64 fromMs, qint64 toMs);
} // namespace HistoryTrendReader
