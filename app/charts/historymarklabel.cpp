// SPDX-License-Identifier: GPL-3.0-or-later
#include "historymarklabel.h"

#include <QCursor>
#include <QDateTime>
#include <QPainter>
#include <QTimeZone>

namespace {
constexpr qreal Pad = 2;
} // namespace

HistoryMarkLabel::HistoryMarkLabel(const HistoryMark &mark, const QColor &background, QGraphicsItem *parent)
    : QGraphicsSimpleTextItem(mark.text, parent)
    , m_mark(mark)
    , m_background(background)
{
    setToolTip(describe(mark));
    if (isLink()) {
        QFont linkFont = font();
        linkFont.setUnderline(true);
        setFont(linkFont);
        setCursor(QCursor(Qt::PointingHandCursor));
    }
    setAcceptHoverEvents(true);
}

QString HistoryMarkLabel::kindText(HistoryMark::Kind kind)
{
    switch (kind) {
    case HistoryMark::Kind::Reconnect: return tr("Reconnected");
    case HistoryMark::Kind::Pause: return tr("Queue paused");
    case HistoryMark::Kind::Unpause: return tr("Queue unpaused");
    case HistoryMark::Kind::ConfigChange: return tr("Config changed");
    case HistoryMark::Kind::BulkRun: return tr("Bulk run");
    }
    return QString();
}

QString HistoryMarkLabel::describe(const HistoryMark &mark)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(mark.timeMs);
    const QDateTime utc = QDateTime::fromMSecsSinceEpoch(mark.timeMs, QTimeZone::utc());
    QString text = tr("%1 at %2 (%3 UTC)")
                       .arg(kindText(mark.kind), local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                            utc.toString(QStringLiteral("HH:mm:ss")));
    if (!mark.text.isEmpty())
        text += QLatin1Char('\n') + mark.text;
    if (mark.kind == HistoryMark::Kind::BulkRun && !mark.ref.isEmpty())
        text += QLatin1Char('\n') + tr("Run %1: click, or Enter, to open it in Activity").arg(mark.ref);
    return text;
}

void HistoryMarkLabel::setChosen(bool chosen)
{
    if (chosen == m_chosen)
        return;
    prepareGeometryChange();
    m_chosen = chosen;
    update();
}

QRectF HistoryMarkLabel::boundingRect() const
{
    return QGraphicsSimpleTextItem::boundingRect().adjusted(-Pad, -Pad, Pad, Pad);
}

void HistoryMarkLabel::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget)
{
    QColor box = m_background;
    box.setAlpha(225);
    const QRectF area = boundingRect();
    painter->fillRect(area, box);
    if (m_chosen) {
        painter->setPen(QPen(brush().color(), 1.5));
        painter->drawRect(area.adjusted(0.75, 0.75, -0.75, -0.75));
    }
    QGraphicsSimpleTextItem::paint(painter, option, widget);
}
