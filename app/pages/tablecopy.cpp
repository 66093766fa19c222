#include "tablecopy.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>

namespace {
// A tab or line break inside a cell would split it into two cells or two rows.
QString cell(const QVariant &value)
{
    QString text = value.toString();
    for (QChar &c : text) {
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    }
    return text;
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
