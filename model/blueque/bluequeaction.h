// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

// One task as the operator chose it: its id and where its row stood in the list shown, so a
// script that must walk the list to it starts from the nearer end (docs/BLUEQUE.md: a list
// cannot remove an element without walking to it).
struct BluequeTaskRef
{
    QByteArray id;
    qint64 row = 0;    // its index in the list, newest first
    qint64 listed = 0; // the list's length then
    // Its error as listed (failed tasks; cut as the list shows it): a requeue removes it from the
    // task, so the audit record keeps it.
    QString error;

    bool nearerOldest() const { return row > listed / 2; }
    // Entries between the task and the end a search starts from.
    qint64 depth() const { return nearerOldest() ? qMax<qint64>(0, listed - 1 - row) : row; }
};

// One thing the operator does to Blueque tasks (docs/BLUEQUE.md, "What the console may change"),
// with the tasks: chosen ones, or every task of a queue's failed or complete list. What a
// BluequeBulkRun applies and the audit log records.
struct BluequeAction
{
    Q_DECLARE_TR_FUNCTIONS(BluequeAction)

public:
    enum class Kind {
        Requeue, // failed tasks back to pending (requeue, requeueall)
        Delete,  // complete or failed tasks deleted (delete, purge)
        Cancel,  // a pending or scheduled task deleted while still in that state (delete)
        RunNow,  // a scheduled task to pending now (runnow)
    };

    Kind kind = Kind::Requeue;
    QString queue;
    QString state; // the state the tasks were listed in
    QList<BluequeTaskRef> tasks;
    // Every task of the queue's list in `state` (Requeue: failed; Delete: complete or failed),
    // however many: done in bounded steps on the server. `expected` is the count shown.
    bool wholeList = false;
    qint64 expected = -1;

    static BluequeAction ofTasks(Kind kind, const QString &queue, const QString &state,
                                 const QList<BluequeTaskRef> &tasks);
    static BluequeAction ofWholeList(Kind kind, const QString &queue, const QString &state, qint64 expected);

    // Whether `kind` applies to tasks listed in `state`.
    static bool appliesTo(Kind kind, const QString &state);
    qint64 count() const { return wholeList ? expected : tasks.size(); }
    // "blueque requeue", ... as the audit log names the action.
    QString name() const;
    // "Requeue 3 failed tasks of transcode"
    QString describe() const;
    // What the tasks are, for people: "task 0f…", "3 selected failed tasks", "all 20,000 failed
    // tasks of transcode".
    QString tasksText() const;
    // The audit log's arguments (the ids when 20 or fewer, with a requeue's errors).
    QJsonObject arguments() const;
    // Requeue and RunNow put tasks back to work; Delete and Cancel delete them.
    bool isDestructive() const { return kind == Kind::Delete || kind == Kind::Cancel; }
};
