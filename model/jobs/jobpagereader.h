// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "jobsource.h"
#include "qlessreply.h"

#include <QList>

#include <functional>

class QObject;
class QlessClient;

// Reads one page of a job list: the source's jids (or whole jobs, for sources whose script
// returns them), then the jobs' row summaries by QlessJobReads::summaries, which the server builds
// (lua/lib/95-desk-summaries.lua), so a page's data and histories never cross the wire.
//
// A row keeps what a list shows, not the whole job: no `data`, no history (the put time and the
// timed-out mark are already taken from it), no dependents, a failure's first line, damaged
// fields' raw text cut to what a tooltip shows. Otherwise memory would grow with how far the
// operator scrolled; the job window (and the Failed page's message pane) reads the full job itself.
//
// A job the server cannot read (a call failing on it, or one reply that is not JSON) does not
// fail the page: the page's jobs are read again one by one (whole, by QlessJobReads::job), and
// the unreadable ones come back as rows marked with the error (problem "job"). Errors that are
// about the connection, not the data (lost, timeout, busy), fail the page as before.
class JobPageReader
{
public:
    struct Page
    {
        QList<Job> jobs;
        qint64 total = -1;
        int listed = 0; // how many the source listed (jobs gone before their read are not in `jobs`)
    };
    using Done = std::function<void(const QlessReply<Page> &)>;

    // `done` runs once, on `context`'s thread, unless `context` is gone by then.
    static void read(QlessClient *client, const JobSource &source, int offset, int count, QObject *context, Done done);

    // What a list row keeps of a job (see above); a complete job's queue is the one it completed
    // in (from its history: qless empties the field).
    static Job summary(Job job);
    // A row for a listed jid whose job could not be read.
    static Job unreadable(const QByteArray &jid, const QString &why);

private:
    static void readJobs(QlessClient *client, const QList<QByteArray> &jids, qint64 total, QObject *context, Done done);
    static void readOneByOne(QlessClient *client, const QList<QByteArray> &jids, qint64 total, QObject *context,
                             Done done);
};
