// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulkprogress.h"
#include "qlessreply.h"
#include "sidejobaction.h"
#include "sidejobsubtreewalk.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QPointer>

class QlessSession;
class SideJobSession;
class SideJobWriter;

// Applies one SideJobAction on the GUI thread without waiting on Redis, one script call at a time,
// each bounded (docs/SIDEJOB.md, "Written: lua/sidejob"):
// - run, forced run, terminate: up to 100 jobs of one layout a call;
// - terminate a subtree, delete a terminated subtree: first the chosen jobs and every descendant
//   are read (SideJobSubtreeWalk, phase Collecting), then terminate goes 100 jobs a call, parents
//   before children as the library does; delete checks the whole walked tree first (a job not
//   terminated, locked, missing or of another layout keeps its whole tree, nothing of it is
//   deleted), then deletes from the leaves up in subtrees of at most 64 jobs, each one atomic
//   call that checks again that everything it deletes is terminated;
// - write input: one call.
// Every job is counted once in the summary: done, skipped with why, or failed. A lost reply
// (the connection dropped) pauses the run until the connection is back; then each job of the lost
// call is looked up (an idempotence check, no receipts): a job already in the state the action
// leaves (queued or running after a run, terminating or terminated after a terminate, gone from
// `jobs` after a delete) is counted done, the others are sent again; so nothing is done twice
// and nothing is guessed. A write to a port is never sent again (a second write adds a second
// value): its lost reply is reported as not known. Audited when it starts and ends.
class SideJobBulkRun final : public BulkProgress
{
    Q_OBJECT

public:
    // `sidejob` writes, `session` (the same server) audits and says when the connection is back;
    // both must outlive the run.
    SideJobBulkRun(SideJobSession *sidejob, QlessSession *session, const SideJobAction &action,
                   QObject *parent = nullptr);
    ~SideJobBulkRun() override;

    void start();
    void cancel() override;

    const SideJobAction &action() const { return m_action; }
    Phase phase() const override { return m_phase; }
    QString describe() const override { return m_action.describe(); }
    qint64 count() const override { return m_action.count(); }
    qint64 collected() const override { return m_walk ? m_walk->jobs().size() : 0; }
    double rate() const override;
    QString pauseReason() const override { return m_pauseReason; }
    bool isCancelling() const override { return m_cancelRequested && m_phase != Phase::Finished; }
    const BulkSummary &summary() const override { return m_summary; }
    // Write calls sent (lost ones included), reads of the walk and of look-ups (tests).
    int calls() const { return m_calls; }
    int lookups() const { return m_lookups; }

    // Why a job was left, from a script's outcome ("wrong-status:failed", "not-found", ...).
    static QString skipReason(const QByteArray &outcome);

private:
    struct Unit
    {
        QList<QByteArray> ids;
        QString layout;
        qint64 jobs = 0; // a delete's subtree size
    };

    void setPhase(Phase phase);
    void next();
    void walked();
    void planTerminate();
    void planDelete();
    void send(const Unit &unit);
    void answered(const Unit &unit, const QlessReply<QList<QByteArray>> &reply);
    void countOutcome(const QByteArray &id, const QByteArray &outcome, qint64 jobs);
    bool isDone(const QByteArray &outcome) const;
    // A call failed as a whole: pause and look up (connection), or stop.
    void callFailed(const RedisError &error, const Unit &unit);
    void pause(const RedisError &why, std::function<void()> resume);
    void lookUp(const Unit &unit, qsizetype at, QList<QByteArray> again);
    bool leftAsAsked(const SideJobRecord &record) const;
    void finish();
    void audit(const QString &outcome, const QString &message, qint64 count);

    SideJobSession *m_sidejob;
    QlessSession *m_session;
    SideJobWriter *m_writer;
    SideJobAction m_action;
    BulkSummary m_summary;
    Phase m_phase = Phase::Ready;
    bool m_cancelRequested = false;
    QElapsedTimer m_clock;
    QString m_pauseReason;
    QMetaObject::Connection m_resume;
    quint64 m_pauseId = 0;
    QPointer<SideJobSubtreeWalk> m_walk;
    QList<Unit> m_units;
    qsizetype m_nextUnit = 0;
    // A delete's unit whose call was refused keeps its ancestors: indexes into the walk.
    QList<int> m_unitRoot;
    QList<bool> m_kept;
    int m_calls = 0;
    int m_lookups = 0;
};
