#pragma once

#include "job.h"

#include <QList>
#include <QStringList>

// The tracked jobs, and tracked jids whose job is gone.
struct TrackedJobs
{
    QList<Job> jobs;
    QStringList expired;
};
