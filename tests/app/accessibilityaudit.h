// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTextEdit>
#include <QToolBar>
#include <QWidget>

// What a screen reader hears of a window: every control a person operates must have a name, as
// Qt's accessibility interface reports it (an accessibleName, a button's text, a label's buddy
// text), not merely a label drawn somewhere near it.
namespace AccessibilityAudit {

inline bool isInteractive(const QWidget *widget)
{
    if (qobject_cast<const QHeaderView *>(widget) || qobject_cast<const QScrollBar *>(widget))
        return false; // parts of a table or scroll area, which has its own name
    if (qobject_cast<const QStackedWidget *>(widget) || qobject_cast<const QTabWidget *>(widget))
        return false; // containers: the tab bar and the controls inside are what one operates
    return qobject_cast<const QAbstractButton *>(widget) || qobject_cast<const QLineEdit *>(widget)
           || qobject_cast<const QComboBox *>(widget) || qobject_cast<const QAbstractSpinBox *>(widget)
           || qobject_cast<const QAbstractItemView *>(widget) || qobject_cast<const QTextEdit *>(widget)
           || qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QAbstractSlider *>(widget)
           || qobject_cast<const QTabBar *>(widget)
           // anything else a Tab stops at (a label with links, a chart view)
           || ((widget->focusPolicy() & Qt::TabFocus) && !qobject_cast<const QLabel *>(widget)
               && widget->metaObject() != &QWidget::staticMetaObject);
}

// Qt builds some controls out of others (a spin box's line edit, a table's corner button, a tab
// bar's scroll arrows, a combo box's popup list): the outer control speaks for them.
inline bool isPartOfAnother(const QWidget *widget, const QWidget *root)
{
    for (const QWidget *up = widget->parentWidget(); up && up != root->parentWidget(); up = up->parentWidget()) {
        if (qobject_cast<const QAbstractSpinBox *>(up) || qobject_cast<const QComboBox *>(up)
            || qobject_cast<const QAbstractItemView *>(up) || qobject_cast<const QTabBar *>(up))
            return true;
        if (up->isWindow() && up != root)
            return true; // a menu or popup of its own
    }
    return false;
}

// Hidden by the program, not merely on a page or tab not shown now (a stacked widget hides those;
// they are walked too, as the operator reaches them).
inline bool isHiddenOnPurpose(const QWidget *widget, const QWidget *root)
{
    for (const QWidget *w = widget; w && w != root; w = w->parentWidget()) {
        if (w->isHidden() && !qobject_cast<const QStackedWidget *>(w->parentWidget()))
            return true;
    }
    return false;
}

inline QString describe(const QWidget *widget)
{
    QStringList path;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        path.prepend(QString::fromLatin1(w->metaObject()->className())
                     + (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName()));
        if (w->isWindow())
            break;
    }
    return path.join(QLatin1String(" > "));
}

inline QString nameOf(QWidget *widget)
{
    QAccessibleInterface *face = QAccessible::queryAccessibleInterface(widget);
    return face ? face->text(QAccessible::Name).trimmed() : QString();
}

// Every control under `root` (itself included) that a screen reader would announce unnamed.
inline QStringList unnamedControls(QWidget *root)
{
    QStringList problems;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        if (!isInteractive(widget) || isPartOfAnother(widget, root) || isHiddenOnPurpose(widget, root))
            continue;
        if (nameOf(widget).isEmpty())
            problems << describe(widget);
    }
    // A toolbar's actions are its buttons, named by their text; their tooltips name the shortcut.
    for (QToolBar *bar : root->findChildren<QToolBar *>()) {
        for (QAction *action : bar->actions()) {
            if (!action->isSeparator() && action->text().remove(QLatin1Char('&')).trimmed().isEmpty())
                problems << describe(bar) + QLatin1String(" action ") + action->objectName();
        }
    }
    return problems;
}

// Labels that name a control but give no Alt key to reach it.
inline QStringList buddiesWithoutMnemonic(QWidget *root)
{
    QStringList problems;
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->buddy() || isHiddenOnPurpose(label, root))
            continue;
        QString text = label->text();
        text.remove(QLatin1String("&&"));
        if (!text.contains(QLatin1Char('&')))
            problems << describe(label) + QLatin1String(" \"") + label->text() + QLatin1Char('"');
    }
    return problems;
}

} // namespace AccessibilityAudit
