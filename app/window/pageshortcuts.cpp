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
{
    QAbstractItemModel *items = navigation->model();
    connect(items, &QAbstractItemModel::rowsInserted, this, &PageShortcuts::rebuild);
    connect(items, &QAbstractItemModel::rowsRemoved, this, &PageShortcuts::rebuild);
    connect(items, &QAbstractItemModel::modelReset, this, &PageShortcuts::rebuild);
    rebuild();
}

QKeySequence PageShortcuts::shortcutFor(int index)
{
    if (index < 0 || index >= Numbered)
        return {};
    const int digit = (index + 1) % Numbered;
    return QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + digit));
}

void PageShortcuts::rebuild()
{
    m_menu->clear();
    for (int row = 0; row < m_navigation->count(); ++row) {
        QListWidgetItem *item = m_navigation->item(row);
        QAction *go = m_menu->addAction(item->text());
        const QKeySequence keys = shortcutFor(row);
        go->setShortcut(keys);
        if (!keys.isEmpty())
            item->setToolTip(tr("%1 (%2)").arg(item->text(), keys.toString(QKeySequence::NativeText)));
        connect(go, &QAction::triggered, this, [this, row] { show(row); });
    }
    m_menu->setEnabled(m_navigation->count() > 0);
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
