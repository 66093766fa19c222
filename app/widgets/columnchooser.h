// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QMenu;
class QTableView;

// A table header's context menu that lists every column of the model with a check mark, so that
// an operator can show a column a page leaves out (put time on the Waiting tab, last change on a
// worker's jobs) or hide one they do not need. The header's state, hidden columns included, is
// what the layout memory saves, so the choice comes back on the next start.
namespace ColumnChooser {
void install(QTableView *view);
// The menu the header shows, owned by the caller (tests toggle its actions).
QMenu *buildMenu(QTableView *view);
} // namespace ColumnChooser
