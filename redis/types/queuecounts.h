// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>

// One queue's job counts, as the queues script reports them (due scheduled jobs and jobs qless
// timed out count as waiting).
struct QueueCounts
{
    QString name;
    qint64 waiting = 0;
    qint64 running = 0;
    qint64 stalled = 0;
    qint64 scheduled = 0;
    qint64 depends = 0;
    qint64 recurring = 0;
    bool paused = false;       // in ql:paused_queues: qless pops nothing from it
    qint64 maxConcurrency = 0; // `<queue>-max-concurrency`: at most this many run at once; 0 for no limit
    // The queue's sets that could not be counted (a key of the wrong type: counted 0), by part
    // (work, locks, scheduled, depends, recur) with what is wrong ("ql:q:x-work holds a string, ...").
    QMap<QString, QString> damaged;

    // qless's `length` of the queue: the jobs in its locks, work and scheduled sets (what its
    // QlessQueue:length sums). Those three sets are split here by time (running and stalled from
    // the locks, due scheduled jobs counted as waiting) but not between one another, so their sum
    // is the same number without another call. Depends and recurring templates are not in it.
    qint64 length() const { return waiting + running + stalled + scheduled; }
};
