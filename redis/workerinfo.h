#pragma once

#include <QString>
#include <QStringList>

// A worker as the workers script lists it: running and stalled job counts, when it was last seen.
struct WorkerSummary
{
    QString name;
    qint64 jobs = 0;
    qint64 stalled = 0;
    double lastSeen = 0;
};

// One worker's jobs.
struct WorkerJobs
{
    QStringList running;
    QStringList stalled;
};
