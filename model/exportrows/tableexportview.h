// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// Which list a table export reads: one of the console's tables, named as `export-table --view`
// names it, with what narrows it (a queue and state, a failure group, a worker, a tag).
struct TableExportView
{
    Q_DECLARE_TR_FUNCTIONS(TableExportView)

public:
    // The other systems' kinds last, named "blueque-...", "sidejob-..." so a script tells them
    // from qless's views.
    enum class Kind {
        Queues,
        Jobs,
        Failed,
        Completed,
        Workers,
        Tracked,
        Tags,
        Config,
        Activity,
        BluequeQueues,
        BluequeTasks,
        BluequeListeners,
        SideJobJobs,
        SideJobQueues,
        SideJobProcesses
    };

    TableExportView() = default;
    explicit TableExportView(Kind of)
        : kind(of)
    {}

    Kind kind = Kind::Queues;
    QString queue;   // Jobs, BluequeTasks; Completed: only jobs completed in it; SideJobJobs: only its jobs
    QString state;   // Jobs: waiting, running, stalled, scheduled, depends, recurring; BluequeTasks: bluequeStates();
                     // SideJobJobs: a status of sideJobStatuses() (empty: every job)
    QString group;   // Failed: that group's jobs instead of the groups
    QString worker;  // Workers: that worker's jobs instead of the workers
    QString tag;     // Tags: that tag's jobs instead of the tags
    QString klass;   // Completed: only jobs whose class contains it (any case); SideJobJobs: of that class
    QString creator; // SideJobJobs: only jobs whose created_by contains it
    QString auditLogPath; // Activity: the log file (empty: the user's)

    static QStringList viewNames();
    static QStringList jobStates();
    // A Blueque task's states, as the library writes them in `status`.
    static QStringList bluequeStates();
    // Whether the view is one of Blueque's (read through BluequeTableExport, not TableExport).
    bool isBlueque() const;
    // A SideJob job's statuses, as the library writes them.
    static QStringList sideJobStatuses();
    // Whether the view is one of SideJob's (read through SideJobTableExport).
    bool isSideJob() const;
    static QString nameOf(Kind kind);
    // False for an unknown name.
    static bool kindOf(const QString &name, Kind *kind);

    // Empty when the view has what it needs; else what is missing or wrong, in a sentence.
    QString problem() const;
    // Whether rows are jobs (one per jid), for the job columns.
    bool listsJobs() const;
    // "waiting in crawl", "failure group timeouts", "queues": for progress and messages.
    QString describe() const;
    // A file name to offer: qlessdesk-jobs-crawl-waiting.csv, without characters a file system minds.
    QString suggestedFileName() const;
};
