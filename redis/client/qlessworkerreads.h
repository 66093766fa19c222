// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"
#include "qlesstext.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// The workers' reads: every worker seen (walked in bounded pages) and one worker's jobs.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessWorkerReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessWorkerReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // Every worker seen within max-worker-age, most recently seen first, read in bounded pages
    // (desk.workerpage, WorkerPageSize a call) so no single call holds Redis up however many
    // workers there are; a worker read twice (it heartbeated during the walk) is kept as last read.
    void workers(QObject *context, Done<QList<WorkerSummary>> done);
    // One page of that walk, least recently seen first: `since` empty for the first, then the
    // previous page's nextSince/nextAfter.
    void workerPage(const QByteArray &since, const QString &after, int count, QObject *context, Done<WorkerPage> done);
    // One worker's jobs, stalled first: entries [offset, offset + count) of that list (count at
    // most 1000, desk.workers' bound; a worker can hold 100k locks), with the totals. Without
    // offset and count: the first 1000.
    void workerJobs(const QString &worker, QObject *context, Done<WorkerJobs> done);
    void workerJobs(const QString &worker, int offset, int count, QObject *context, Done<WorkerJobs> done);
    // A worker costs Redis two counts and its JSON: a page of 100 stays under the 5 ms a call
    // of ours may hold Redis with room for the host's noise, 200 does not (docs/BENCHMARKS.md,
    // "page of 100 workers"); a refresh of 10,000 workers pays 50 more round trips for it.
    static constexpr int WorkerPageSize = 100;

private:
    QlessScriptCaller &m_caller;
};
