// SPDX-License-Identifier: GPL-3.0-or-later
#include "callkinds.h"

// The kinds of callsalone.cpp and callsalonescale.cpp name themselves (with their sizes: the names
// here are short forms of theirs); those of callsaloneeach.cpp, callsalonequeues.cpp and
// callsaloneworker.cpp and callsaloneblueque.cpp take their names from here.
const QList<CallKind> &CallKinds::all()
{
    static const QList<CallKind> kinds{
        // callsalone.cpp: the failure group of 1,000,000.
        {"desk.failed", QStringLiteral("page of rows of the group")},
        {"desk.summaries", QStringLiteral("row summaries of jobs")},
        {"desk.failuresigs", QStringLiteral("cluster signatures of failures")},
        {"desk.states", QStringLiteral("states of jobs")},
        {"desk.multiget", QStringLiteral("multiget of whole jobs")},
        {"desk.move", QStringLiteral("retry of a job halfway down the group")},
        {"desk.once", QStringLiteral("move of a job halfway down the group")},
        {"cancel", QStringLiteral("qless cancel of a job halfway down the group")},
        {"desk.failedaction", QStringLiteral("retry batch / cancel batch")},
        // callsalone.cpp: the overview, search and stats.
        {"desk.queuepage", QStringLiteral("page of queues")},
        {"desk.workerpage", QStringLiteral("page of workers")},
        {"desk.permissions", QStringLiteral("the user's permissions")},
        {"desk.search", QStringLiteral("search step of keys")},
        {"desk.statssum", QStringLiteral("stats sum of queues' day")},
        // callsalonescale.cpp: 10,000 failure groups, 100,000 due scheduled in a paused queue.
        {"desk.failurecounts", QStringLiteral("failure-group counts step")},
        {"desk.jobs", QStringLiteral("waiting page of 25")},
        // callsaloneeach.cpp: per-job steps deep in the group of 1,000,000.
        {"desk.cancel", QStringLiteral("desk.cancel of a job halfway down the group")},
        {"desk.get", QStringLiteral("whole job halfway down the group")},
        {"desk.priority", QStringLiteral("priority of a job halfway down the group")},
        {"desk.tag", QStringLiteral("tag and untag of a job halfway down the group")},
        {"desk.track", QStringLiteral("track of a job halfway down the group")},
        {"desk.untrack", QStringLiteral("untrack of a job halfway down the group")},
        {"desk.depends.off", QStringLiteral("dependencies off a job halfway down the group")},
        {"log", QStringLiteral("note on a job halfway down the group")},
        {"desk.release", QStringLiteral("release of 500 receipts")},
        {"unfail", QStringLiteral("unfail of 25 from the group's tail")},
        {"desk.scan", QStringLiteral("scan step of 1000 of the group")},
        // callsalonequeues.cpp: a queue of 100,000 due scheduled jobs, tags, tracked jobs, a
        // worker holding 10,000 locks, a day of stats, config, recurring templates.
        {"desk.failuregroups", QStringLiteral("failure-group list step after the first")},
        {"desk.failurenewest", QStringLiteral("newest failures of 600 groups (6 KB backtraces)")},
        {"desk.queues", QStringLiteral("counts of the paused queue")},
        {"length", QStringLiteral("length of the paused queue")},
        {"desk.waitingsince", QStringLiteral("waiting since of 200 queues (100 a call)")},
        {"pause", QStringLiteral("pause of a queue")},
        {"unpause", QStringLiteral("unpause of a queue")},
        {"desk.queue.forget", QStringLiteral("forget of the paused queue (kept)")},
        {"tag", QStringLiteral("page of 25 of a tag on every due job")},
        {"desk.tags", QStringLiteral("page of 25 of 10,000 tags")},
        {"desk.tracked", QStringLiteral("page of 16 tracked summaries (6 KB failures)")},
        {"desk.trackedstates", QStringLiteral("states of 1000 tracked jobs")},
        {"desk.workers", QStringLiteral("page of 1000 of a worker's many jobs")},
        {"worker.deregister", QStringLiteral("deregister of a worker")},
        {"stats", QStringLiteral("one queue's day of stats")},
        {"config.get", QStringLiteral("whole config")},
        {"config.set", QStringLiteral("config set")},
        {"config.unset", QStringLiteral("config unset")},
        {"desk.completed", QStringLiteral("completed step of 1000")},
        {"desk.recur.get", QStringLiteral("recurring template")},
        {"desk.recur.update", QStringLiteral("recurring template update")},
        {"desk.unrecur", QStringLiteral("recurring template off")},
        // callsaloneworker.cpp: the simulator's worker commands on a queue of its own.
        {"put", QStringLiteral("worker put")},
        {"pop", QStringLiteral("worker pop of 1")},
        {"heartbeat", QStringLiteral("worker heartbeat")},
        {"fail", QStringLiteral("worker fail")},
        {"complete", QStringLiteral("worker complete")},
        {"retry", QStringLiteral("worker retry")},
        {"timeout", QStringLiteral("timeout of a running job")},
        {"desk.timeout", QStringLiteral("desk.timeout of a running job")},
        {"track", QStringLiteral("worker track")},
        {"recur", QStringLiteral("worker recur")},
        // callsaloneblueque.cpp: a Blueque deployment of 1,000 queues, a failed list of 1,000,000,
        // 100,000 due scheduled tasks, a listener set of 10,000; every script of lua/blueque.
        {"TYPE", QStringLiteral("blueque detection, TYPE of blueque_queues")},
        {"SCAN", QStringLiteral("blueque SCAN step of 1000 keys for reserved lists")},
        {"SSCAN", QStringLiteral("blueque SSCAN step of a listener set of 10,000")},
        {"blueque overview", QStringLiteral("blueque overview of 100 queues")},
        {"blueque taskpage", QStringLiteral("blueque page of 100 failed tasks halfway down")},
        {"blueque taskrecord", QStringLiteral("blueque record of a failed task halfway down")},
        {"blueque requeue", QStringLiteral("blueque requeue of a failed task halfway down")},
        {"blueque delete", QStringLiteral("blueque delete of a failed task halfway down")},
        {"blueque runnow", QStringLiteral("blueque run-now of a due scheduled task")},
        {"blueque enqueuedue", QStringLiteral("blueque enqueue-due step of 500")},
        {"blueque requeueall", QStringLiteral("blueque requeue-all step of 500")},
        {"blueque purge", QStringLiteral("blueque purge step of 1000")},
        // Plain commands (callsaloneworker.cpp).
        {"TIME", QStringLiteral("TIME")},
        {"PING", QStringLiteral("PING")},
        {"GET", QStringLiteral("GET of a bulk run's record")},
        {"EXISTS", QStringLiteral("EXISTS of a receipt")},
        {"DBSIZE", QStringLiteral("DBSIZE")},
        {"SET", QStringLiteral("SET NX of the simulator's marker")},
        {"ROLE", QStringLiteral("ROLE")},
        {"INFO", QStringLiteral("INFO server")},
        {"SCRIPT LOAD", QStringLiteral("SCRIPT LOAD of qless.lua")},
    };
    return kinds;
}

QString CallKinds::of(const QByteArray &command)
{
    for (const CallKind &kind : all()) {
        if (kind.command == command)
            return kind.kind;
    }
    return {};
}

QByteArray CallKinds::listing()
{
    QByteArray text;
    for (const CallKind &kind : all())
        text += kind.command + '\t' + kind.kind.toUtf8() + '\n';
    return text;
}
