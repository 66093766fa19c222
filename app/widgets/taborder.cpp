// SPDX-License-Identifier: GPL-3.0-or-later
#include "taborder.h"

#include <QLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QWidget>

namespace {
void collect(QWidget *widget, QList<QWidget *> &out);

void collectLayout(QLayout *layout, QList<QWidget *> &out)
{
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (item->widget())
            collect(item->widget(), out);
        else if (item->layout())
            collectLayout(item->layout(), out);
    }
}

void collect(QWidget *widget, QList<QWidget *> &out)
{
    if (!widget || widget->isWindow())
        return;
    // Containers Tab passes through: their parts in the order they show.
    if (auto *tabs = qobject_cast<QTabWidget *>(widget)) {
        out.append(tabs->tabBar());
        for (int i = 0; i < tabs->count(); ++i)
            collect(tabs->widget(i), out);
        return;
    }
    if (auto *stack = qobject_cast<QStackedWidget *>(widget)) {
        for (int i = 0; i < stack->count(); ++i)
            collect(stack->widget(i), out);
        return;
    }
    if (auto *splitter = qobject_cast<QSplitter *>(widget)) {
        for (int i = 0; i < splitter->count(); ++i)
            collect(splitter->widget(i), out);
        return;
    }
    if (auto *scroll = qobject_cast<QScrollArea *>(widget)) {
        collect(scroll->widget(), out);
        return;
    }
    // A control (a table, a combo box, a spin box) is one stop, whatever it is made of.
    if (widget->focusPolicy() & Qt::TabFocus) {
        out.append(widget);
        return;
    }
    if (widget->layout())
        collectLayout(widget->layout(), out);
}
} // namespace

namespace TabOrder {

void followLayout(QWidget *root)
{
    QList<QWidget *> stops;
    if (root->layout())
        collectLayout(root->layout(), stops);
    for (int i = 1; i < stops.size(); ++i)
        QWidget::setTabOrder(stops.at(i - 1), stops.at(i));
}

} // namespace TabOrder
