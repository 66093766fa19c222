#include "queuetabcolumns.h"

#include "jobfilterproxymodel.h"
#include "joblistmodel.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QTableView>

namespace {
// What the depends tab shows in its time column: the jobs each one waits on.
QVariant waitsOn(const QModelIndex &source)
{
    const Job job = source.data(JobListModel::JobRole).value<Job>();
    if (job.dependencies.isEmpty())
        return QCoreApplication::translate("QueuesPage", "nothing (released on the next change)");
    const QStringList first = job.dependencies.mid(0, 5);
    QString text = first.join(QStringLiteral(", "));
    if (job.dependencies.size() > first.size())
        text += QCoreApplication::translate("QueuesPage", " and %1 more").arg(job.dependencies.size() - first.size());
    return text;
}

// The Waiting tab's time column: a timed-out job's mark without the worker's name, which is too
// long to share the cell ("timed out 3 min ago"); the worker has its own column (timedOutFrom).
QVariant waitingTime(const QModelIndex &source)
{
    const QString text = source.data().toString();
    const Job job = source.data(JobListModel::JobRole).value<Job>();
    const QString suffix = QStringLiteral(" (%1)").arg(job.timedOutWorker);
    if (!job.timedOut || job.timedOutWorker.isEmpty() || !text.endsWith(suffix))
        return text;
    return text.chopped(suffix.size());
}

// The Waiting tab's worker column: the worker a timed-out job was taken from.
QVariant timedOutFrom(const QModelIndex &source)
{
    const Job job = source.data(JobListModel::JobRole).value<Job>();
    return job.timedOut ? job.timedOutWorker : QString();
}
} // namespace

void QueueTabColumns::setUp(QTableView *view, JobFilterProxyModel *proxy, const QString &state)
{
    for (int column : {JobListModel::StateColumn, JobListModel::QueueColumn, JobListModel::FailureColumn})
        view->hideColumn(column);
    const bool waiting = state == QLatin1String("waiting");
    const bool depends = state == QLatin1String("depends");
    const bool held = state == QLatin1String("running") || state == QLatin1String("stalled"); // only these have a worker
    if (!held)
        view->hideColumn(JobListModel::WorkerColumn);
    const char *time = nullptr;
    if (waiting) {
        time = QT_TRANSLATE_NOOP("QueuesPage", "In queue");
        proxy->setCellText(JobListModel::TimeColumn, waitingTime);
        proxy->setHeaderText(JobListModel::WorkerColumn, QCoreApplication::translate("QueuesPage", "Timed out from"));
        proxy->setCellText(JobListModel::WorkerColumn, timedOutFrom);
    } else if (held) {
        time = QT_TRANSLATE_NOOP("QueuesPage", "Lock");
    } else if (state == QLatin1String("scheduled")) {
        time = QT_TRANSLATE_NOOP("QueuesPage", "Due");
    } else if (depends) {
        time = QT_TRANSLATE_NOOP("QueuesPage", "Waits on");
        proxy->setCellText(JobListModel::TimeColumn, waitsOn);
    }
    if (time)
        proxy->setHeaderText(JobListModel::TimeColumn, QCoreApplication::translate("QueuesPage", time));
    QHeaderView *header = view->horizontalHeader();
    // Widths that fit a 32-hex jid, a namespaced class and the time texts, leaving the tags room.
    header->resizeSection(JobListModel::JidColumn, 262);
    header->resizeSection(JobListModel::KlassColumn, 165);
    header->resizeSection(JobListModel::PriorityColumn, 65);
    header->resizeSection(JobListModel::WorkerColumn, 150);
    // Waiting: "timed out 12 min ago" heads the list when qless timed jobs out; the worker shows
    // beside it while "Only timed out" is on (an empty column otherwise).
    header->resizeSection(JobListModel::TimeColumn, depends ? 200 : waiting ? 150 : 140);
    if (waiting)
        header->resizeSection(JobListModel::WorkerColumn, 185);
    header->resizeSection(JobListModel::RetriesColumn, 85);
    // When the job was put, beside its state's own time, where there is room for it: Waiting
    // already counts from the put, Running and Stalled need the worker. The time cell's tooltip
    // gives put and last change (`time`) in every tab, the job's detail shows both, and the
    // header's menu (ColumnChooser) shows either column.
    header->resizeSection(JobListModel::PutColumn, 95);
    view->hideColumn(JobListModel::ChangedColumn);
    if (waiting || held)
        view->hideColumn(JobListModel::PutColumn);
    header->setSectionResizeMode(JobListModel::TagsColumn, QHeaderView::Stretch);
    // Tags sit before worker and time in the model; the eye wants them last, where they stretch.
    header->moveSection(header->visualIndex(JobListModel::TagsColumn), JobListModel::ColumnCount - 1);
}
