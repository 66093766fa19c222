// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphnodeitem.h"

#include "themecolors.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace {
constexpr double Ring = 5; // how far the start node's ring stands out of its box
constexpr double Padding = 7;
} // namespace

GraphNodeItem::GraphNodeItem(int index, const GraphNode &node, const QRectF &box, bool isStart)
    : m_index(index)
    , m_node(node)
    , m_box(box)
    , m_start(isStart)
{
    setFlag(ItemIsSelectable);
    setFlag(ItemIsFocusable);
    setAcceptHoverEvents(true);
    setToolTip(node.details.join(QLatin1Char('\n')));
    setZValue(1);
}

QRectF GraphNodeItem::boundingRect() const
{
    return m_box.adjusted(-Ring - 2, -Ring - 2, Ring + 2, Ring + 2);
}

void GraphNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget)
{
    Q_UNUSED(widget)
    const QPalette palette = QApplication::palette();
    const double scale = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor ink =
        m_node.tone == ThemeColors::Tone::Plain ? palette.color(QPalette::Text) : ThemeColors::text(m_node.tone);
    const QColor fill =
        m_node.tone == ThemeColors::Tone::Plain ? palette.color(QPalette::Base) : ThemeColors::tint(m_node.tone);
    const bool selected = isSelected();
    const bool hovered = option->state & QStyle::State_MouseOver;

    painter->setRenderHint(QPainter::Antialiasing, scale > 0.2);
    if (m_start) {
        QPen ring(palette.color(QPalette::Highlight), 3);
        painter->setPen(ring);
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(m_box.adjusted(-Ring, -Ring, Ring, Ring), 8, 8);
    }
    QPen border(selected ? palette.color(QPalette::Highlight) : ink, selected || hovered ? 2.5 : 1.2);
    if (m_node.kind == QLatin1String("missing"))
        border.setStyle(Qt::DashLine);
    painter->setPen(border);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_box, 5, 5);
    // A state bar down the left edge: the state reads even where the tint is faint.
    painter->fillRect(QRectF(m_box.left() + 1, m_box.top() + 3, 4, m_box.height() - 6), ink);
    if (scale < TextFromScale)
        return;

    const QRectF text = m_box.adjusted(Padding + 3, 4, -Padding, -4);
    QFont labelFont = painter->font();
    labelFont.setBold(m_start);
    const QFontMetricsF labelMetrics(labelFont);
    painter->setFont(labelFont);
    painter->setPen(palette.color(QPalette::Text));
    const QRectF top(text.left(), text.top(), text.width(), text.height() / 2);
    painter->drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
                      labelMetrics.elidedText(m_node.label, Qt::ElideMiddle, top.width()));

    QFont small = labelFont;
    small.setBold(false);
    small.setPointSizeF(std::max(6.0, labelFont.pointSizeF() * 0.88));
    const QFontMetricsF smallMetrics(small);
    painter->setFont(small);
    const QRectF bottom(text.left(), text.center().y(), text.width(), text.height() / 2);
    const QString more = m_node.unread > 0 ? QStringLiteral("  +%1").arg(m_node.unread) : QString();
    const double moreWidth = smallMetrics.horizontalAdvance(more);
    painter->setPen(ink);
    const QString line = m_node.stateText + QStringLiteral(" · ") + m_node.id;
    painter->drawText(QRectF(bottom.left(), bottom.top(), bottom.width() - moreWidth, bottom.height()),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      smallMetrics.elidedText(line, Qt::ElideRight, bottom.width() - moreWidth));
    if (!more.isEmpty()) {
        painter->setPen(palette.color(QPalette::Text));
        painter->drawText(bottom, Qt::AlignRight | Qt::AlignVCenter, more);
    }
}
