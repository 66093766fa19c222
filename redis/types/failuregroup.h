// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QList>
#include <QString>

// A failure group, how many jobs it holds and, when desk.failed carried it, its newest failure:
// the job at the head of its list.
struct FailureGroup
{
    QString name;
    qint64 count = 0;
    bool hasNewest = false; // false: the group is empty, or the reply had no newest (qless's failed)
    QByteArray newestJid;
    double newestWhen = 0;
    QString newestMessage; // its first line
    QString newestWorker;
    QString newestQueue;
    // Why the newest failure could not be read ("ql:j:x: WRONGTYPE ...", "job gone"); empty when it was.
    QString newestDamaged;
    // The listing call ran out of time before reading it (desk.failed's `later`):
    // QlessFailureReads::failureGroupList reads it with desk.failurenewest before delivering.
    bool newestLater = false;
};

// The failure groups as desk.failed lists them: `total` groups in all, of which `groups` lists
// at most a bounded number (fewer than `total` when there are very many).
struct FailureGroupList
{
    qint64 total = 0;
    QList<FailureGroup> groups;
    // Where the list goes on (QlessFailureReads::failureGroupList with it); empty at its end.
    QByteArray cursor;
};

// One page of a failure group's jobs, newest failure first, and the group's size.
struct FailedJobsPage
{
    qint64 total = 0;
    QList<Job> jobs;
};
