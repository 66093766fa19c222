// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMessageBox>
#include <QTest>

// What the action tests do as an operator would: find the window-modal dialog or menu that an
// action opened, press one of its buttons, pick a menu entry.
namespace ActionTestKit {

template<typename T>
T *waitForWidget(const QString &name, int timeoutMs = 10000)
{
    T *found = nullptr;
    (void)QTest::qWaitFor(
        [&found, &name] {
            for (QWidget *widget : QApplication::topLevelWidgets()) {
                auto *candidate = qobject_cast<T *>(widget);
                if (!candidate || candidate->objectName() != name)
                    candidate = widget->findChild<T *>(name);
                if (candidate && candidate->isVisible()) {
                    found = candidate;
                    return true;
                }
            }
            return false;
        },
        timeoutMs);
    return found;
}

// Clicks the button of `box` with `role`; false when there is none.
inline bool answer(QMessageBox *box, QMessageBox::ButtonRole role)
{
    if (!box)
        return false;
    for (QAbstractButton *button : box->buttons()) {
        if (box->buttonRole(button) == role) {
            button->click();
            return true;
        }
    }
    return false;
}

inline QAction *findAction(QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
        if (action->menu()) {
            if (QAction *inner = action->menu()->isEmpty() ? nullptr : findAction(action->menu(), text))
                return inner;
        }
    }
    return nullptr;
}

// Right-clicks `row` of `view` and waits for the menu named `menuName`.
inline QMenu *openContextMenu(QAbstractItemView *view, int row, const QString &menuName)
{
    const QRect rect = view->visualRect(view->model()->index(row, 0));
    emit view->customContextMenuRequested(rect.center());
    return waitForWidget<QMenu>(menuName);
}

} // namespace ActionTestKit
