// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

// One job as the operator chose it: its id, and its layout and status as listed (the scripts take
// the layout per call and check it per job; the status decides which actions the menu offers).
struct SideJobRef
{
    QByteArray id;
    QString layout; // "4.1" or "4.0"
    QString status;
};

// One thing the operator does to SideJob jobs (docs/SIDEJOB.md, "What the console may change"),
// with the jobs: what a SideJobBulkRun applies and the audit log records. The console never
// touches a job's lock, never removes a job's item from a Sidekiq queue or the schedule, never
// edits the worker registry.
struct SideJobAction
{
    Q_DECLARE_TR_FUNCTIONS(SideJobAction)

public:
    enum class Kind {
        Run,              // queued again, only from running, queued, suspended or completed
        ForceRun,         // queued again whatever the status (failed, terminated, terminating)
        Terminate,        // set terminating and pushed, so a worker runs its shutdown
        TerminateSubtree, // the same for each job and all its descendants
        DeleteTerminated, // a terminated job and its whole subtree deleted (all must be terminated)
        WriteInput,       // one JSON value written to an input port of one job, which is run
    };

    Kind kind = Kind::Run;
    QList<SideJobRef> jobs;
    QString port;     // WriteInput
    QByteArray value; // WriteInput: the JSON text, checked by validJson before it is sent

    static SideJobAction of(Kind kind, const QList<SideJobRef> &jobs);
    static SideJobAction writeInput(const SideJobRef &job, const QString &port, const QByteArray &value);

    // Whether `kind` applies to a job listed with `status`, as the library (or the scripts) allow.
    static bool appliesTo(Kind kind, const QString &status);
    // Whether `text` is one JSON value (an object, array, string, number, true, false or null);
    // `error` says where it is not.
    static bool validJson(const QByteArray &text, QString *error = nullptr);
    // Whether `name` can be a port (the library's ^[a-zA-Z0-9_]+$).
    static bool validPortName(const QString &name);

    qint64 count() const { return jobs.size(); }
    // "sidejob run", ... as the audit log names the action.
    QString name() const;
    // "Terminate job 12 and its descendants"
    QString describe() const;
    // "job 12", "3 selected jobs"
    QString jobsText() const;
    // The audit log's arguments (the ids when 20 or fewer; the port and the value's first bytes).
    QJsonObject arguments() const;
    bool isDestructive() const;
    // Actions that walk each chosen job's descendants before acting.
    bool walksSubtree() const { return kind == Kind::TerminateSubtree || kind == Kind::DeleteTerminated; }
};
