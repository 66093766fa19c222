// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// Reads of the jobs an operator marked: the tracked jobs (whole, as row summaries or their states
// only) and the tags (a tag's jobs, the most used tags).
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessTrackedTagReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessTrackedTagReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // The tracked jobs [offset, offset + count) (count at most 1000, desk.tracked's bound: each is
    // read whole) with the total; without offset and count, the first 1000.
    void trackedJobs(QObject *context, Done<TrackedJobs> done);
    void trackedJobs(int offset, int count, QObject *context, Done<TrackedJobs> done);
    // The same page with its jobs as row summaries (what the Tracked list shows), in calls of at
    // most SummariesPerCall jobs.
    void trackedSummaries(int offset, int count, QObject *context, Done<TrackedJobs> done);
    // How the first 1000 tracked jobs stand, one field each (the overview's summary).
    void trackedStates(QObject *context, Done<TrackedStates> done);
    void taggedJobs(const QString &tag, int offset, int count, QObject *context, Done<TaggedJobsPage> done);
    void topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done);

private:
    QlessScriptCaller &m_caller;
};
