// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QTableView;

// Ctrl+C on a table copies its selected rows (the current row when none is selected) as
// tab-separated text: a header row, then one line per row, the visible columns in the order on
// screen, the text as shown but for a cell a spreadsheet would run as a formula (defused as the
// CSV export does). A spreadsheet pastes it as a table and the header says what each column is;
// a lone jid is Ctrl+Shift+C on job tables. Qt's own Ctrl+C copied one cell.
namespace TableCopy {
QString selectedRows(const QTableView *view);
// Ctrl+C on `view` copies selectedRows() to the clipboard.
void install(QTableView *view);
} // namespace TableCopy
