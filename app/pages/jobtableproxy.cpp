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

bool JobTableProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_state.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(JobListModel::JobRole).value<Job>().state == m_state;
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
