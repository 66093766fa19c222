// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

#include <QColor>
#include <QCoreApplication>
#include <QGraphicsSimpleTextItem>

// A mark's label on the History chart: its text on a box of the chart's background (so that it
// reads over the lines it crosses), the whole story as its tooltip (kind, local and UTC time,
// text), and, for a bulk run of this console, the look of a link (it opens the run's Activity
// row). The mark chosen from the keyboard is framed.
class HistoryMarkLabel final : public QGraphicsSimpleTextItem
{
    Q_DECLARE_TR_FUNCTIONS(HistoryMarkLabel)

public:
    HistoryMarkLabel(const HistoryMark &mark, const QColor &background, QGraphicsItem *parent);

    const HistoryMark &mark() const { return m_mark; }
    // Whether activating the label opens something (a bulk run with its id).
    bool isLink() const { return m_mark.kind == HistoryMark::Kind::BulkRun && !m_mark.ref.isEmpty(); }
    void setChosen(bool chosen);
    bool isChosen() const { return m_chosen; }

    // The tooltip: what the mark is, when (local, then UTC) and its text.
    static QString describe(const HistoryMark &mark);
    static QString kindText(HistoryMark::Kind kind);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    HistoryMark m_mark;
    QColor m_background;
    bool m_chosen = false;
};
