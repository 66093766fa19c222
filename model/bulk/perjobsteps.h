// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulkjidcollector.h"
#include "rediserror.h"
#include "stepreceipts.h"
#include "stepwindow.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>

struct BulkRun;
class BulkRunControl;

// A BulkRunner's strategy for selections and lists: the jids are collected first (a list's rows
// not loaded yet too: BulkJidCollector), then each job gets its own call, pipelined a batch at a time (sized by
// StepWindow), each under its own receipt (desk.once, StepReceipts): a reply lost with the
// connection is asked for again by sending the same step under the same key, never guessed. A
// call that says "no" is explained by reading the job back.
class PerJobSteps final
{
public:
    PerJobSteps(BulkRun &run, BulkRunControl &control);

    // A selection: its jids (each once) are the run's jobs.
    void startWithJids();
    // A list: its jobs are collected first (the runner is collecting).
    void startCollecting();
    // While collecting: jids found so far.
    qint64 collected() const { return m_collector.collected() + m_jids.size(); }
    // Cancelled while paused: the summary says which steps may or may not have run.
    void explainDoubt();
    // A step went out: the run has step receipts and a record to end.
    bool hasReceipts() const { return m_stepsSent; }
    // Every step receipt the run may have left, for the run's end, which deletes them.
    QList<QByteArray> takeReceiptKeys();

private:
    // The run's jobs are known: their steps begin.
    void startJobs(QList<QByteArray> jids);
    void runJobBatch();
    // Sends the steps as one batch between two readings of the server's clock (StepWindow).
    void sendSteps(const QList<QByteArray> &jids);
    // A reading of the server's clock around a batch: the start, then the end, which sizes the
    // next batch: batchAnswered waits for it once every step is answered.
    void sendBatchClock(bool start);
    void sendStep(const QByteArray &jid);
    void stepAnswered(const QByteArray &jid, const RedisError &error, bool applied);
    // One step of the batch settled (counted, or to be sent again): the batch ends with its last.
    void stepSettled();
    void batchAnswered();
    // Reads back the jobs whose step replied "no", to say why (gone, in another state now).
    void explainRefusals();

    BulkRun &m_run;
    BulkRunControl &m_control;
    StepReceipts m_receipts;
    StepWindow m_window{500};
    quint64 m_batchClock = 0;       // the number of the batch whose clock readings are awaited
    bool m_clockPending = false;    // the reading after the batch in flight is not in yet
    qint64 m_batchStartMicros = -1; // the server's clock as the batch in flight began (-1: not read)
    int m_batchSteps = 0;           // steps in the batch in flight
    QElapsedTimer m_batchWall;      // since the batch in flight was sent

    BulkJidCollector m_collector;
    QList<QByteArray> m_jids; // the run's jobs, once collected
    qsizetype m_next = 0;
    QList<QByteArray> m_again; // to send (again): steps a restarted server holds no receipt of
    int m_awaiting = 0;
    QList<QByteArray> m_unsettled; // reply lost with the connection: sent again under its receipt
    QList<QByteArray> m_refused;   // the script said no: read back to say why
    RedisError m_connectionTrouble;
    QList<QByteArray> m_inFlight; // the batch sent, while m_awaiting > 0
    bool m_stepsSent = false;     // a step went out: the run has receipts and a record to end
};
