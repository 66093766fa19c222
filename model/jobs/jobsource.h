// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobscanpage.h"
#include "qlessreply.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QlessClient;

// One page of a job list as a source gives it: jids (to be fetched with multiGet) or whole jobs
// (sources whose script returns them), and the list's total where the source knows it (-1 when
// it does not: then a short page means the end).
struct JobPage
{
    QList<QByteArray> jids;
    QList<Job> jobs;
    qint64 total = -1;
};

// Where a job list comes from: a queue's jobs in one state, a failure group, a tag, a worker.
// `fetch(offset, count, context, done)` reads one page; `done` runs on `context`'s thread.
struct JobSource
{
    using Done = std::function<void(const QlessReply<JobPage> &)>;
    using Fetch = std::function<void(int offset, int count, QObject *context, Done done)>;

    using ScanDone = std::function<void(const QlessReply<JobScanPage> &)>;
    // Reads the next chunk of the whole list after `cursor` (empty: from the start). Offered by
    // lists kept in one place on the server (a queue's state, completed, a tag, tracked, a failure
    // group): a bulk run collects "All N" through it, since reading on to the end returns every
    // job that was in the list all along, where offset pages pass over jobs when some ahead of
    // the read point leave and others arrive.
    using Scan = std::function<void(const QList<QByteArray> &cursor, QObject *context, ScanDone done)>;

    QString description; // "waiting in crawl", for messages
    // The state every job of this list is in ("running" for stalled jobs, "failed" for a failure
    // group), so an action on them can insist on it; empty for mixed lists (a tag, a worker).
    QString state;
    Fetch fetch;
    Scan scan; // empty when the list offers none (a worker's jobs: one short read)
    // For a list of jobs in several states that knows which (a search's matches): whether any
    // of its jobs is in `state`, so the actions on all of them offer what some of them take.
    // Empty: the list does not say (then `state` does).
    std::function<bool(const QString &state)> holdsState;

    bool isValid() const { return bool(fetch); }

    // A Scan over qless.lua's desk.scan `list` `name` (see QlessScanReads::scanJobs).
    static Scan scanOf(QlessClient *client, const QString &list, const QString &name);

    // state: waiting, running, stalled, scheduled, depends, recurring; the total comes from the
    // queue's counts, read in the same go.
    static JobSource queueState(QlessClient *client, const QString &queue, const QString &state);
    static JobSource completed(QlessClient *client);
    // The completed jobs that completed in `queue` (its whole name) and whose class contains
    // `klass`, ignoring case (either empty: any), newest first, read on the server (desk.completed) in calls
    // that each look at no more than 1000 completed jobs. The total is known once the walk
    // reached the end of ql:completed (-1 before).
    static JobSource completedMatching(QlessClient *client, const QString &queue, const QString &klass);
    static JobSource failureGroup(QlessClient *client, const QString &group);
    static JobSource tag(QlessClient *client, const QString &tag);
    // A worker's stalled, then running jobs, paged on the server (desk.workers <worker> offset count).
    static JobSource worker(QlessClient *client, const QString &worker);
};
