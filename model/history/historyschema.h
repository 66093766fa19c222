// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QSqlDatabase;

// The tables of a history file, version 2 (a version 1 file is upgraded by its writer). Times are whole minutes since the epoch (UTC) and
// every row carries its resolution in minutes (1, or the coarse level's), so a downsampled bucket
// sits in the same tables as the minutes. Counts are sums over `samples` readings (a minute holds
// one), so buckets merge by adding and a reader divides. A queue's name is stored once (queues).
//   meta(key, value)                       schema_version, created
//   queues(id, name)
//   counts(resolution, queue, minute, samples, waiting, scheduled, running, stalled, depends, recurring)
//   events(resolution, queue, minute, put, completed, failed, timed_out)
//   coverage(resolution, minute, counts_minutes, events_minutes)   what was recorded at all
//   marks(time_ms, kind, text, ref)        ref: a bulk run's id (v2), empty for others
//   failure_growth(minute, grp, grew)      per minute, the failure groups that grew (v2)
namespace HistorySchema {
constexpr int Version = 2;

enum class Found { Ours, Empty, Newer, Foreign };

// What the open file holds: our schema (any version up to ours), nothing yet, a newer
// qlessdesk's record (read, never written), or something else (moved aside by the writer).
Found inspect(QSqlDatabase &db, int *version, QString *error);
// Creates the tables in an empty file; false with `error` on failure.
bool create(QSqlDatabase &db, QString *error);
// Brings a file of an older version (`from`) up to this one, in one transaction.
bool upgrade(QSqlDatabase &db, int from, QString *error);
} // namespace HistorySchema
