// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"
#include "sharedvalue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

// One row of a job list, packed: what JobPageReader::summary keeps of a job, with the text many
// rows repeat (class, state, queue, worker, tags, a failure's group and message) held once per
// page and pointed at (SharedValue). A Job value is 470 bytes of fields before any text, most of
// them empty in a row (data, history, dependents); a list of 100k rows pays that 100k times.
// This is about 190. JobListModel keeps these; whoever needs a Job gets one (toJob).
struct JobRow
{
    // Shares equal values between the rows built through it (one page).
    struct Pool
    {
        SharedValuePool<QString> texts;
        SharedValuePool<QStringList> lists;
    };

    JobRow() = default;
    JobRow(const Job &summary, Pool *pool);
    // The rows of one page, sharing their equal values.
    static QList<JobRow> fromJobs(const QList<Job> &jobs);

    // The summary this row was built from (without what it does not keep: spawnedFrom).
    Job toJob() const;

    QByteArray jid;
    SharedValue<QString> klass;
    SharedValue<QString> state;
    SharedValue<QString> queue;
    SharedValue<QString> worker;
    SharedValue<QStringList> tags;
    SharedValue<QStringList> dependencies;
    double priority = 0;
    double expires = 0;
    double retries = 0;
    double remaining = 0;
    double time = 0; // the hash's `time`: the job's last change (Job::time)
    double put = 0;
    double due = 0;
    FieldProblems problems;

    bool tracked = false;
    bool escapedBytes = false;
    bool hasFailure = false;
    bool timedOut = false;
    double failureWhen = 0;
    SharedValue<QString> failureGroup;
    SharedValue<QString> failureMessage; // its first line (JobPageReader::summary)
    SharedValue<QString> failureWorker;
    double timedOutAt = 0;
    SharedValue<QString> timedOutWorker;

    bool lockExpired(double now) const { return *state == QLatin1String("running") && expires > 0 && expires <= now; }
    bool isMissing() const { return *state == QLatin1String("missing"); }
    bool hasProblem(const QString &field) const { return problems.contains(field); }

    // Whether a view would show anything different (JobListModel's diff).
    bool sameAs(const JobRow &other) const;
};
