// SPDX-License-Identifier: GPL-3.0-or-later
#include "timedoutfilter.h"

#include "job.h"
#include "joblistmodel.h"

TimedOutFilter::TimedOutFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(JobListModel::SortRole);
}

void TimedOutFilter::setOnlyTimedOut(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    invalidateRowsFilter();
}

bool TimedOutFilter::isTimedOut(int sourceRow) const
{
    return sourceModel()->index(sourceRow, 0).data(JobListModel::JobRole).value<Job>().timedOut;
}

bool TimedOutFilter::canFetchMore(const QModelIndex &parent) const
{
    if (m_on && sourceModel()) {
        const int loaded = sourceModel()->rowCount();
        if (loaded > 0 && !isTimedOut(loaded - 1))
            return false; // past the timed-out head of the list
    }
    return QSortFilterProxyModel::canFetchMore(parent);
}

bool TimedOutFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    Q_UNUSED(sourceParent)
    return !m_on || isTimedOut(sourceRow);
}
