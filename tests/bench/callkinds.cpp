#include "callkinds.h"

// Kinds of callsalone.cpp and callsalonescale.cpp are named by their own text (with sizes);
// those of callsaloneeach*.cpp take their names from here.
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
        {"cancel", QStringLiteral("cancel of a job halfway down the group")},
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
