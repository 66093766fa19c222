// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlesstrackedtagreads.h"

#include "qlessclientcalls.h"
#include "qlessjobreads.h"

using namespace QlessClientCalls;

void QlessTrackedTagReads::trackedJobs(QObject *context, Done<TrackedJobs> done)
{
    trackedJobs(0, 1000, context, std::move(done));
}

void QlessTrackedTagReads::trackedJobs(int offset, int count, QObject *context, Done<TrackedJobs> done)
{
    m_caller.read<TrackedJobs>("desk.tracked", {QByteArray::number(offset), QByteArray::number(count)}, context,
                               &QlessListDecoder::trackedJobs, std::move(done));
}

void QlessTrackedTagReads::trackedSummaries(int offset, int count, QObject *context, Done<TrackedJobs> done)
{
    m_caller.readInParts<TrackedJobs>(
        "desk.tracked", {}, offset, count, QlessJobReads::SummariesPerCall, {"summaries"},
        &QlessListDecoder::trackedSummaries,
        [](TrackedJobs *page, const TrackedJobs &more) {
            page->jobs += more.jobs;
            page->expired += more.expired;
        },
        context, std::move(done));
}

void QlessTrackedTagReads::trackedStates(QObject *context, Done<TrackedStates> done)
{
    m_caller.read<TrackedStates>("desk.trackedstates", {}, context, &QlessListDecoder::trackedStates, std::move(done));
}

void QlessTrackedTagReads::taggedJobs(const QString &tag, int offset, int count, QObject *context,
                                      Done<TaggedJobsPage> done)
{
    m_caller.read<TaggedJobsPage>("tag", {"get", utf8(tag), QByteArray::number(offset), QByteArray::number(count)},
                                  context, &QlessListDecoder::taggedJobs, std::move(done));
}

void QlessTrackedTagReads::topTags(int offset, int count, QObject *context, Done<QList<TagCount>> done)
{
    // desk.tags: qless's tag top lists names only, the console shows how many jobs each has.
    m_caller.read<QList<TagCount>>("desk.tags", {QByteArray::number(offset), QByteArray::number(count)}, context,
                                   &QlessListDecoder::topTags, std::move(done));
}
