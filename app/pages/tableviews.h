#pragma once

class QAbstractItemModel;
class QTableView;

// One look for every table of the console: whole-row selection, extended selection, sorting by
// clicking a header, no grid, alternating rows, compact rows, no word wrap.
namespace TableViews {
void setUp(QTableView *view, QAbstractItemModel *model);
}
