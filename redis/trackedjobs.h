#pragma once

#include "job.h"

#include <QList>
#include <QStringList>

// A page of the tracked jobs (desk.tracked lists at most 1000 a call), the tracked jids of that
// page whose job is gone, and how many jids are tracked in all.
struct TrackedJobs
{
    QList<Job> jobs;
    QStringList expired;
    qint64 total = 0;
};
