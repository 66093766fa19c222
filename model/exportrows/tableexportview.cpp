// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexportview.h"

#include <QRegularExpression>

QStringList TableExportView::viewNames()
{
    return {QStringLiteral("queues"),         QStringLiteral("jobs"),           QStringLiteral("failed"),
            QStringLiteral("completed"),      QStringLiteral("workers"),        QStringLiteral("tracked"),
            QStringLiteral("tags"),           QStringLiteral("config"),         QStringLiteral("activity"),
            QStringLiteral("blueque-queues"), QStringLiteral("blueque-tasks"),  QStringLiteral("blueque-listeners"),
            QStringLiteral("sidejob-jobs"),   QStringLiteral("sidejob-queues"), QStringLiteral("sidejob-processes")};
}

QStringList TableExportView::bluequeStates()
{
    return {QStringLiteral("scheduled"), QStringLiteral("pending"),  QStringLiteral("reserved"),
            QStringLiteral("started"),   QStringLiteral("complete"), QStringLiteral("failed")};
}

bool TableExportView::isBlueque() const
{
    return kind == Kind::BluequeQueues || kind == Kind::BluequeTasks || kind == Kind::BluequeListeners;
}

QStringList TableExportView::sideJobStatuses()
{
    return {QStringLiteral("queued"),    QStringLiteral("running"), QStringLiteral("suspended"),
            QStringLiteral("completed"), QStringLiteral("failed"),  QStringLiteral("terminating"),
            QStringLiteral("terminated")};
}

bool TableExportView::isSideJob() const
{
    return kind == Kind::SideJobJobs || kind == Kind::SideJobQueues || kind == Kind::SideJobProcesses;
}

QStringList TableExportView::jobStates()
{
    return {QStringLiteral("waiting"),   QStringLiteral("running"), QStringLiteral("stalled"),
            QStringLiteral("scheduled"), QStringLiteral("depends"), QStringLiteral("recurring")};
}

QString TableExportView::nameOf(Kind kind)
{
    return viewNames().value(int(kind));
}

bool TableExportView::kindOf(const QString &name, Kind *kind)
{
    const int i = viewNames().indexOf(name);
    if (i < 0)
        return false;
    *kind = Kind(i);
    return true;
}

QString TableExportView::problem() const
{
    if (kind == Kind::BluequeTasks) {
        if (queue.isEmpty())
            return tr("The blueque-tasks view needs a queue (--queue).");
        if (!bluequeStates().contains(state))
            return state.isEmpty() ? tr("The blueque-tasks view needs a state (--state): %1.")
                                         .arg(bluequeStates().join(QStringLiteral(", ")))
                                   : tr("Unknown state \"%1\": expected one of %2.")
                                         .arg(state, bluequeStates().join(QStringLiteral(", ")));
        return QString();
    }
    if (kind == Kind::SideJobJobs) {
        if (!state.isEmpty() && !sideJobStatuses().contains(state))
            return tr("Unknown status \"%1\": expected one of %2.")
                .arg(state, sideJobStatuses().join(QStringLiteral(", ")));
        return QString();
    }
    if (kind != Kind::Jobs)
        return QString();
    if (queue.isEmpty())
        return tr("The jobs view needs a queue (--queue).");
    if (state.isEmpty())
        return tr("The jobs view needs a state (--state): %1.").arg(jobStates().join(QStringLiteral(", ")));
    if (!jobStates().contains(state))
        return tr("Unknown state \"%1\": expected one of %2.").arg(state, jobStates().join(QStringLiteral(", ")));
    return QString();
}

bool TableExportView::listsJobs() const
{
    switch (kind) {
    case Kind::Jobs: return state != QLatin1String("recurring");
    case Kind::Failed: return !group.isEmpty();
    case Kind::Completed: return true;
    case Kind::Workers: return !worker.isEmpty();
    case Kind::Tracked: return true;
    case Kind::Tags: return !tag.isEmpty();
    default: return false;
    }
}

QString TableExportView::describe() const
{
    switch (kind) {
    case Kind::Queues: return tr("queues");
    case Kind::Jobs:
        return state == QLatin1String("recurring") ? tr("recurring jobs of %1").arg(queue)
                                                   : tr("%1 jobs in %2").arg(state, queue);
    case Kind::Failed: return group.isEmpty() ? tr("failure groups") : tr("failure group %1").arg(group);
    case Kind::Completed: {
        QStringList filter;
        if (!queue.isEmpty())
            filter << tr("in %1").arg(queue);
        if (!klass.isEmpty())
            filter << tr("of a class containing \"%1\"").arg(klass);
        return filter.isEmpty() ? tr("completed jobs") : tr("completed jobs %1").arg(filter.join(QLatin1Char(' ')));
    }
    case Kind::Workers: return worker.isEmpty() ? tr("workers") : tr("jobs of worker %1").arg(worker);
    case Kind::Tracked: return tr("tracked jobs");
    case Kind::Tags: return tag.isEmpty() ? tr("tags") : tr("jobs tagged %1").arg(tag);
    case Kind::Config: return tr("configuration");
    case Kind::Activity: return tr("activity log");
    case Kind::BluequeQueues: return tr("Blueque queues");
    case Kind::BluequeTasks: return tr("Blueque tasks %1 in %2").arg(state, queue);
    case Kind::BluequeListeners: return tr("Blueque listeners");
    case Kind::SideJobJobs: {
        QString what = state.isEmpty() ? tr("SideJob jobs") : tr("SideJob jobs %1").arg(state);
        if (!queue.isEmpty())
            what = tr("%1 in %2").arg(what, queue);
        if (!klass.isEmpty())
            what = tr("%1 of class %2").arg(what, klass);
        if (!creator.isEmpty())
            what = tr("%1 created by \"%2\"").arg(what, creator);
        return what;
    }
    case Kind::SideJobQueues: return tr("Sidekiq queues");
    case Kind::SideJobProcesses: return tr("Sidekiq processes");
    }
    return QString();
}

QString TableExportView::suggestedFileName() const
{
    QStringList parts{QStringLiteral("qlessdesk"), nameOf(kind)};
    for (const QString &narrowing : {queue, state, group, worker, tag, klass, creator}) {
        if (!narrowing.isEmpty())
            parts << narrowing;
    }
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString name = parts.join(QLatin1Char('-'));
    name.replace(unsafe, QStringLiteral("_"));
    return name.left(120) + QStringLiteral(".csv");
}
