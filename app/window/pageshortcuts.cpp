// SPDX-License-Identifier: GPL-3.0-or-later
#include "pageshortcuts.h"

#include <QAbstractItemView>
#include <QAction>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>

namespace {
constexpr int Numbered = 10; // Ctrl+1 … Ctrl+9, then Ctrl+0

bool takesTabFocus(const QWidget *widget)
{
    return (widget->focusPolicy() & Qt::TabFocus) && widget->isVisible() && widget->isEnabled();
}
} // namespace

PageShortcuts::PageShortcuts(QMenu *menu, QListWidget *navigation, QStackedWidget *stack)
    : QObject(menu)
    , m_menu(menu)
    , m_navigation(navigation)
    , m_stack(stack)
    , m_items(navigation->model())
{
    connect(m_items, &QAbstractItemModel::rowsInserted, this, &PageShortcuts::rebuild);
    connect(m_items, &QAbstractItemModel::rowsRemoved, this, &PageShortcuts::rebuild);
    connect(m_items, &QAbstractItemModel::modelReset, this, &PageShortcuts::rebuild);
    rebuild();
}

QKeySequence PageShortcuts::shortcutFor(int index)
{
    if (index < 0 || index >= Numbered)
        return {};
    const int digit = (index + 1) % Numbered;
    return QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + digit));
}

// Reads the items through the model, never through the list: the list's model empties itself
// (a reset) while the list is being destroyed, when the list is no longer a QListWidget.
void PageShortcuts::rebuild()
{
    m_menu->clear();
    const int rows = m_items->rowCount();
    for (int row = 0; row < rows; ++row) {
        const QModelIndex item = m_items->index(row, 0);
        const QString text = item.data(Qt::DisplayRole).toString();
        QAction *go = m_menu->addAction(text);
        const QKeySequence keys = shortcutFor(row);
        go->setShortcut(keys);
        if (!keys.isEmpty())
            m_items->setData(item, tr("%1 (%2)").arg(text, keys.toString(QKeySequence::NativeText)), Qt::ToolTipRole);
        connect(go, &QAction::triggered, this, [this, row] { show(row); });
    }
    m_menu->setEnabled(rows > 0);
}

void PageShortcuts::show(int index)
{
    if (index >= m_navigation->count())
        return;
    m_navigation->setCurrentRow(index);
    focusPage(m_stack->widget(index));
}

void PageShortcuts::focusPage(QWidget *page)
{
    if (!page)
        return;
    // In the order Tab would visit them, so "first" is what the operator sees first.
    QWidget *firstControl = nullptr;
    for (QWidget *widget = page->nextInFocusChain(); widget && widget != page; widget = widget->nextInFocusChain()) {
        if (!page->isAncestorOf(widget) || !takesTabFocus(widget))
            continue;
        if (qobject_cast<QAbstractItemView *>(widget)) {
            widget->setFocus(Qt::ShortcutFocusReason);
            return;
        }
        if (!firstControl)
            firstControl = widget;
    }
    if (firstControl)
        firstControl->setFocus(Qt::ShortcutFocusReason);
}
