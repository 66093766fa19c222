// SPDX-License-Identifier: GPL-3.0-or-later
#include "elidedlabel.h"

#include <QEvent>
#include <QResizeEvent>

namespace {
// Enough to tell one server from another at a glance ("prod-redi…6379").
constexpr int MinimumCharacters = 14;
} // namespace

ElidedLabel::ElidedLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
}

void ElidedLabel::setFullText(const QString &text)
{
    m_full = text;
    setToolTip(text);
    updateGeometry();
    elide();
}

int ElidedLabel::margins() const
{
    return contentsMargins().left() + contentsMargins().right() + 2 * margin();
}

QSize ElidedLabel::sizeHint() const
{
    // The whole text: what the layout gives when there is room.
    return {fontMetrics().horizontalAdvance(m_full) + margins(), QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    const int few = fontMetrics().averageCharWidth() * MinimumCharacters + margins();
    return {qMin(sizeHint().width(), few), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        elide();
    }
}

void ElidedLabel::elide()
{
    const int room = contentsRect().width() - 2 * margin();
    const QString shown = fontMetrics().horizontalAdvance(m_full) <= room
                              ? m_full
                              : fontMetrics().elidedText(m_full, Qt::ElideMiddle, room);
    // Set only when it changes: QLabel::setText asks the layout again.
    if (shown != text())
        setText(shown);
}
