// SPDX-License-Identifier: GPL-3.0-or-later
#include "visiblerows.h"

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QEvent>
#include <QScrollBar>
#include <QTimer>

VisibleRows::VisibleRows(QAbstractItemView *view, QAbstractItemModel *model, Report report, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_model(model)
    , m_report(std::move(report))
{
    view->viewport()->installEventFilter(this);
    connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, &VisibleRows::scheduleUpdate);
    connect(view->verticalScrollBar(), &QScrollBar::rangeChanged, this, &VisibleRows::scheduleUpdate);
    QAbstractItemModel *shown = view->model();
    if (shown) {
        connect(shown, &QAbstractItemModel::rowsInserted, this, &VisibleRows::scheduleUpdate);
        connect(shown, &QAbstractItemModel::rowsRemoved, this, &VisibleRows::scheduleUpdate);
        connect(shown, &QAbstractItemModel::rowsMoved, this, &VisibleRows::scheduleUpdate);
        connect(shown, &QAbstractItemModel::layoutChanged, this, &VisibleRows::scheduleUpdate);
        connect(shown, &QAbstractItemModel::modelReset, this, &VisibleRows::scheduleUpdate);
    }
    scheduleUpdate();
}

VisibleRows *VisibleRows::install(QAbstractItemView *view, QAbstractItemModel *model, Report report)
{
    return new VisibleRows(view, model, std::move(report), view);
}

bool VisibleRows::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize || event->type() == QEvent::Show)
        scheduleUpdate();
    return QObject::eventFilter(watched, event);
}

// A page of rows arrives in one go and a scroll fires many times: one computation per turn of
// the event loop is enough.
void VisibleRows::scheduleUpdate()
{
    if (m_scheduled)
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        update();
    });
}

int VisibleRows::toModelRow(int viewRow) const
{
    QModelIndex index = m_view->model()->index(viewRow, 0);
    while (index.isValid() && index.model() != m_model) {
        const auto *proxy = qobject_cast<const QAbstractProxyModel *>(index.model());
        if (!proxy)
            return -1;
        index = proxy->mapToSource(index);
    }
    return index.isValid() ? index.row() : -1;
}

void VisibleRows::update()
{
    if (!m_view || !m_model || !m_view->model())
        return;
    const int shownRows = m_view->model()->rowCount();
    const QRect area = m_view->viewport()->rect();
    int top = m_view->indexAt(area.topLeft()).row();
    if (top < 0)
        top = shownRows > 0 ? 0 : -1;
    int bottom = m_view->indexAt(QPoint(area.left(), area.bottom())).row();
    if (bottom < 0)
        bottom = shownRows - 1; // the rows end above the viewport's bottom
    if (top < 0 || bottom < top) {
        m_report(-1, -1);
        return;
    }
    // Sorted or filtered, the rows on screen are scattered in the model: span them all (the
    // model caps what it reads).
    int first = -1;
    int last = -1;
    for (int row = top; row <= bottom; ++row) {
        const int at = toModelRow(row);
        if (at < 0)
            continue;
        first = first < 0 ? at : qMin(first, at);
        last = qMax(last, at);
    }
    m_report(first, last);
}
