// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlesslistdecoder.h"
#include "qlessscriptcaller.h"
#include "qlessvaluedecoder.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// Every qless write the console makes, through the unified script and marked as a write so that
// a read-only connection refuses it before sending; the bulk runs' steps under a receipt too.
class QlessWrites final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessWrites(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // Writes. A bool value is false when the job (or template) does not exist or is not in a
    // state the operation applies to, as the script says.
    void track(const QByteArray &jid, QObject *context, Done<bool> done);
    void untrack(const QByteArray &jid, QObject *context, Done<bool> done);
    // The job's tags afterwards; nullopt when there is no such job.
    void addTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                 Done<std::optional<QStringList>> done);
    void removeTags(const QByteArray &jid, const QStringList &tags, QObject *context,
                    Done<std::optional<QStringList>> done);
    void setConfig(const QString &option, const QString &value, QObject *context, Done<bool> done);
    void unsetConfig(const QString &option, QObject *context, Done<bool> done);
    // Puts the job into `queue` (its own queue when `queue` is empty) in one script call
    // (qless.lua's desk.move): klass, data, priority, tags, retries and unfinished dependencies are kept,
    // remaining is reset to retries; the job leaves its worker (told its lock is lost) and its
    // failure group, and is waiting (depends while dependencies remain). The value is false
    // when there is no such job.
    void move(const QByteArray &jid, const QString &queue, QObject *context, Done<bool> done);
    // The same, but only while the job is in state `onlyState` (empty: any state): false, with
    // nothing changed, when it is not. A guard for steps that may be replayed or raced.
    void move(const QByteArray &jid, const QString &queue, const QString &onlyState, QObject *context, Done<bool> done);
    // An operator's retry of a failed job: move(jid, "", "failed"), back into its own queue with
    // retries restored. False when there is no such job or it is not failed.
    void retry(const QByteArray &jid, QObject *context, Done<bool> done);
    void setPriority(const QByteArray &jid, double priority, QObject *context, Done<bool> done);
    // The jids cancelled (none when a job still has dependents outside the call).
    void cancel(const QList<QByteArray> &jids, QObject *context, Done<QStringList> done);
    // How many of the group's oldest jobs (at most `count`) moved into `queue`.
    void unfail(const QString &group, const QString &queue, int count, QObject *context, Done<qint64> done);
    // One batch of a bulk retry, move or cancel on a failure group (qless.lua's desk.failedaction; see
    // FailedActionRequest and FailedBatch). Like every write it is not re-sent after a dropped
    // connection; sending the same request (same key) again then is safe: it gives the first
    // reply and changes nothing more.
    void failedAction(const FailedActionRequest &request, QObject *context, Done<FailedBatch> done);
    // Drops the given dependencies of a job in the depends state (all of them when empty).
    void dependsOff(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context, Done<bool> done);
    void updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context, Done<bool> done);
    // How many templates were removed.
    void recurringOff(const QByteArray &jid, QObject *context, Done<qint64> done);
    // qless's pause / unpause: workers pop nothing from a paused queue; jobs stay where they are.
    void pauseQueues(const QStringList &queues, QObject *context, Done<bool> done);
    void unpauseQueues(const QStringList &queues, QObject *context, Done<bool> done);
    // Times the job out as qless's timeout does (its worker is told it lost the lock; the job
    // waits first in line, state stalled). False, with nothing changed, when it is not running.
    void timeout(const QByteArray &jid, QObject *context, Done<bool> done);
    // qless's log: an entry `message` in the job's history, with `dataJson` (a JSON value, empty
    // for none) as its data. An error when the job is gone or the data is not JSON.
    void addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                 Done<bool> done);
    // qless's worker.deregister: the workers leave the workers list (their jobs stay).
    void deregisterWorkers(const QStringList &workers, QObject *context, Done<bool> done);
    // Forgets the queues that hold nothing (no job, no recurring template), as qless's
    // queue.forget; the value lists those forgotten (a queue that holds something stays).
    void forgetQueues(const QStringList &queues, QObject *context, Done<QStringList> done);

    // Bulk-run steps: the same writes, sent as qless.lua's desk.once under `receipt` (a key unique
    // to the step, never empty). Redis keeps the reply as ql:receipt:<receipt>, written with the
    // write itself, until the run releases it (releaseReceipts; a day at most): sent again with
    // the same key after a reply lost with the connection, it answers with the first reply and
    // changes nothing more, so the step is never guessed.
    void move(const QByteArray &jid, const QString &queue, const QString &onlyState, const QByteArray &receipt,
              QObject *context, Done<bool> done);
    void cancel(const QList<QByteArray> &jids, const QByteArray &receipt, QObject *context, Done<QStringList> done);
    void setPriority(const QByteArray &jid, double priority, const QByteArray &receipt, QObject *context,
                     Done<bool> done);
    void track(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    void untrack(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    void addTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt, QObject *context,
                 Done<std::optional<QStringList>> done);
    void removeTags(const QByteArray &jid, const QStringList &tags, const QByteArray &receipt, QObject *context,
                    Done<std::optional<QStringList>> done);
    void timeout(const QByteArray &jid, const QByteArray &receipt, QObject *context, Done<bool> done);
    // qless.lua's desk.cancel as a bulk step: the job is judged by its state when the step runs
    // and cancelled only if nothing the operator did not see has happened to it. The value says
    // what happened: "cancelled", "gone", "complete", "running" (a worker holds it and
    // `runningToo` is false: not cancelled), "has dependents".
    void cancelStep(const QByteArray &jid, bool runningToo, const QByteArray &receipt, QObject *context,
                    Done<QString> done);
    // qless.lua's desk.release: deletes receipts of bulk run `run` (`keys`, each "<run>:...", at
    // most ReleasePerCall) as its release number `n` (from 1, in order), or, with n = 0, at the
    // run's end together with the run's record (and, with `keptGroup`, the set of that failure
    // group's entries the run's batches kept). The value: how many releases the server has
    // applied (less than n when it lost earlier ones, coming back from an older snapshot).
    void releaseReceipts(const QByteArray &run, qint64 n, const QList<QByteArray> &keys, const QString &keptGroup,
                         QObject *context, Done<qint64> done);
    static constexpr int ReleasePerCall = 500; // qless.lua's desk_release_cap

private:
    QlessScriptCaller &m_caller;
};
