// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QKeySequence>
#include <QObject>

class QAbstractItemModel;
class QListWidget;
class QMenu;
class QStackedWidget;
class QWidget;

// Ctrl+1 … Ctrl+9 show the first nine pages and Ctrl+0 the tenth. They live in a Go menu, where
// a keyboard user finds them, and each page's entry in the navigation list names its shortcut.
// A page shown by its shortcut takes the keyboard focus to its first list, where a keyboard user
// goes on (arrows, Enter, the context-menu key); a click in the navigation leaves the focus there.
class PageShortcuts final : public QObject
{
    Q_OBJECT

public:
    // The menu's entries follow the navigation's items: made anew whenever pages come or go.
    PageShortcuts(QMenu *menu, QListWidget *navigation, QStackedWidget *stack);

    // The shortcut of the page at `index` (from 0); empty past the tenth.
    static QKeySequence shortcutFor(int index);
    // Gives the focus to `page`'s first list or table on screen, else to its first control.
    static void focusPage(QWidget *page);

private:
    void rebuild();
    void show(int index);

    QMenu *m_menu;
    QListWidget *m_navigation;
    QStackedWidget *m_stack;
    QAbstractItemModel *m_items;
};
