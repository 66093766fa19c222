// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobfilterproxymodel.h"

JobFilterProxyModel::JobFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(Qt::UserRole); // KeyedTableModel::SortRole: raw values, not their text
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

void JobFilterProxyModel::setFilterText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

bool JobFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    QStringList cells;
    for (int column : m_filterColumns)
        cells << sourceModel()->index(sourceRow, column, sourceParent).data().toString();
    for (const QString &word : m_words) {
        bool found = false;
        for (const QString &cell : std::as_const(cells)) {
            if (cell.contains(word, Qt::CaseInsensitive)) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

QVariant JobFilterProxyModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        const auto it = m_cells.constFind(index.column());
        if (it != m_cells.cend()) {
            const QVariant text = (*it)(mapToSource(index));
            if (role == Qt::DisplayRole || text.toString().size() > 40)
                return text;
        }
    }
    return QSortFilterProxyModel::data(index, role);
}

QVariant JobFilterProxyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && m_headers.contains(section))
        return m_headers.value(section);
    return QSortFilterProxyModel::headerData(section, orientation, role);
}

bool JobFilterProxyModel::canFetchMore(const QModelIndex &parent) const
{
    if (isFiltering() && sourceModel() && sourceModel()->rowCount() >= m_fetchLimit)
        return false;
    return QSortFilterProxyModel::canFetchMore(parent);
}
