// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobrowtext.h"

#include "durationtext.h"
#include "joblistmodel.h"
#include "qlesstext.h"
#include "timetext.h"

#include <cmath>

namespace {
QString firstLine(const QString &text)
{
    const int newline = text.indexOf(QLatin1Char('\n'));
    return newline < 0 ? text : text.left(newline);
}
} // namespace

JobRowText::JobRowText(std::function<double()> clock)
    : m_clock(std::move(clock))
{}

double JobRowText::now() const
{
    return m_clock();
}

QVariant JobRowText::display(const JobRow &job, int column) const
{
    if (job.isMissing() && column != JobListModel::JidColumn)
        return column == JobListModel::StateColumn ? tr("job data missing") : QVariant();
    // A job whose key is not a hash (or whose read failed): nothing but its jid is known.
    if (job.hasProblem(QStringLiteral("job")) && column != JobListModel::JidColumn)
        return column == JobListModel::StateColumn ? tr("⚠ unreadable") : QVariant();
    switch (column) {
    case JobListModel::JidColumn:
        return QlessText::displayText(job.jid); // bytes that are not UTF-8 as \xHH, never lost
    case JobListModel::KlassColumn: return job.hasProblem(QStringLiteral("klass")) ? tr("(missing)") : *job.klass;
    case JobListModel::StateColumn:
        if (job.timedOut)
            return tr("timed out");
        return job.lockExpired(now()) ? tr("stalled") : stateName(*job.state);
    case JobListModel::QueueColumn: return *job.queue;
    case JobListModel::PriorityColumn:
        return job.hasProblem(QStringLiteral("priority")) ? tr("(invalid)") : QString::number(job.priority);
    case JobListModel::TagsColumn: return job.tags->join(QStringLiteral(", "));
    case JobListModel::WorkerColumn: return *job.worker;
    case JobListModel::TimeColumn: return timeText(job);
    case JobListModel::RetriesColumn:
        if (job.hasProblem(QStringLiteral("retries")) || job.hasProblem(QStringLiteral("remaining")))
            return tr("(invalid)");
        return tr("%1 of %2").arg(job.remaining).arg(job.retries);
    case JobListModel::FailureColumn:
        if (!job.hasFailure)
            return {};
        return QString(*job.failureGroup + QStringLiteral(": ") + firstLine(*job.failureMessage));
    case JobListModel::PutColumn: return ago(job.put);
    case JobListModel::ChangedColumn: return job.hasProblem(QStringLiteral("time")) ? tr("(invalid)") : ago(job.time);
    default: return {};
    }
}

QString JobRowText::stateName(const QString &state)
{
    if (state == QLatin1String("waiting"))
        return tr("waiting");
    if (state == QLatin1String("running"))
        return tr("running");
    if (state == QLatin1String("scheduled"))
        return tr("scheduled");
    if (state == QLatin1String("depends"))
        return tr("depends");
    if (state == QLatin1String("failed"))
        return tr("failed");
    if (state == QLatin1String("complete"))
        return tr("complete");
    if (state == QLatin1String("recurring"))
        return tr("recurring");
    if (state == QLatin1String("stalled"))
        return tr("stalled");
    return state;
}

// "47 min ago", "3 h ago": whole minutes past the first one, whole hours past the first hour,
// so that put and last change fit narrow columns beside a job's other times ("1 h 47 min ago"
// would not); the tooltip gives the moment itself.
QString JobRowText::ago(double when) const
{
    if (when <= 0)
        return {};
    const double seconds = now() - when;
    const double unit = qAbs(seconds) < 60 ? 0 : qAbs(seconds) < 3600 ? 60 : 3600;
    const double shown = unit > 0 ? std::round(seconds / unit) * unit : seconds;
    return TimeText::relative(now() - shown, now());
}

