// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablecopy.h"

#include "csvtext.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLocale>
#include <QTableView>

#include <algorithm>
#include <cmath>

namespace {
// A tab or line break inside a cell would split it into two cells or two rows.
//
// The copy is made to be pasted into a spreadsheet (hence its header row), and a spreadsheet runs
// a pasted cell that begins with = + - @ as a formula: a job name, tag, worker or error text that
// anyone who can put a job chose. So each cell gets the guard the CSV export has
// (CsvText::defused: a leading apostrophe, which spreadsheets read as "this is text"), with one
// more exception than the export: a number as the window shows it, in the user's locale (-3,
// -1,500, -0,5 in German), stays as it is, since the paste is read in that same locale and it
// pastes as the number it is. Text pasted elsewhere shows the apostrophe: a small price for a
// paste that cannot run what someone else typed.
QString cell(const QVariant &value)
{
    QString text = value.toString();
    for (QChar &c : text) {
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    }
    bool number = false;
    const double parsed = QLocale().toDouble(text, &number);
    return number && std::isfinite(parsed) ? text : CsvText::defused(text);
}
} // namespace

namespace TableCopy {

QString selectedRows(const QTableView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return {};
    QList<int> rows;
    for (const QModelIndex &index : view->selectionModel()->selectedIndexes()) {
        if (!rows.contains(index.row()))
            rows.append(index.row());
    }
    if (rows.isEmpty() && view->currentIndex().isValid())
        rows.append(view->currentIndex().row());
    if (rows.isEmpty())
        return {};
    std::sort(rows.begin(), rows.end());

    const QHeaderView *header = view->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns.append(logical);
    }
    QStringList lines;
    QStringList cells;
    for (const int column : columns)
        cells.append(cell(model->headerData(column, Qt::Horizontal, Qt::DisplayRole)));
    lines.append(cells.join(QLatin1Char('\t')));
    for (const int row : rows) {
        cells.clear();
        for (const int column : columns)
            cells.append(cell(model->index(row, column).data(Qt::DisplayRole)));
        lines.append(cells.join(QLatin1Char('\t')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void install(QTableView *view)
{
    auto *copy = new QAction(QObject::tr("Copy rows"), view);
    copy->setObjectName(QStringLiteral("copyRowsAction"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(copy);
    QObject::connect(copy, &QAction::triggered, view, [view] {
        const QString text = selectedRows(view);
        if (!text.isEmpty())
            QGuiApplication::clipboard()->setText(text);
    });
}

} // namespace TableCopy
