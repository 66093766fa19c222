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

// The failure groups' reads: the list of groups (with counts and newest failures), a group's
// failed jobs (whole or as row summaries) and its failures' signatures for clustering.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessFailureReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessFailureReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    void failureGroups(QObject *context, Done<QList<FailureGroup>> done);
    // The same list, with the total number of groups and each one's newest failure. A reply lists
    // a bounded number of groups (one desk.failed step); with very many, its `cursor` is where
    // the next step goes on. The newest failures a step's call had no time for are read by
    // further calls, one after another, before `done`.
    void failureGroupList(QObject *context, Done<FailureGroupList> done);
    void failureGroupList(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done);
    // One step of the same list with names and counts only, no newest failure read
    // (desk.failurecounts, about a microsecond a group): what totals and alerts sum. `cursor`
    // empty to start, then each step's until it comes back empty; a group may come twice.
    void failureGroupCounts(const QByteArray &cursor, QObject *context, Done<FailureGroupList> done);
    void failedJobs(const QString &group, int offset, int count, QObject *context, Done<FailedJobsPage> done);
    // The same page with its jobs as row summaries (no data, a history cut to what a row reads):
    // what a list of the group shows.
    void failedSummaries(const QString &group, int offset, int count, QObject *context, Done<FailedJobsPage> done);
    // The group's failures [offset, offset + count) from its oldest end (count 1 to 500), each
    // with what a cluster signature needs (desk.failuresigs).
    void failureSigs(const QString &group, qint64 offset, int count, QObject *context, Done<FailureSigPage> done);
    // Groups named in one desk.failurenewest call (the script reads as many as its clock allows
    // and the rest are asked again): about as many as one step of the list can leave.
    static constexpr int NewestGroupsPerCall = 600;

private:
    // failureGroupList's second part: the newest failures of `list`'s groups marked later.
    void readLaterNewest(std::shared_ptr<FailureGroupList> list, QObject *context, Done<FailureGroupList> done);
    QlessScriptCaller &m_caller;
};
