// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertobservation.h"
#include "alertrule.h"

#include <QHash>
#include <QList>

#include <functional>

class HistoryStore;
class QObject;

// Reads what the trend rules compare from a server's history file (through its store's thread:
// the GUI thread does not wait on the disk), over each rule's window up to the minute `nowMs` is
// in (that minute is not over: left out):
//  - waiting grown by percent: per queue, the first and the last waiting count sampled in the
//    window, (last - first) / first in percent; a queue empty at the start is compared with one
//    job (from 0 to 50 jobs reads as 5,000 %); a queue sampled once has no trend yet;
//  - throughput: the jobs completed (ql:log's completed events) over the minutes the event stream
//    was heard whole in the window, a minute on average; none heard: no value.
// A rule whose read failed or found nothing recorded is left out of the answer.
namespace AlertTrendReader {
using Done = std::function<void(const QHash<QString, QList<AlertTrendValue>> &)>;

// `done` runs on `context`'s thread once every rule's read has answered (at once when none
// reads the history).
void read(HistoryStore *store, const QList<AlertRule> &rules, qint64 nowMs, QObject *context, Done done);

// The growth of a waiting count from `first` to `last`, in percent (see above).
double growthPercent(qint64 first, qint64 last);
} // namespace AlertTrendReader
