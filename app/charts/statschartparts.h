// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What StatsChart's files share (statschart.cpp: the widget, statschartbuild.cpp: the Qt Charts
// objects it draws, statschartreadback.cpp: reading them back): object names that find an axis
// or the "No data" text again, fonts. Only those files include this.

#include <QAbstractAxis>
#include <QChart>
#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QString>

namespace StatsChartParts {
inline const QString TickAxisName = QStringLiteral("ticks");
inline const QString GroupAxisName = QStringLiteral("groups");
inline const QString CountAxisName = QStringLiteral("counts");
inline const QString NoDataName = QStringLiteral("noData");

// The bottom of the logarithmic count axis, under the first tick (1 job).
inline constexpr qreal LogFloor = 0.5;

inline QFont scaledFont(qreal factor, bool bold = false)
{
    QFont font;
    font.setPointSizeF(font.pointSizeF() * factor);
    font.setBold(bold);
    return font;
}

inline QFont tickFont()
{
    return scaledFont(0.95);
}

template<typename Axis>
Axis *findAxis(const QChart *chart, const QString &name)
{
    if (!chart)
        return nullptr;
    const auto axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        if (axis->objectName() == name)
            return qobject_cast<Axis *>(axis);
    }
    return nullptr;
}

// Centres the "No data" text on the plot area, wherever the layout put it.
inline void placeNoDataMessage(QChart *chart)
{
    const auto items = chart->childItems();
    for (QGraphicsItem *item : items) {
        auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item);
        if (!text || text->data(0).toString() != NoDataName)
            continue;
        const QRectF area = chart->plotArea();
        const QRectF box = text->boundingRect();
        text->setPos(area.center() - box.center());
    }
}
} // namespace StatsChartParts
