// SPDX-License-Identifier: GPL-3.0-or-later
#include "columnchooser.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>

namespace ColumnChooser {

namespace {
int visibleCount(const QHeaderView *header)
{
    return header->count() - header->hiddenSectionCount();
}
} // namespace

QMenu *buildMenu(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    QAbstractItemModel *model = view->model();
    auto *menu = new QMenu(view);
    menu->setObjectName(QStringLiteral("columnChooser"));
    // In the order the operator sees them, not the model's.
    for (int visual = 0; model && visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        const QString title = model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
        if (title.isEmpty())
            continue;
        QAction *action = menu->addAction(title);
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        // The last visible column stays: a table without columns has no header left to bring
        // the others back from.
        action->setEnabled(header->isSectionHidden(column) || visibleCount(header) > 1);
        QObject::connect(action, &QAction::toggled, header, [header, column](bool shown) {
            header->setSectionHidden(column, !shown);
            if (shown && header->sectionSize(column) < header->minimumSectionSize() * 2)
                header->resizeSection(column, header->defaultSectionSize());
        });
    }
    return menu;
}

void install(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QHeaderView::customContextMenuRequested, view, [view, header](const QPoint &position) {
        QMenu *menu = buildMenu(view);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(header->viewport()->mapToGlobal(position));
    });
}

} // namespace ColumnChooser
