// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtableproxy.h"

#include "job.h"
#include "joblistmodel.h"

JobTableProxy::JobTableProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(JobListModel::SortRole);
}

void JobTableProxy::setStateFilter(const QString &state)
{
    if (m_state == state)
        return;
    m_state = state;
    invalidateRowsFilter();
}

void JobTableProxy::setFailureWithoutGroup(bool on)
{
    m_failureWithoutGroup = on;
    invalidate();
}

void JobTableProxy::setMissingText(const QString &text)
{
    m_missingText = text;
    invalidate();
}

void JobTableProxy::setTextFilter(const QString &text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateRowsFilter();
}

QVariant JobTableProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && m_headers.contains(section))
        return m_headers.value(section);
    return QSortFilterProxyModel::headerData(section, orientation, role);
}

bool JobTableProxy::canFetchMore(const QModelIndex &parent) const
{
    if (isTextFiltering() && sourceModel() && sourceModel()->rowCount() >= m_fetchLimit)
        return false;
    return QSortFilterProxyModel::canFetchMore(parent);
}

bool JobTableProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_state.isEmpty()) {
        const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
        if (index.data(JobListModel::JobRole).value<Job>().state != m_state)
            return false;
    }
    for (const QString &word : m_words) {
        bool found = false;
        for (int column : m_textColumns) {
            const QModelIndex cell = sourceModel()->index(sourceRow, column, sourceParent);
            if (cell.data(Qt::DisplayRole).toString().contains(word, Qt::CaseInsensitive)) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

QVariant JobTableProxy::data(const QModelIndex &index, int role) const
{
    if (role == Qt::DisplayRole) {
        if (index.column() == JobListModel::FailureColumn && m_failureWithoutGroup) {
            const Job job = QSortFilterProxyModel::data(index, JobListModel::JobRole).value<Job>();
            if (job.failure) {
                const QString &message = job.failure->message;
                const int newline = message.indexOf(QLatin1Char('\n'));
                return (newline < 0 ? message : message.left(newline)).trimmed();
            }
        }
        if (index.column() == JobListModel::WorkerColumn && m_failureWithoutGroup) {
            const Job job = QSortFilterProxyModel::data(index, JobListModel::JobRole).value<Job>();
            if (job.worker.isEmpty() && job.failure)
                return job.failure->worker;
        }
        if (index.column() == JobListModel::StateColumn && !m_missingText.isEmpty()) {
            const Job job = QSortFilterProxyModel::data(index, JobListModel::JobRole).value<Job>();
            if (job.isMissing())
                return m_missingText;
        }
    }
    return QSortFilterProxyModel::data(index, role);
}
