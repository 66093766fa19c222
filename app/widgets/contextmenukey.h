// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAbstractItemView;

// Shift+F10 opens a view's context menu at its current row, as the context-menu key does (the
// platform sends that key's menu event by itself, at the row Qt reports as the cursor's place;
// Shift+F10 is the other key desktops use for it, and keyboards without a menu key have).
namespace ContextMenuKey {
void install(QAbstractItemView *view);
}
