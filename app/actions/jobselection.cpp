// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobselection.h"

#include "joblistmodel.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>

#include <algorithm>

QList<QByteArray> JobSelection::jids() const
{
    QList<QByteArray> out;
    out.reserve(jobs.size());
    for (const Job &job : jobs)
        out.append(job.jid);
    return out;
}

BulkTarget JobSelection::selected() const
{
    BulkTarget target = BulkTarget::ofJids(jids());
    for (const Job &job : jobs)
        target.states.insert(job.jid, job.state);
    return target;
}

QStringList JobSelection::tags() const
{
    QStringList out;
    for (const Job &job : jobs) {
        for (const QString &tag : job.tags) {
            if (!out.contains(tag))
                out.append(tag);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool JobSelection::anyInState(const QString &state) const
{
    return std::any_of(jobs.cbegin(), jobs.cend(), [&state](const Job &job) { return job.state == state; });
}

JobSelection JobSelection::of(const QAbstractItemView *view, const JobListModel *model, const QString &group)
{
    JobSelection selection;
    QModelIndexList rows = view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : std::as_const(rows)) {
        const Job job = index.data(JobListModel::JobRole).value<Job>();
        if (!job.jid.isEmpty() && !job.isMissing())
            selection.jobs.append(job);
    }
    const JobSource &source = model->source();
    selection.listState = source.state;
    selection.listName = source.description;
    selection.holdsState = source.holdsState;
    if (!group.isEmpty())
        selection.all = BulkTarget::ofFailureGroup(group, model->total());
    else if (source.isValid())
        selection.all = BulkTarget::ofSource(source, model->total());
    return selection;
}
