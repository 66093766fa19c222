// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlessjobdecoder.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"
#include "qlessvaluedecoder.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// Reads of jobs by state page or by jid: whole jobs, their states only, or the summaries list
// rows show; and recurring templates.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessJobReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessJobReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // state: waiting, running, stalled, scheduled, depends, recurring (queue needed) or
    // complete (queue ignored).
    void jobs(const QString &state, const QString &queue, int offset, int count, QObject *context,
              Done<QList<QByteArray>> done);
    // The same page with the state's total (how many completed jobs there are, say).
    void jobPage(const QString &state, const QString &queue, int offset, int count, QObject *context,
                 Done<JidPage> done);
    void job(const QByteArray &jid, QObject *context, Done<std::optional<Job>> done);
    // One reply for all, in the order asked; nullopt where a job is gone. In calls of
    // MultiGetPerCall jobs, two on their way at a time (BoundedCallSequence).
    void multiGet(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    // Whole jobs a call of multiGet reads: a job costs Redis what its data, history and failure
    // hold, which can be much (hundreds a call hold Redis for tens of ms), so no more than a
    // page of row summaries.
    static constexpr int MultiGetPerCall = 16;
    // Each job's state and lock expiry only (desk.states: jid, state, expires; `timedOut` set
    // from them), as multiGet orders and gaps them, for saying why a job's step was refused.
    // A job is one HMGET of three fields whatever it holds, StatesPerCall jobs a call.
    void jobStates(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    static constexpr int StatesPerCall = 100;
    // What list rows show of the jobs (desk.summaries: no data, no dependents, only the history
    // entries a row reads, a failure's first line), in calls of SummariesPerCall as multiGet.
    void summaries(const QList<QByteArray> &jids, QObject *context, Done<QList<std::optional<Job>>> done);
    // Row summaries a single call builds, here and in failedSummaries: the most that keeps a
    // call of a failure group's jobs under the 5 ms a call of ours may hold Redis with room for
    // a busy host (docs/BENCHMARKS.md, "row summaries of 16"; 25 and 50 did not). Other clients
    // (workers heartbeating) get in between the calls of a page, which go two at a time
    // (BoundedCallSequence), so the extra calls cost little more than their start.
    static constexpr int SummariesPerCall = 16;
    void recurringJob(const QByteArray &jid, QObject *context, Done<std::optional<RecurringJob>> done);

private:
    QlessScriptCaller &m_caller;
};
