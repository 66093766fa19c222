// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QList>
#include <QMap>
#include <QStringList>

// A page of the tracked jobs (desk.tracked lists at most 1000 a call), the tracked jids of that
// page whose job is gone, and how many jids are tracked in all.
struct TrackedJobs
{
    QList<Job> jobs;
    QStringList expired;
    qint64 total = 0;
};

// How the first `counted` of `total` tracked jobs stand (desk.trackedstates: one field read per
// job, never the whole job): jobs per state as the console shows them ("stalled" for a lock that
// ran out, "timed out", "unreadable" for a damaged key), and jids whose job is gone.
struct TrackedStates
{
    qint64 total = 0;
    qint64 counted = 0;
    QMap<QString, qint64> states;
    qint64 expired = 0;
};
