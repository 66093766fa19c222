// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulkprogress.h"
#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulktrouble.h"
#include "rediserror.h"

#include <QElapsedTimer>
#include <QMap>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

class GroupBatches;
class PerJobSteps;
class QlessSession;
struct Job;

// Applies one JobAction to a BulkTarget in bounded batches, on the GUI thread without ever
// waiting on Redis: each batch goes out at once and the next follows its last reply, so the
// window stays usable and refresh goes on.
//
// - A selection or a list: the jids are collected first (a list's rows not loaded yet too),
//   then each gets its own call, pipelined a batch at a time. A call that says "no" is explained
//   by reading the job back (gone, or in another state now). A list kept in one place on the
//   server is read to its end with a scan cursor (JobSource::scan), which returns every job that
//   stayed in it throughout however it changed meanwhile; others by offset pages (a page read
//   after the list shrank starts that much earlier). The summary says "expected N, collected M"
//   when the list held other than what the operator was told.
// - A whole failure group (retry, move, cancel): the failedaction script takes the group's
//   oldest jobs a batch at a time on the server, however large the group, with the next batch
//   ready while one runs (GroupBatchesInFlight): the strategy GroupBatches, which shares the
//   run's state (BulkRun) and asks the runner to pause or finish (BulkRunControl).
//
// Nothing is assumed after a fault. Every write carries a receipt key (desk.once for a job's
// step, desk.failedaction's key for a group batch): Redis keeps each reply, written with the
// write itself. When the connection drops, the run pauses until it is back; then every step
// or batch whose reply was lost is sent again under the same key, which Redis answers from its
// receipt if it had run, so the summary counts each job exactly once. cancel() stops after the
// batch in flight. The action is written to the session's audit log when it starts and when it
// ends.
//
// A receipt is kept only while a reply may still be asked for again: once every step of a batch
// has replied, the run releases their receipts (desk.release) before it sends the next batch, so
// Redis holds a bounded number of them whatever the run's size (see runJobBatch). Each release
// is numbered and recorded on the server (ql:desk:run:<run>): after a restart that record says
// which steps the server still holds, where the deleted receipts no longer can. When the run
// ends (done, stopped, cancelled, closed) its last receipts and its record go too.
//
// A cancel step (desk.cancel) is judged by the job's state when it runs, against how the job was
// listed when the operator confirmed: see cancelReason.
//
// A server that refuses the action for good (a replica reached without Sentinel, a command the
// connection will not send, a read-only connection, a wrong password) ends the run at once with
// that reason; a passing one (full, loading, busy, failing over) pauses it like a dropped link.
// A server that comes back with another run_id (restarted, perhaps from an older snapshot) is
// not trusted with what was counted before: at the next batch boundary the receipts of the steps
// and batches counted done are looked up; what the server no longer holds (it came back from an
// older snapshot: no receipt, and none of what it recorded) is done again, and the summary says so.
class BulkRunner final : public BulkProgress, private BulkRunControl
{
    Q_OBJECT

public:
    BulkRunner(QlessSession *session, const JobAction &action, const BulkTarget &target, QObject *parent = nullptr);
    // A run destroyed before its end (the window closed, another server chosen) is recorded in
    // the audit log as interrupted, with what was done so far.
    ~BulkRunner() override;

    // Jobs per batch (default 500): per-jid calls in flight at once, or the count asked of the
    // failedaction script, at most GroupBatchJobs. By default the per-jid calls sent at once are
    // sized by the work Redis did for the last batch (StepWindow), up to this; set, every batch
    // of them is this size (tests, comparisons). Set before start().
    void setBatchSize(int jobs)
    {
        m_run.batchSize = qMax(1, jobs);
        m_run.fixedBatch = true;
    }
    int batchSize() const { return m_run.batchSize; }
    // A failure-group batch retries, moves or cancels its jobs inside one script call, which
    // must stay under the 5 ms a call of ours may hold Redis, with room for the host's noise,
    // so that workers' heartbeats get in between batches. 25 jobs do on a busy 2-core machine
    // (docs/BENCHMARKS.md, "retry batch of 25"); 50 do not, for little more throughput.
    static constexpr int GroupBatchJobs = 25;
    // Failure-group batches on their way at once: the next one is ready when one is answered.
    // Each is a unit of its own (ConnectionSettings::oneUnitAtServer): the next waits on the
    // connection's thread, not in Redis's input, and is written as soon as the reply before it
    // is read, before that reply goes through the connection's thread and back to this runner.
    static constexpr int GroupBatchesInFlight = 2;

    void start();
    // Stops after the batch in flight; the summary counts the rest as not attempted.
    void cancel() override;

    const JobAction &action() const { return m_run.action; }
    const BulkTarget &target() const { return m_run.target; }
    Phase phase() const override { return m_phase; }
    bool isCancelling() const override { return m_run.cancelRequested && m_phase != Phase::Finished; }
    qint64 collected() const override;
    qint64 count() const override { return m_run.target.count(); }
    double rate() const override;
    QString pauseReason() const override { return m_pauseReason; }
    const BulkSummary &summary() const override { return m_run.summary; }
    // The reason a job others depend on was not cancelled, as BulkSummary::skipped keys it.
    static QString hasDependentsReason();
    // Why a cancel step left its job, as BulkSummary::skipped keys it, from desk.cancel's
    // verdict ("gone", "complete", "running", "has dependents") and the state the job was
    // listed in. The rule the confirmation states: a job is cancelled as it was chosen; one
    // that completed or vanished meanwhile is counted apart, and one a worker started running
    // since it was listed is left to its worker (a job chosen as running is cancelled, its
    // worker loses it).
    static QString cancelReason(const QString &verdict, const QString &listedState);
    // "Retry in own queue: all 20,000 jobs of failure group IOError"
    QString describe() const override;

private:
    using Trouble = BulkTrouble;
    static Trouble troubleOf(const RedisError &error) { return bulkTroubleOf(error); }

    // BulkRunControl, for the strategies (PerJobSteps, GroupBatches).
    QObject *replyContext() override { return this; }
    bool isHalted() const override { return m_phase == Phase::Finished || m_phase == Phase::Paused; }
    void reportProgress() override { emit progressed(); }

    void serverRestarted(const QByteArray &previousRunId, const QByteArray &runId);
    void readAppliedReleases(const std::function<void()> &then, const std::function<void(qint64)> &from) override;
    void beginWorking() override;
    // The run is over: every receipt it may have left, and its record, are deleted (bulkrunnerreceipts.cpp).
    void endReceipts();

    void setPhase(Phase phase);
    void pause(const RedisError &why, std::function<void()> resume) override;
    void finish() override;
    void audit(const QString &outcome, const QString &message, qint64 count);

    BulkRun m_run;
    Phase m_phase = Phase::Ready;
    QString m_pauseReason;
    QMetaObject::Connection m_resumeConnection;
    quint64 m_pauseId = 0;
    QElapsedTimer m_clock;

    // Selections and lists: the run's strategy, else null.
    std::unique_ptr<PerJobSteps> m_steps;
    // Whole failure groups (retry, move, cancel): the run's strategy, else null.
    std::unique_ptr<GroupBatches> m_group;
};
