// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

struct Job;

// One thing an operator does to jobs, whatever the jobs are (one, a selection, every job of a
// list, a whole failure group): what BulkRunner applies to each and the audit log records.
struct JobAction
{
    Q_DECLARE_TR_FUNCTIONS(JobAction)

public:
    enum class Kind { Move, Retry, Cancel, Priority, Track, Untrack, AddTags, RemoveTags, Timeout };

    Kind kind = Kind::Retry;
    QString queue;       // Move: where to
    double priority = 0; // Priority: the new value
    QStringList tags;    // AddTags, RemoveTags
    // Move and Retry: the state the jobs were listed in. A job found in another state when its
    // turn comes is skipped, so a step replayed after a reconnect, or raced by a worker or
    // another operator, never moves a job that changed meanwhile. Empty: any state. "waiting"
    // also takes a job qless timed out (stalled without a lock: counted waiting, first in line).
    QString onlyState;

    static JobAction move(const QString &queue, const QString &onlyState = {});
    static JobAction retry();
    static JobAction cancel();
    static JobAction setPriority(double priority);
    static JobAction track();
    static JobAction untrack();
    static JobAction addTags(const QStringList &tags);
    static JobAction removeTags(const QStringList &tags);
    // qless's timeout of a running job: its worker loses the lock, the job waits first in line.
    // Applies only to running jobs; any other is skipped, never an error.
    static JobAction timeout();

    // "move", "retry", ... as the audit log names the action.
    QString name() const;
    // For people, without the jobs: "Move to queue parse", "Set priority 10".
    QString describe() const;
    // The arguments for the audit log.
    QJsonObject arguments() const;
    // Cancel deletes jobs: always confirmed.
    bool isDestructive() const { return kind == Kind::Cancel; }

    // Why this action does not apply to `job` (read back from Redis; null: gone), or empty when it
    // still does: how a step Redis refused is explained. (A step whose reply was lost is not
    // judged from the job's state: it is sent again under its receipt, see BulkRunner.)
    QString whyNotApplicable(const Job *job) const;
};
