// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowcontextmenu.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>
#include <QMenu>

namespace RowContextMenu {

namespace {
void selectRowUnder(QAbstractItemView *view, const QPoint &at)
{
    const QModelIndex clicked = view->indexAt(at);
    if (!clicked.isValid() || view->selectionModel()->isRowSelected(clicked.row(), clicked.parent()))
        return;
    view->selectionModel()->select(clicked, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->selectionModel()->setCurrentIndex(clicked, QItemSelectionModel::NoUpdate);
}
} // namespace

void install(QAbstractItemView *view, const QString &menuName, std::function<bool(QMenu *menu)> fill)
{
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view, [view, menuName, fill](const QPoint &at) {
        selectRowUnder(view, at);
        auto *menu = new QMenu(view);
        menu->setObjectName(menuName);
        if (!fill(menu)) {
            delete menu;
            return;
        }
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(view->viewport()->mapToGlobal(at));
    });
}

} // namespace RowContextMenu
