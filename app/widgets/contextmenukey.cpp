// SPDX-License-Identifier: GPL-3.0-or-later
#include "contextmenukey.h"

#include <QAbstractItemView>
#include <QAction>
#include <QContextMenuEvent>
#include <QCoreApplication>

namespace ContextMenuKey {

void install(QAbstractItemView *view)
{
    auto *key = new QAction(view);
    key->setObjectName(QStringLiteral("contextMenuKeyAction"));
    key->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F10));
    key->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(key);
    QObject::connect(key, &QAction::triggered, view, [view] {
        // The same event, at the same place, as Qt makes of the menu key: viewport coordinates
        // of the current row, so the menu acts on that row.
        const QModelIndex current = view->currentIndex();
        const QPoint at = current.isValid() ? view->visualRect(current).center() : view->viewport()->rect().center();
        QContextMenuEvent event(QContextMenuEvent::Keyboard, at, view->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(view, &event);
    });
}

} // namespace ContextMenuKey
