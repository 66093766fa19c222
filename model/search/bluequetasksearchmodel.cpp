// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequetasksearchmodel.h"

#include "bluequebulkrun.h"
#include "bluequetasksearch.h"

#include <QMap>

BluequeTaskSearchModel::BluequeTaskSearchModel(BluequeTaskSearch *search, QObject *parent)
    : QAbstractTableModel(parent)
    , m_search(search)
{
    connect(m_search, &BluequeTaskSearch::matched, this, [this] {
        grow();
        emit pageChanged(); // the page count may have grown
    });
}

void BluequeTaskSearchModel::start(const QString &text, const QString &queue, const QString &status)
{
    beginResetModel();
    m_page = 0;
    m_shown = 0;
    m_search->start(text, queue, status);
    endResetModel();
    grow();
    emit pageChanged();
}

int BluequeTaskSearchModel::pageCount() const
{
    const qsizetype found = m_search->matches().size();
    return int(qMax<qsizetype>(1, (found + PageSize - 1) / PageSize));
}

void BluequeTaskSearchModel::setPage(int page)
{
    page = qBound(0, page, pageCount() - 1);
    if (page == m_page)
        return;
    beginResetModel();
    m_page = page;
    m_shown = rowsOfPage();
    endResetModel();
    emit pageChanged();
}

int BluequeTaskSearchModel::rowsOfPage() const
{
    const qsizetype from = qsizetype(m_page) * PageSize;
    return int(qBound(qsizetype(0), m_search->matches().size() - from, qsizetype(PageSize)));
}

void BluequeTaskSearchModel::grow()
{
    const int rows = rowsOfPage();
    if (rows <= m_shown)
        return;
    beginInsertRows({}, m_shown, rows - 1);
    m_shown = rows;
    endInsertRows();
}

QList<BluequeAction> BluequeTaskSearchModel::actionsFor(const QList<int> &rows) const
{
    using Kind = BluequeAction::Kind;
    QMap<QPair<QString, QString>, QList<BluequeTaskRef>> groups;
    for (int row : rows) {
        if (row < 0 || row >= m_shown)
            continue;
        const BluequeSearchHit &hit = m_search->matches().at(qsizetype(m_page) * PageSize + row);
        // Unplaced: as deep as the walk budget, so the run sends it alone (see the class comment).
        BluequeTaskRef ref{hit.id, BluequeBulkRun::WalkBudget, 2 * BluequeBulkRun::WalkBudget, {}};
        groups[{hit.queue, hit.status}] << ref;
    }
    QList<BluequeAction> out;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        for (Kind kind : {Kind::Requeue, Kind::Delete, Kind::Cancel, Kind::RunNow})
            if (BluequeAction::appliesTo(kind, it.key().second))
                out << BluequeAction::ofTasks(kind, it.key().first, it.key().second, it.value());
    return out;
}

int BluequeTaskSearchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_shown;
}

int BluequeTaskSearchModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BluequeTaskSearchModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_shown)
        return {};
    const BluequeSearchHit &hit = m_search->matches().at(qsizetype(m_page) * PageSize + index.row());
    if (role == KeyRole)
        return hit.id;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn: return QString::fromUtf8(hit.id);
    case QueueColumn: return hit.queue;
    case StatusColumn: return hit.status;
    case FoundInColumn: {
        QStringList where;
        for (const QString &field : hit.where)
            where << (field == QLatin1String("error") ? tr("error") : tr("parameters"));
        return where.join(QStringLiteral(", "));
    }
    default: return {};
    }
}

QVariant BluequeTaskSearchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Task");
    case QueueColumn: return tr("Queue");
    case StatusColumn: return tr("Status");
    case FoundInColumn: return tr("Found in");
    default: return {};
    }
}
