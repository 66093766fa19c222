// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

// What is wrong with one field of a record read from Redis: absent, or present but not what it
// should be (then `raw` holds it as found, for the view to show).
struct FieldProblem
{
    enum class Kind { Missing, Invalid };
    Kind kind = Kind::Missing;
    QString raw;
};
using FieldProblems = QMap<QString, FieldProblem>; // field name -> problem

// One entry of a job's history, in one shape whichever form Redis keeps it in: the spec's stage
// objects {q, put, popped, done, failed, worker} become one event per time stamp; the event list
// of current deployments ([when, what, {extra}]) maps as it is.
struct JobEvent
{
    double when = 0;
    // put, popped, done, failed, timed-out, throttled, ... ("invalid" for an unreadable entry);
    // for an entry written by qless's `log` command, the message the worker gave.
    QString what;
    QString queue;
    QString worker;
    QString group;
    QJsonObject extra; // everything else the entry carried (a log entry's data)
    QString raw;       // the entry's text when it could not be read

    // Whether qless itself wrote this event on a transition; anything else in an event list is
    // a log entry a worker added (qless's `log` command takes any message).
    bool isTransition() const
    {
        static const QStringList transitions{QStringLiteral("put"),       QStringLiteral("popped"),
                                             QStringLiteral("done"),      QStringLiteral("failed"),
                                             QStringLiteral("timed-out"), QStringLiteral("throttled")};
        return transitions.contains(what);
    }
    bool isLog() const { return raw.isEmpty() && what != QLatin1String("invalid") && !isTransition(); }
};

struct JobFailure
{
    QString group;
    QString message;
    double when = 0;
    QString worker;
};

// A qless job as the scripts report it (COMPAT.md's job object), decoded tolerantly: every field
// that is missing or not what it should be is listed in `problems` and left at its default.
// Text with bytes that are not UTF-8 shows them as \xHH (and `escapedBytes` is set).
struct Job
{
    // The bytes to act on: exact from get/multiGet; in lists (failed, tracked) exact unless the
    // reply had bytes that are not UTF-8 (escapedBytes), when it may hold \xHH escapes.
    QByteArray jid;
    QString klass;
    QString state;
    QString queue;
    QString worker;
    bool tracked = false;
    double priority = 0;
    double expires = 0;
    double retries = 0;
    double remaining = 0;
    // The hash's `time` field: current qless rewrites it at every put, pop and completion, so it
    // is the job's last change; the 2012 scripts wrote it at put only. 0 when absent.
    double time = 0;
    // When the job was last put into a queue (seconds since the epoch): the last `put` in its
    // history, whichever form; `time` when the history holds no put; 0 when neither is known.
    double put = 0;
    double due = 0; // scheduled jobs: when they fall due; 0 otherwise
    QString data;   // the job's data as stored: JSON text, not parsed here (it may be large)
    QStringList tags;
    enum class HistoryForm { None, Stages, Events };
    HistoryForm historyForm = HistoryForm::None;
    QList<JobEvent> history;
    std::optional<JobFailure> failure;
    QStringList dependents;
    QStringList dependencies;
    QString spawnedFrom;

    FieldProblems problems;
    bool escapedBytes = false;

    // Timed out by qless (`timeout`, or a lock that ran out under current qless): state `stalled`
    // with no lock; qless keeps it in the work set at score +inf, so it is waiting and first in
    // line. When (the last `timed-out` event; 0 if the history has none) and whose lock it was.
    bool timedOut = false;
    double timedOutAt = 0;
    QString timedOutWorker;

    // A running job whose lock ran out (at or before `now`): the hash still says running, yet
    // qless lists it as stalled (`jobs stalled`, the workers' counts) and the next pop hands it
    // out again. Views show it as stalled.
    bool lockExpired(double now) const { return state == QLatin1String("running") && expires > 0 && expires <= now; }

    // A jid listed somewhere (a failure group, the tracked set) whose job is gone.
    bool isMissing() const { return state == QLatin1String("missing"); }
    bool hasProblem(const QString &field) const { return problems.contains(field); }
};
