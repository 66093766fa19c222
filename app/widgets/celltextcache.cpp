// SPDX-License-Identifier: GPL-3.0-or-later
#include "celltextcache.h"

#include <QFontMetrics>
#include <QPainter>
#include <QRect>
#include <QStyle>
#include <QTextLine>

namespace {
// A line laid out at the top left of its layout, `width` wide.
QTextLine layOutLine(QTextLayout &layout, qreal width)
{
    layout.setCacheEnabled(true); // keeps the shaped glyphs: what makes drawing it again cheap
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, 0));
    }
    layout.endLayout();
    return line;
}
} // namespace

std::unique_ptr<CellTextCache::Laid> CellTextCache::layOut(const Key &key)
{
    auto laid = std::make_unique<Laid>();
    const auto direction = Qt::LayoutDirection(key.direction / 4);
    const auto painterDirection = Qt::LayoutDirection(key.direction % 4);
    const auto alignment = Qt::Alignment(key.alignment);
    const Qt::Alignment visual = QStyle::visualAlignment(direction, alignment);
    // As the style lays a cell's text out: no wrapping, the cell's direction and visual alignment,
    // the text rectangle's width.
    QTextOption option;
    option.setWrapMode(QTextOption::ManualWrap);
    option.setTextDirection(direction);
    option.setAlignment(visual);
    laid->layout.setText(key.text);
    laid->layout.setFont(key.font);
    laid->layout.setTextOption(option);
    const QTextLine line = layOutLine(laid->layout, key.width);
    if (!line.isValid())
        return laid;
    const qreal height = line.height();
    const bool cut = line.naturalTextWidth() > key.width;
    // The style places the line's box by whole pixels (QStyle::alignedRect), as wide as the rect.
    const QSize box(key.width, int(height));
    const int top =
        QStyle::alignedRect(direction, alignment, box, QRect(QPoint(0, 0), QSize(key.width, key.height))).top();
    laid->at = QPointF(0, top);
    laid->overflows = top < 0 || top + height > key.height || (cut && key.mode == int(Qt::ElideNone));
    if (!cut)
        return laid;
    // A line wider than the rect: the style draws the cut text on its own (QPainter::drawText, in
    // the painter's direction), on the whole line's baseline, aligned in the rect by its width.
    const qreal baseline = top + line.ascent();
    const QString shown = QFontMetrics(key.font).elidedText(key.text, Qt::TextElideMode(key.mode), key.width);
    QTextOption plain;
    plain.setWrapMode(QTextOption::NoWrap);
    plain.setTextDirection(painterDirection);
    plain.setAlignment(Qt::AlignLeft | Qt::AlignAbsolute);
    laid->layout.clearLayout();
    laid->layout.setText(shown);
    laid->layout.setTextOption(plain);
    const QTextLine cutLine = layOutLine(laid->layout, key.width); // not wrapped, at the left: any width will do
    const qreal room = cutLine.isValid() ? key.width - cutLine.naturalTextWidth() : 0;
    const qreal x = visual & Qt::AlignRight ? room : visual & Qt::AlignHCenter ? room / 2 : 0;
    laid->at = QPointF(x, baseline - (cutLine.isValid() ? cutLine.ascent() : line.ascent()));
    return laid;
}

bool CellTextCache::seenBefore(size_t hash)
{
    size_t &slot = m_seen[hash & (SeenSlots - 1)];
    if (slot == hash)
        return true;
    slot = hash;
    return false;
}

void CellTextCache::draw(QPainter *painter, const QRect &cell, const QRect &textRect, Qt::Alignment alignment,
                         Qt::LayoutDirection direction, const QString &text, Qt::TextElideMode mode)
{
    if (text.isEmpty())
        return;
    const Key key{text,
                  painter->font(),
                  textRect.width(),
                  textRect.height(),
                  int(alignment),
                  int(direction) * 4 + int(painter->layoutDirection()),
                  int(mode)};
    std::unique_ptr<Laid> once;
    const Laid *laid = m_texts.object(key);
    if (!laid) {
        once = layOut(key);
        laid = once.get();
        // Weighed in KiB (see the class); a text too heavy to keep many of is laid out each time.
        const int cost = 2 + int(text.size()) / 28;
        if (cost <= CapacityKiB / 16 && seenBefore(qHash(key)))
            m_texts.insert(key, once.release(), cost); // still `laid`: the newest is not the one let go
    }
    if (laid->overflows) {
        painter->save();
        painter->setClipRect(cell, Qt::IntersectClip);
    }
    laid->layout.draw(painter, textRect.topLeft() + laid->at);
    if (laid->overflows)
        painter->restore();
}
