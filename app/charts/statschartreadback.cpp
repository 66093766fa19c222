// SPDX-License-Identifier: GPL-3.0-or-later
#include "statschart.h"

#include "statschartparts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsItem>
#include <QLogValueAxis>
#include <QScatterSeries>

// StatsChart read back from the Qt Charts objects it drew (tests, accessibility): what a reader
// sees, not what was asked for.

using namespace StatsChartParts;

namespace {
// The data series a reader sees, in legend order: each bar set, then the mean dots. The line
// segments joining the dots are decoration.
struct DrawnSeries
{
    QString name;
    QVector<qreal> values;
};

QList<DrawnSeries> drawnSeries(const QChart *chart)
{
    QList<DrawnSeries> out;
    const auto series = chart->series();
    for (QAbstractSeries *s : series) {
        if (auto *bars = qobject_cast<QBarSeries *>(s)) {
            const auto sets = bars->barSets();
            for (const QBarSet *set : sets) {
                DrawnSeries d{set->label(), {}};
                for (int v = 0; v < set->count(); ++v)
                    d.values << set->at(v);
                out << d;
            }
        }
    }
    for (QAbstractSeries *s : series) {
        if (auto *dots = qobject_cast<QScatterSeries *>(s)) {
            DrawnSeries d{dots->name(), {}};
            const auto points = dots->points();
            for (const QPointF &p : points)
                d.values << p.y();
            out << d;
        }
    }
    return out;
}
} // namespace

int StatsChart::drawnSeriesCount() const
{
    return int(drawnSeries(m_chart).size());
}

QStringList StatsChart::drawnSeriesNames() const
{
    QStringList names;
    const auto all = drawnSeries(m_chart);
    for (const DrawnSeries &d : all)
        names << d.name;
    return names;
}

QVector<qreal> StatsChart::drawnValues(int index) const
{
    return drawnSeries(m_chart).value(index).values;
}

QStringList StatsChart::tickLabels() const
{
    if (auto *axis = findAxis<QCategoryAxis>(m_chart, TickAxisName))
        return axis->categoriesLabels();
    if (auto *axis = findAxis<QBarCategoryAxis>(m_chart, TickAxisName))
        return axis->categories();
    return {};
}

QStringList StatsChart::groupLabels() const
{
    if (auto *axis = findAxis<QCategoryAxis>(m_chart, GroupAxisName))
        return axis->categoriesLabels();
    return {};
}

bool StatsChart::countAxisIsLogarithmic() const
{
    return findAxis<QLogValueAxis>(m_chart, CountAxisName) != nullptr;
}

QPoint StatsChart::barPosition(int series, int index) const
{
    const auto all = m_chart->series();
    for (QAbstractSeries *s : all) {
        auto *bars = qobject_cast<QBarSeries *>(s);
        if (!bars || series >= bars->count())
            continue;
        // Qt Charts puts a bin's sets side by side, each an equal share of the bar width.
        const int sets = bars->count();
        const qreal x = index - bars->barWidth() / 2 + bars->barWidth() * (series + 0.5) / sets;
        const qreal y = bars->barSets().at(series)->at(index);
        const QPointF top = m_chart->mapToPosition(QPointF(x, y), bars);
        const QPointF bottom = m_chart->mapToPosition(QPointF(x, 0), bars);
        const QPointF middle(top.x(), qMin((top.y() + qMin(bottom.y(), m_chart->plotArea().bottom())) / 2,
                                           m_chart->plotArea().bottom() - 1));
        return m_view->mapTo(this, m_view->mapFromScene(m_chart->mapToScene(middle)));
    }
    return {};
}

bool StatsChart::showsNoDataMessage() const
{
    const auto items = m_chart->childItems();
    for (QGraphicsItem *item : items) {
        if (item->data(0).toString() == NoDataName && item->isVisible())
            return true;
    }
    return false;
}

QColor StatsChart::drawnBackground() const
{
    return m_chart->backgroundBrush().color();
}

QColor StatsChart::drawnTitleColor() const
{
    return m_chart->titleBrush().color();
}

QColor StatsChart::drawnSeriesColor(int index) const
{
    const auto all = m_chart->series();
    for (QAbstractSeries *s : all) {
        if (auto *bars = qobject_cast<QBarSeries *>(s)) {
            if (index < bars->count())
                return bars->barSets().at(index)->color();
            index -= bars->count();
        }
    }
    return {};
}