QVariant JobRowText::toolTip(const JobRow &job, int column) const
{
    if (job.isMissing())
        return tr("This jid is listed, but its job data is gone from Redis.");
    if (!job.problems.isEmpty()) {
        QStringList lines;
        for (auto it = job.problems.cbegin(); it != job.problems.cend(); ++it) {
            lines << (it->kind == FieldProblem::Kind::Missing
                          ? tr("%1: missing").arg(it.key())
                          : tr("%1: cannot be read: %2").arg(it.key(), it->raw.left(200)));
        }
        return tr("This job's data in Redis is damaged:\n%1").arg(lines.join(QLatin1Char('\n')));
    }
    if (column == JobListModel::FailureColumn && job.hasFailure)
        return job.failureMessage->left(2000);
    const auto moment = [](double when) {
        return when > 0 ? tr("%1 (%2)").arg(TimeText::local(when), TimeText::utc(when)) : tr("not known");
    };
    if (column == JobListModel::PutColumn)
        return moment(job.put);
    if (column == JobListModel::ChangedColumn)
        return moment(job.time);
    if (column == JobListModel::TimeColumn || column == JobListModel::StateColumn) {
        QStringList lines;
        if (job.timedOut) {
            lines << tr("Timed out%1%2: qless took the job from its worker and hands it out again first "
                        "(it counts as waiting).")
                         .arg(job.timedOutAt > 0 ? tr(" at %1").arg(TimeText::local(job.timedOutAt)) : QString(),
                              job.timedOutWorker.isEmpty() ? QString() : tr(" from %1").arg(*job.timedOutWorker));
        }
        if (job.lockExpired(now())) {
            lines << tr("Stalled: its lock expired %1 ago, so %2 stopped heartbeating it. qless counts it as "
                        "stalled and the next pop hands it out again.")
                         .arg(DurationText::format(now() - job.expires),
                              job.worker.isEmpty() ? tr("its worker") : *job.worker);
        }
        lines << tr("Put: %1").arg(moment(job.put)) << tr("Last change: %1").arg(moment(job.time));
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

QVariant JobRowText::sortValue(const JobRow &job, int column) const
{
    switch (column) {
    case JobListModel::PriorityColumn: return job.priority;
    case JobListModel::TimeColumn: return timeValue(job);
    case JobListModel::RetriesColumn: return job.remaining;
    case JobListModel::PutColumn: return job.put;
    case JobListModel::ChangedColumn: return job.time;
    default: return display(job, column);
    }
}

double JobRowText::timeValue(const JobRow &job) const
{
    if (*job.state == QLatin1String("running") || *job.state == QLatin1String("stalled"))
        return job.expires;
    if (*job.state == QLatin1String("failed") && job.hasFailure)
        return job.failureWhen;
    if (*job.state == QLatin1String("scheduled") && job.due > 0)
        return job.due;
    if (job.timedOut)
        return job.timedOutAt;
    if (*job.state == QLatin1String("complete") && job.time > 0)
        return job.time;
    return job.put;
}

QString JobRowText::timeText(const JobRow &job) const
{
    const double t = now();
    if (job.timedOut) {
        const QString when = job.timedOutAt > 0
                                 ? tr("timed out %1 ago").arg(DurationText::format(qMax(0.0, t - job.timedOutAt)))
                                 : tr("timed out");
        return job.timedOutWorker.isEmpty() ? when : tr("%1 (%2)").arg(when, *job.timedOutWorker);
    }
    if (*job.state == QLatin1String("running") || *job.state == QLatin1String("stalled")) {
        if (job.expires <= 0)
            return {};
        return job.expires > t ? tr("lock expires in %1").arg(DurationText::format(job.expires - t))
                               : tr("lock expired %1 ago").arg(DurationText::format(t - job.expires));
    }
    if (*job.state == QLatin1String("failed") && job.hasFailure)
        return tr("failed %1 ago").arg(DurationText::format(qMax(0.0, t - job.failureWhen)));
    if (*job.state == QLatin1String("scheduled") && job.due > 0)
        return job.due > t ? tr("due in %1").arg(DurationText::format(job.due - t))
                           : tr("due %1 ago").arg(DurationText::format(t - job.due));
    if (*job.state == QLatin1String("depends"))
        return tr("waits on %n job(s)", nullptr, int(job.dependencies->size()));
    // Completing is a complete job's last change (its `time`): when it finished, not when it was put.
    if (*job.state == QLatin1String("complete") && job.time > 0)
        return tr("completed %1 ago").arg(DurationText::format(qMax(0.0, t - job.time)));
    // Waiting since the job was put: the hash's `time` is its last change under current qless.
    if (job.put > 0 && *job.state == QLatin1String("waiting"))
        return tr("waiting %1").arg(DurationText::format(qMax(0.0, t - job.put)));
    if (job.put > 0)
        return tr("put %1 ago").arg(DurationText::format(qMax(0.0, t - job.put)));
    return {};
}
