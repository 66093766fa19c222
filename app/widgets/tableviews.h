// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAbstractItemModel;
class QHeaderView;
class QSortFilterProxyModel;
class QTableView;

// One look for every table of the console: whole-row selection, extended selection, sorting by
// clicking a header, no grid, alternating rows, compact rows, no word wrap, a header menu that
// shows or hides columns (ColumnChooser), cells cut short whole in their tooltips
// (ElidedCellDelegate); Ctrl+C copies the selected rows (TableCopy), Shift+F10
// opens the context menu at the current row (ContextMenuKey).
namespace TableViews {
void setUp(QTableView *view, QAbstractItemModel *model);
// Makes source row `sourceRow` (behind `proxy`) the view's current, selected row; -1 (the row is
// gone or not listed yet) clears the selection, so that no other row looks chosen.
void selectSourceRow(QTableView *view, QSortFilterProxyModel *proxy, int sourceRow);
// Column `column` `width` px wide, or as wide as its title needs if more (a German title is often
// longer), room for the sort arrow included.
void fitSection(QHeaderView *header, int column, int width);
} // namespace TableViews
