// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failedbatch.h"
#include "rediserror.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QSet>

#include <functional>

struct BulkRun;
class BulkRunControl;

// A BulkRunner's strategy for a whole failure group (retry, move, cancel): the failedaction
// script takes the group's oldest jobs a batch at a time on the server, however large the group,
// with the next batch ready while one runs (BulkRunner::GroupBatchesInFlight). Each batch's
// receipt makes sending it again safe; counted batches' receipts are released once no batch on
// its way reads them, and after a server restart those counted before are looked up.
class GroupBatches final
{
public:
    GroupBatches(BulkRun &run, BulkRunControl &control);

    // The run begins working: the group's size is read unless the operator was shown it.
    void start();
    // Sends what can go now: batches to send again, else new ones up to GroupBatchesInFlight;
    // pauses, checks a restart or finishes once no reply is on its way.
    void send();
    // Cancelled while paused: the summary says which batches may or may not have run.
    void explainDoubt();
    // A batch went out: the run has batch receipts and a record to end.
    bool hasReceipts() const { return m_batchesSent; }
    // Every batch receipt the run may have left (counted and unreleased, on their way, or to be
    // sent again after a lost reply), for the run's end, which deletes them.
    QList<QByteArray> takeReceiptKeys();

private:
    void readGroupSize();
    // Batch `index` (new, or sent again), naming `after`, the batch sent just before and not
    // answered yet (empty: none).
    void sendBatch(int index, const QByteArray &after);
    void batchAnswered(int index, const FailedBatch &batch);
    void forgetBatch(int index);
    // Jobs of the group neither counted nor asked for by a batch on its way.
    qint64 jobsLeft() const;
    // Jobs of batches whose reply was lost (they may have run), until they are sent again.
    qint64 jobsInDoubt() const;
    // The receipt key of batch `index`: the same for every send of it.
    QByteArray batchKey(int index) const;
    // Sends the release of the counted batches' receipts no batch on its way still reads (one
    // release at a time); its reply goes on with send().
    void releaseBatches();
    void commitRelease();
    // After a restart: checks the batches counted before against the server, then `then`.
    void recheckBatches(const std::function<void()> &then);
    // recheckBatches once the server's count of the run's releases is known.
    void recheckFrom(qint64 applied, const std::function<void()> &then);

    BulkRun &m_run;
    BulkRunControl &m_control;
    qint64 m_taken = 0;
    qint64 m_kept = 0;         // jobs left in the group on purpose (cancel: they have dependents)
    int m_next = 0;            // the number of the next new batch
    QMap<int, int> m_inFlight; // batches sent and not answered: number -> jobs asked
    QMap<int, int> m_resend;   // to send again: number -> jobs in doubt (0: certainly not run)
    RedisError m_trouble;      // why those went unanswered: the run pauses once none is on its way
    // Each batch counted, by its number, to take back if a restarted server lost its receipt.
    struct CountedBatch
    {
        FailedBatch batch;
        qint64 vanished = 0; // counted "no longer in the group" after this batch
    };
    QMap<int, CountedBatch> m_counted;
    // Counted while a restart waits to be checked: a batch held on the connection (one unit at
    // the server) is sent to the server as it came back, before the check. It ran there, so it
    // is neither looked up nor reported as counted before the restart.
    QSet<int> m_countedSinceRestart;
    // The batches' receipts: counted batches whose receipts are alive, release n's batches at
    // [n - 1], and the batch each one on its way names as `after` (whose receipt it reads).
    bool m_batchesSent = false;
    bool m_releasing = false;
    QList<int> m_unreleased;
    QList<QList<int>> m_releases;
    QList<int> m_releaseSent; // the release sent and not answered yet, or whose reply was lost
    QMap<int, int> m_afterOf;
};
