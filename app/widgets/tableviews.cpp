// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableviews.h"

#include "columnchooser.h"
#include "contextmenukey.h"
#include "elidedcelldelegate.h"
#include "tablecopy.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>

namespace TableViews {

void setUp(QTableView *view, QAbstractItemModel *model)
{
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setSortingEnabled(true);
    view->setShowGrid(false);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    // A column narrower than its longest text hides nothing: the whole text is in the tooltip.
    view->setItemDelegate(new ElidedCellDelegate(view));
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    ColumnChooser::install(view);
    TableCopy::install(view);
    ContextMenuKey::install(view);
}

void selectSourceRow(QTableView *view, QSortFilterProxyModel *proxy, int sourceRow)
{
    if (sourceRow < 0) {
        view->selectionModel()->clear();
        return;
    }
    const QModelIndex index = proxy->mapFromSource(proxy->sourceModel()->index(sourceRow, 0));
    if (view->currentIndex().row() == index.row())
        return;
    view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void fitSection(QHeaderView *header, int column, int width)
{
    const QString title = header->model()->headerData(column, Qt::Horizontal).toString();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    header->resizeSection(column, qMax(width, header->fontMetrics().horizontalAdvance(title) + 3 * margin));
}

} // namespace TableViews
