// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class JobFilterProxyModel;
class QTableView;

// The columns of a Queues page job tab for one state: which show, in what order, their headers
// and widths, and the cells a state words its own way (Waiting's time in queue, its "timed out"
// mark and the worker it came from; a lock's or a due time as "in 8 min"; Depends' "waits on").
// Put and last change show in every tab. Kept apart from the page so the page holds the wiring,
// this the looks.
namespace QueueTabColumns {
// `view` shows `proxy` (or a proxy over it); `state` waiting, running, stalled, scheduled or depends.
void setUp(QTableView *view, JobFilterProxyModel *proxy, const QString &state);
} // namespace QueueTabColumns
