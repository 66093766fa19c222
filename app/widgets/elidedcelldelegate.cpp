// SPDX-License-Identifier: GPL-3.0-or-later
#include "elidedcelldelegate.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

ElidedCellDelegate::ElidedCellDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{}

ElidedCellDelegate *ElidedCellDelegate::of(const QAbstractItemView *view)
{
    return view ? qobject_cast<ElidedCellDelegate *>(view->itemDelegate()) : nullptr;
}

void ElidedCellDelegate::setMiddleElided(int column, bool middle)
{
    if (middle)
        m_middle.insert(column);
    else
        m_middle.remove(column);
    m_view->viewport()->update();
}

void ElidedCellDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (m_middle.contains(index.column()))
        option->textElideMode = Qt::ElideMiddle;
}

bool ElidedCellDelegate::cut(const QStyleOptionViewItem &option) const
{
    if (!option.features.testFlag(QStyleOptionViewItem::HasDisplay) || option.text.isEmpty())
        return false;
    const QWidget *widget = option.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    // What QCommonStyle leaves for the text: the text rectangle less a focus margin either side.
    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &option, widget);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QString firstLine = option.text.section(QLatin1Char('\n'), 0, 0);
    return firstLine.size() != option.text.size()
           || QFontMetrics(option.font).horizontalAdvance(firstLine) > text.width() - 2 * margin;
}

bool ElidedCellDelegate::isElided(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != m_view->model())
        return false;
    // The option the view would draw the cell with, as far as the text's room goes.
    QStyleOptionViewItem option;
    option.initFrom(m_view->viewport());
    option.widget = m_view;
    option.font = m_view->font();
    option.fontMetrics = m_view->fontMetrics();
    option.textElideMode = m_view->textElideMode();
    option.rect = m_view->visualRect(index);
    initStyleOption(&option, index);
    return cut(option);
}

bool ElidedCellDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                                   const QModelIndex &index)
{
    if (event && event->type() == QEvent::ToolTip && index.isValid()) {
        QStyleOptionViewItem cell = option;
        initStyleOption(&cell, index);
        if (cut(cell)) {
            const QString own = index.data(Qt::ToolTipRole).toString();
            const QString tip =
                own.isEmpty() || own == cell.text ? cell.text : cell.text + QStringLiteral("\n\n") + own;
            QToolTip::showText(event->globalPos(), tip, view, option.rect);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

void ElidedCellDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const bool plainText =
        !cell.features.testAnyFlags(QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator
                                    | QStyleOptionViewItem::WrapText)
        && !cell.text.contains(QLatin1Char('\n')) && !cell.text.contains(QChar::LineSeparator);
    const QWidget *widget = cell.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // Where the view does not highlight a selected cell whole (a list, say), the style sizes the
    // cell's text rectangle by its text, and a focus frame or an editing frame is sized by the
    // text too: the style needs the text for those (the current cell alone has focus).
    if (!plainText || !cell.showDecorationSelected
        || cell.state.testAnyFlags(QStyle::State_HasFocus | QStyle::State_Editing)) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QString text = cell.text;
    cell.text.clear();
    // Background and selection as the style draws them. A cell with neither (nor the mouse over
    // it) has nothing of the style's behind its text: the view drew its row's background
    // (PE_PanelItemViewRow, alternate rows too) before the delegate was asked.
    if (cell.state.testAnyFlags(QStyle::State_Selected | QStyle::State_MouseOver)
        || cell.backgroundBrush.style() != Qt::NoBrush)
        style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);
    if (text.isEmpty())
        return;
    // The text where QCommonStyle puts it: the cell less a focus margin either side, in the
    // selected or the plain text colour of the cell's palette (the model's foreground is in it).
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    QPalette::ColorGroup group = cell.state.testFlag(QStyle::State_Enabled) ? QPalette::Normal : QPalette::Disabled;
    if (group == QPalette::Normal && !cell.state.testFlag(QStyle::State_Active))
        group = QPalette::Inactive;
    const QPalette::ColorRole role =
        cell.state.testFlag(QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text;
    painter->save();
    painter->setPen(cell.palette.color(group, role));
    painter->setFont(cell.font);
    m_texts.draw(painter, cell.rect, cell.rect.adjusted(margin, 0, -margin, 0), cell.displayAlignment, cell.direction,
                 text, cell.textElideMode);
    painter->restore();
}
