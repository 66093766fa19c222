#pragma once

#include "job.h"

#include <QList>
#include <QString>

// A failure group and how many jobs it holds.
struct FailureGroup
{
    QString name;
    qint64 count = 0;
};

// One page of a failure group's jobs, newest failure first, and the group's size.
struct FailedJobsPage
{
    qint64 total = 0;
    QList<Job> jobs;
};
