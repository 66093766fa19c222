// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobaction.h"

#include "job.h"
#include "jobrowtext.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace {
// A job qless timed out (state stalled, no lock) is back in its queue's work set, first in line,
// and counted waiting: listed under Waiting, it is acted on as a waiting job.
bool inListedState(const Job &job, const QString &listed)
{
    return job.state == listed || (listed == QLatin1String("waiting") && job.timedOut);
}
} // namespace

JobAction JobAction::move(const QString &queue, const QString &onlyState)
{
    JobAction action;
    action.kind = Kind::Move;
    action.queue = queue;
    action.onlyState = onlyState;
    return action;
}

JobAction JobAction::retry()
{
    JobAction action;
    action.kind = Kind::Retry;
    action.onlyState = QStringLiteral("failed");
    return action;
}

JobAction JobAction::cancel()
{
    JobAction action;
    action.kind = Kind::Cancel;
    return action;
}

JobAction JobAction::setPriority(double priority)
{
    JobAction action;
    action.kind = Kind::Priority;
    action.priority = priority;
    return action;
}

JobAction JobAction::track()
{
    JobAction action;
    action.kind = Kind::Track;
    return action;
}

JobAction JobAction::untrack()
{
    JobAction action;
    action.kind = Kind::Untrack;
    return action;
}

JobAction JobAction::addTags(const QStringList &tags)
{
    JobAction action;
    action.kind = Kind::AddTags;
    action.tags = tags;
    return action;
}

JobAction JobAction::removeTags(const QStringList &tags)
{
    JobAction action;
    action.kind = Kind::RemoveTags;
    action.tags = tags;
    return action;
}

JobAction JobAction::timeout()
{
    JobAction action;
    action.kind = Kind::Timeout;
    return action;
}

QString JobAction::name() const
{
    switch (kind) {
    case Kind::Move: return QStringLiteral("move");
    case Kind::Retry: return QStringLiteral("retry");
    case Kind::Cancel: return QStringLiteral("cancel");
    case Kind::Priority: return QStringLiteral("priority");
    case Kind::Track: return QStringLiteral("track");
    case Kind::Untrack: return QStringLiteral("untrack");
    case Kind::AddTags: return QStringLiteral("tag");
    case Kind::RemoveTags: return QStringLiteral("untag");
    case Kind::Timeout: return QStringLiteral("timeout");
    }
    return {};
}

QString JobAction::describe() const
{
    switch (kind) {
    case Kind::Move: return tr("Move to queue %1").arg(queue);
    case Kind::Retry: return tr("Retry in own queue");
    case Kind::Cancel: return tr("Cancel");
    case Kind::Priority: return tr("Set priority %1").arg(priority);
    case Kind::Track: return tr("Track");
    case Kind::Untrack: return tr("Untrack");
    case Kind::AddTags: return tr("Add tags %1").arg(tags.join(QStringLiteral(", ")));
    case Kind::RemoveTags: return tr("Remove tags %1").arg(tags.join(QStringLiteral(", ")));
    case Kind::Timeout: return tr("Time out");
    }
    return {};
}

QJsonObject JobAction::arguments() const
{
    QJsonObject arguments;
    switch (kind) {
    case Kind::Move: arguments.insert(QStringLiteral("queue"), queue); break;
    case Kind::Priority: arguments.insert(QStringLiteral("priority"), priority); break;
    case Kind::AddTags:
    case Kind::RemoveTags: arguments.insert(QStringLiteral("tags"), QJsonArray::fromStringList(tags)); break;
    default: break;
    }
    if (!onlyState.isEmpty())
        arguments.insert(QStringLiteral("only_state"), onlyState);
    return arguments;
}

QString JobAction::whyNotApplicable(const Job *job) const
{
    if (job == nullptr || job->isMissing())
        return kind == Kind::Cancel ? QString() : tr("job no longer exists");
    if ((kind == Kind::Move || kind == Kind::Retry) && !onlyState.isEmpty() && !inListedState(*job, onlyState))
        return tr("now %1, no longer %2").arg(JobRowText::stateName(job->state), JobRowText::stateName(onlyState));
    if (kind == Kind::Timeout && job->state != QLatin1String("running"))
        return tr("now %1, not running").arg(JobRowText::stateName(job->state));
    if (kind == Kind::Cancel && job->state == QLatin1String("complete"))
        return tr("complete jobs are not cancelled");
    return {};
}
