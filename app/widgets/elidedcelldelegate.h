// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "celltextcache.h"

#include <QSet>
#include <QStyledItemDelegate>

class QAbstractItemView;

// Cells drawn as Qt draws them, with what a narrow column needs so that nothing is hidden by it:
// a text cut short shows whole in the cell's tooltip (above what the model's tooltip says), and
// columns of names whose beginnings repeat (jids "crawl-1014", "crawl-1015"; workers
// "worker-c.prod.internal-4103") are cut in the middle, keeping the end that tells rows apart.
// TableViews::setUp gives every table one.
class ElidedCellDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedCellDelegate)

public:
    explicit ElidedCellDelegate(QAbstractItemView *view);

    // The one `view` draws with, or nullptr when it has another.
    static ElidedCellDelegate *of(const QAbstractItemView *view);

    void setMiddleElided(int column, bool middle = true);
    // Whether `index` (of the view's model) shows its text cut at its column's present width.
    bool isElided(const QModelIndex &index) const;

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;
    // A cell of one line of text is drawn as the style draws it, but with its text drawn here
    // (CellTextCache): the style lays the text out twice (to size it, then to draw it) with line
    // breaking, too slow for a table repainted many times a second (the Events page). Other
    // cells go to the style.
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    // `option` as initStyleOption left it, its rect the cell's.
    bool cut(const QStyleOptionViewItem &option) const;

    QAbstractItemView *m_view;
    QSet<int> m_middle;
    mutable CellTextCache m_texts; // drawing a cell keeps its text's layout
};
