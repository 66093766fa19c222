// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlessscriptcaller.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// Reads that walk a whole list or every job in chunks from a cursor: a list's jids for a bulk run,
// completed jobs matching a class, a search across every job.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessScanReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessScanReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // Up to `count` (1 to 1000) completed jobs that completed in `queue` and whose class contains
    // `klass`, ignoring case (either empty: any), newest first, from `cursor` (empty: the newest) on. A call
    // looks at no more than 1000 completed jobs, so a page may hold fewer (even none) before the
    // end: read on from its cursor until that comes back empty (qlessscanreads.cpp).
    void completedMatching(const QString &queue, const QString &klass, const QList<QByteArray> &cursor, int count,
                           QObject *context, Done<JobScanPage> done);
    // The next chunk (about `count` jids, 1 to 1000) of a whole list, for a bulk run's "All N":
    // `list` waiting, running, stalled, scheduled, depends, recurring (of queue `name`),
    // complete, tag (`name`), tracked or failed (group `name`); `cursor` empty to start, then
    // each page's. Read on to the page at its end and every job in the list all along was
    // returned (qless.lua's desk.scan: ZSCAN, or a failure group's list read from its tail).
    void scanJobs(const QString &list, const QString &name, const QList<QByteArray> &cursor, int count,
                  QObject *context, Done<JobScanPage> done);
    // One step of a search across every job (desk.search): the jobs matching `query` among
    // about `count` keys (1 to 10000; fewer when their text runs over a megabyte) after SCAN
    // `cursor` (empty or "0": the start). Read on from each page's cursor until it is "0"
    // (qlessscanreads.cpp).
    void searchJobs(const JobSearchQuery &query, const QByteArray &cursor, int count, QObject *context,
                    Done<JobSearchPage> done);

private:
    QlessScriptCaller &m_caller;
};
