// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>

class QAbstractItemView;
class QMenu;

// The context menu of a list the operator acts on (jobs, queues, workers), made the same way on
// each: several rows can be selected, and a right-click outside the selection first selects the
// row under the cursor, as file managers do, so the menu always speaks of the rows highlighted.
namespace RowContextMenu {

// `fill` gets a fresh menu named `menuName` for the rows then selected and returns whether it
// offers anything; only then is the menu shown (and deleted when it closes).
void install(QAbstractItemView *view, const QString &menuName, std::function<bool(QMenu *menu)> fill);

} // namespace RowContextMenu
