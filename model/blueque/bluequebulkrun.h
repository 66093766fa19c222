// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequeaction.h"
#include "bulkprogress.h"
#include "qlessreply.h"

#include <QElapsedTimer>

class BluequeSession;
class BluequeWriter;
class QlessSession;
struct BluequeStep;

// Applies one BluequeAction on the GUI thread without waiting on Redis: one script call at a
// time, the next sent when the last is answered, each bounded (docs/BLUEQUE.md):
// - chosen tasks: requeue takes up to 100 ids a call, as long as the entries its searches walk
//   stay within WalkBudget; delete, cancel (a delete while the task is still pending or
//   scheduled) and run now take one task a call;
// - a whole failed or complete list: requeueall or purge steps of at most 500 entries, oldest
//   first, until the steps have seen as many entries as the list held at the first step; so a
//   task that fails again meanwhile, or a newer one, is left for the operator to see.
// Every task is counted once in the summary: done, or skipped with why (gone, no longer in the
// state it was listed in, taken by a listener meanwhile), or failed with the error. Written to
// the session's audit log when it starts and when it ends. The scripts carry no receipts: a
// call whose reply is lost with the connection ends the run, and the summary says how many
// tasks that call may or may not have changed.
class BluequeBulkRun final : public BulkProgress
{
    Q_OBJECT

public:
    // Entries requeue's searches may walk in one call (from each id's nearer end): about 3 ms of
    // Redis's time measured for 100 ids 2,000 deep (docs/BLUEQUE.md).
    static constexpr qint64 WalkBudget = 200000;

    // `blueque` writes, `session` (the same server) audits; both must outlive the run.
    BluequeBulkRun(BluequeSession *blueque, QlessSession *session, const BluequeAction &action,
                   QObject *parent = nullptr);
    ~BluequeBulkRun() override;

    void start();
    void cancel() override;

    const BluequeAction &action() const { return m_action; }
    Phase phase() const override { return m_phase; }
    QString describe() const override { return m_action.describe(); }
    qint64 count() const override { return m_action.count(); }
    qint64 collected() const override { return 0; }
    double rate() const override;
    QString pauseReason() const override { return {}; }
    bool isCancelling() const override { return m_cancelRequested && m_phase != Phase::Finished; }
    const BulkSummary &summary() const override { return m_summary; }
    // Script calls sent so far, and the most entries one of them was asked to take (tests).
    int calls() const { return m_calls; }
    int largestStep() const { return m_largestStep; }

    // Why a chosen task was left, from a script's refusal ("state is reserved", "not in its
    // list", "no such task") and the action (a pending task taken by a listener meanwhile).
    static QString skipReason(BluequeAction::Kind kind, const QString &refusal);
    // The same for requeue's outcome words ("missing", "wrong-queue", "not-failed:pending", ...).
    static QString requeueSkipReason(const QByteArray &outcome);

private:
    void next();
    void sendRequeueBatch();
    void sendOneTask();
    void sendListStep();
    void listStepAnswered(const QlessReply<BluequeStep> &reply, int asked);
    void oneTaskAnswered(const BluequeTaskRef &task, const QlessReply<bool> &reply);
    // A call failed as a whole: the connection (its `tasks` may or may not have changed), a
    // refusal for good (read-only, no permission), or an error of the script.
    void callFailed(const RedisError &error, qint64 tasks);
    void finish();
    void audit(const QString &outcome, const QString &message, qint64 count);

    BluequeSession *m_blueque;
    QlessSession *m_session;
    BluequeWriter *m_writer;
    BluequeAction m_action;
    BulkSummary m_summary;
    Phase m_phase = Phase::Ready;
    bool m_cancelRequested = false;
    QElapsedTimer m_clock;
    qsizetype m_nextTask = 0;
    int m_calls = 0;
    int m_largestStep = 0;
    // A whole list: its length at the first step (-1: not known yet), and entries seen since.
    qint64 m_listLength = -1;
    qint64 m_seen = 0;
};
