// SPDX-License-Identifier: GPL-3.0-or-later
#include "ratesparkline.h"

#include "themecolors.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

RateSparkline::RateSparkline(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Events per second over the last minute"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void RateSparkline::setSeries(const QList<int> &perSecond)
{
    if (perSecond == m_series)
        return;
    m_series = perSecond;
    setAccessibleDescription(tr("Highest: %1 a second").arg(QLocale().toString(peak())));
    update();
}

int RateSparkline::peak() const
{
    return m_series.isEmpty() ? 0 : *std::max_element(m_series.cbegin(), m_series.cend());
}

void RateSparkline::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF area = QRectF(rect()).adjusted(1, 2, -1, -2);
    // A baseline even when nothing came: an empty minute is worth seeing as such.
    painter.setPen(QPen(ThemeColors::text(ThemeColors::Tone::Muted), 1));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    if (m_series.size() < 2)
        return;
    const double top = qMax(1, peak());
    const double step = area.width() / double(m_series.size() - 1);
    QPainterPath line;
    for (int i = 0; i < m_series.size(); ++i) {
        const QPointF point(area.left() + step * i, area.bottom() - area.height() * m_series.at(i) / top);
        if (i == 0)
            line.moveTo(point);
        else
            line.lineTo(point);
    }
    const QColor colour = ThemeColors::text(ThemeColors::Tone::Info);
    QPainterPath fill = line;
    fill.lineTo(area.bottomRight());
    fill.lineTo(area.bottomLeft());
    fill.closeSubpath();
    QColor shade = colour;
    shade.setAlphaF(0.25f);
    painter.fillPath(fill, shade);
    painter.setPen(QPen(colour, 1.5));
    painter.drawPath(line);
}
