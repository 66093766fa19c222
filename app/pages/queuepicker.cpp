// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuepicker.h"

#include "queueactions.h"
#include "queuelistmodel.h"
#include "tableviews.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>

QueuePicker::QueuePicker(QlessSession *session, QueueListModel *queues, QWidget *parent)
    : QTableView(parent)
    , m_queues(queues)
    , m_sorted(new QSortFilterProxyModel(this))
{
    m_sorted->setSourceModel(m_queues);
    m_sorted->setSortRole(QueueListModel::SortRole);
    TableViews::setUp(this, m_sorted);
    setSelectionMode(QAbstractItemView::SingleSelection);
    // The length is in the page's heading instead: a fourth count here cost the job tabs their
    // last columns at 1400 px.
    for (int column : {QueueListModel::ScheduledColumn, QueueListModel::DependsColumn, QueueListModel::RecurringColumn,
                       QueueListModel::LengthColumn})
        hideColumn(column);
    QHeaderView *header = horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Fixed);
    // Counts as wide as their titles ("Running", "Laufend"): what is left goes to the names.
    for (int column : {QueueListModel::WaitingColumn, QueueListModel::RunningColumn, QueueListModel::StalledColumn})
        TableViews::fitSection(header, column, 64);
    header->setSectionResizeMode(QueueListModel::NameColumn, QHeaderView::Stretch);
    sortByColumn(QueueListModel::NameColumn, Qt::AscendingOrder);
    setMinimumWidth(300); // room for "name (paused)" beside three counts
    // Pause, unpause, max concurrency and forget, as on the Overview (it allows a multi-selection;
    // the tabs follow the current row).
    QueueActions::of(session)->install(this, m_queues);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (current.isValid())
            emit queueChosen(current.data(QueueListModel::KeyRole).toString());
    });
}

QString QueuePicker::firstQueue() const
{
    return m_sorted->index(0, 0).data(QueueListModel::KeyRole).toString();
}

void QueuePicker::select(const QString &queue)
{
    const int row = m_queues->rowOf(queue);
    if (row < 0)
        return;
    const QModelIndex index = m_sorted->mapFromSource(m_queues->index(row, QueueListModel::NameColumn));
    if (selectionModel()->currentIndex().row() != index.row())
        selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}
