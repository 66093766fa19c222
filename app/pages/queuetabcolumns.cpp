// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuetabcolumns.h"

#include "durationtext.h"
#include "elidedcelldelegate.h"
#include "jobfilterproxymodel.h"
#include "joblistmodel.h"
#include "layoutversion.h"
#include "tableviews.h"
#include "timetext.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QTableView>

namespace {
Job jobAt(const QModelIndex &source)
{
    return source.data(JobListModel::JobRole).value<Job>();
}

// "in 8 min 3 s" or "2 min ago" against the list's own clock (the server's): the cell leaves out
// what its header says ("Lock expires", "Due"), which keeps the column narrow enough for put and
// last change beside it. The model's own wording where the time is not known.
QVariant relative(double when, const QModelIndex &source)
{
    const auto *jobs = qobject_cast<const JobListModel *>(source.model());
    if (when <= 0 || !jobs)
        return source.data();
    return TimeText::relative(when, jobs->now());
}

QVariant lockExpiry(const QModelIndex &source)
{
    return relative(jobAt(source).expires, source);
}

QVariant dueTime(const QModelIndex &source)
{
    return relative(jobAt(source).due, source);
}

// What the depends tab shows in its time column: the jobs each one waits on.
QVariant waitsOn(const QModelIndex &source)
{
    const Job job = jobAt(source);
    if (job.dependencies.isEmpty())
        return QCoreApplication::translate("QueuesPage", "nothing (released on the next change)");
    const QStringList first = job.dependencies.mid(0, 5);
    QString text = first.join(QStringLiteral(", "));
    if (job.dependencies.size() > first.size())
        text += QCoreApplication::translate("QueuesPage", " and %1 more").arg(job.dependencies.size() - first.size());
    return text;
}

// The Waiting tab's time column ("In queue"): how long since the put ("59 min 47 s"), or a
// timed-out job's mark without the worker's name, which is too long to share the cell ("timed
// out 3 min ago"); the worker has its own column (timedOutFrom).
QVariant waitingTime(const QModelIndex &source)
{
    const Job job = jobAt(source);
    const QString text = source.data().toString();
    if (job.timedOut) {
        const QString suffix = QStringLiteral(" (%1)").arg(job.timedOutWorker);
        return job.timedOutWorker.isEmpty() || !text.endsWith(suffix) ? text : text.chopped(suffix.size());
    }
    const auto *jobs = qobject_cast<const JobListModel *>(source.model());
    if (job.put <= 0 || !jobs)
        return text;
    return DurationText::format(qMax(0.0, jobs->now() - job.put));
}

// The Waiting tab's worker column: the worker a timed-out job was taken from.
QVariant timedOutFrom(const QModelIndex &source)
{
    const Job job = jobAt(source);
    return job.timedOut ? job.timedOutWorker : QString();
}

} // namespace

void QueueTabColumns::setUp(QTableView *view, JobFilterProxyModel *proxy, const QString &state)
{
    for (int column : {JobListModel::StateColumn, JobListModel::QueueColumn, JobListModel::FailureColumn})
        view->hideColumn(column);
    const bool waiting = state == QLatin1String("waiting");
    const bool scheduled = state == QLatin1String("scheduled");
    const bool depends = state == QLatin1String("depends");
    const bool running = state == QLatin1String("running");
    const bool held = running || state == QLatin1String("stalled"); // only these have a worker
    if (!held)
        view->hideColumn(JobListModel::WorkerColumn);
    // A held job's priority orders nothing: qless hands a stalled job out again before any waiting
    // one, whatever its priority. Retries left matter once a job stalls (the next pop spends
    // one), not while it runs; the Running tab gives their room to tags. The header's menu
    // shows either.
    if (held)
        view->hideColumn(JobListModel::PriorityColumn);
    if (running)
        view->hideColumn(JobListModel::RetriesColumn);
    const auto rename = [proxy](int column, const char *text) {
        proxy->setHeaderText(column, QCoreApplication::translate("QueuesPage", text));
    };
    int timeWidth = 100; // "in 29 min 50 s"
    if (waiting) {
        rename(JobListModel::TimeColumn, QT_TRANSLATE_NOOP("QueuesPage", "In queue"));
        proxy->setCellText(JobListModel::TimeColumn, waitingTime);
        rename(JobListModel::WorkerColumn, QT_TRANSLATE_NOOP("QueuesPage", "Timed out from"));
        proxy->setCellText(JobListModel::WorkerColumn, timedOutFrom);
        timeWidth = 125; // "timed out 12 min ago" heads the list when qless timed jobs out
    } else if (held) {
        rename(JobListModel::TimeColumn, running ? QT_TRANSLATE_NOOP("QueuesPage", "Lock expires")
                                                 : QT_TRANSLATE_NOOP("QueuesPage", "Lock expired"));
        proxy->setCellText(JobListModel::TimeColumn, lockExpiry);
        timeWidth = running ? 95 : 100; // "in 9 min 59 s", "9 min 59 s ago"
    } else if (scheduled) {
        rename(JobListModel::TimeColumn, QT_TRANSLATE_NOOP("QueuesPage", "Due"));
        proxy->setCellText(JobListModel::TimeColumn, dueTime);
    } else if (depends) {
        rename(JobListModel::TimeColumn, QT_TRANSLATE_NOOP("QueuesPage", "Waits on"));
        proxy->setCellText(JobListModel::TimeColumn, waitsOn);
        timeWidth = 150;
    }

    // Job, class, priority or worker, the state's own time, put, last change, retries, tags: the
    // times side by side, tags last, where they take what is left.
    QHeaderView *header = view->horizontalHeader();
    const QList<int> order{JobListModel::JidColumn,     JobListModel::KlassColumn,   JobListModel::PriorityColumn,
                           JobListModel::WorkerColumn,  JobListModel::TimeColumn,    JobListModel::PutColumn,
                           JobListModel::ChangedColumn, JobListModel::RetriesColumn, JobListModel::StateColumn,
                           JobListModel::QueueColumn,   JobListModel::FailureColumn, JobListModel::TagsColumn};
    for (int i = 0; i < order.size(); ++i)
        header->moveSection(header->visualIndex(order.at(i)), i);
    // Widths for the window's default size, where every shown column but the tags reads whole
    // (tst_deploymentscreens checks each tab). Put and last change take "59 min ago" or "23 h ago"
    // (JobRowText::ago), an expired lock "9 min 59 s ago"; the Stalled tab, the widest, leaves its
    // tags 60 px. A 32-hex jid is cut in the middle, whole in its tooltip; so is a long worker name.
    if (ElidedCellDelegate *cells = ElidedCellDelegate::of(view)) {
        cells->setMiddleElided(JobListModel::JidColumn);
        cells->setMiddleElided(JobListModel::WorkerColumn);
    }
    TableViews::fitSection(header, JobListModel::JidColumn, 110);
    TableViews::fitSection(header, JobListModel::KlassColumn, 105);
    TableViews::fitSection(header, JobListModel::PriorityColumn, 52);
    TableViews::fitSection(header, JobListModel::WorkerColumn, 175);
    TableViews::fitSection(header, JobListModel::TimeColumn, timeWidth);
    TableViews::fitSection(header, JobListModel::PutColumn, 84);
    TableViews::fitSection(header, JobListModel::ChangedColumn, 84);
    TableViews::fitSection(header, JobListModel::RetriesColumn, 60);
    header->setSectionResizeMode(JobListModel::TagsColumn, QHeaderView::Stretch);
    // Put and last change used to be hidden here: a layout saved then would hide them again.
    LayoutVersion::set(view, 1);
}
