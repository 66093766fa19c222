// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychartdrawing.h"

#include "axisplan.h"
#include "historymarklabel.h"
#include "historytimeticks.h"

#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QDateTime>
#include <QLegendMarker>
#include <QLineSeries>
#include <QTimeZone>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace {
// Room one time label needs, "Nov 28 14:30" and its spacing.
constexpr qreal TimeLabelWidth = 95;

QString when(qint64 ms)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(ms);
    const QDateTime utc = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
    return HistoryChart::tr("%1 (%2 UTC)")
        .arg(local.toString(QStringLiteral("yyyy-MM-dd HH:mm")), utc.toString(QStringLiteral("HH:mm")));
}

void addFigures(QChart *chart, const HistoryChartDrawing::Content &content, const ChartTheme &theme,
                QAbstractAxis *time, QAbstractAxis *values, QWidget *hover, qreal *highest)
{
    const QStringList names = HistoryChart::figureNames(content.kind);
    for (int s = 0; s < content.series.size(); ++s) {
        const HistoryChartSeries &series = content.series.at(s);
        for (int i = 0; i < names.size(); ++i) {
            const QString name = HistoryChart::seriesName(names.at(i), series.label);
            const QList<QList<QPointF>> figureRuns = HistoryChart::runs(series.read.points, content.kind, i);
            for (int r = 0; r < figureRuns.size(); ++r) {
                QList<QPointF> points = figureRuns.at(r);
                for (QPointF &p : points) {
                    p.setX(p.x() + qreal(series.shiftMs));
                    *highest = std::max(*highest, p.y());
                }
                auto *line = new QLineSeries;
                line->setName(name);
                // The same colour per figure; the series compared with is dashed.
                line->setPen(QPen(theme.series(i), 2, s == 0 ? Qt::SolidLine : Qt::DashLine));
                // A run of one bucket would be no line at all: its point is drawn.
                line->setPointsVisible(points.size() == 1);
                line->replace(points);
                chart->addSeries(line);
                line->attachAxis(time);
                line->attachAxis(values);
                // One legend entry per figure and series, however many runs the gaps cut it into.
                if (r > 0)
                    chart->legend()->markers(line).first()->setVisible(false);
                if (!hover)
                    continue;
                QObject::connect(line, &QLineSeries::hovered, hover,
                                 [name, shift = series.shiftMs](const QPointF &p, bool state) {
                                     if (state)
                                         QToolTip::showText(QCursor::pos(), HistoryChart::tr("%1\n%2: %3")
                                                                                .arg(when(qint64(p.x()) - shift), name)
                                                                                .arg(p.y()));
                                 });
            }
        }
    }
}
} // namespace

namespace HistoryChartDrawing {

void fill(QChart *chart, const Content &content, const ChartTheme &theme, QList<HistoryMarkLabel *> *labels,
          QWidget *hover)
{
    chart->setTitle(content.title);
    chart->setBackgroundBrush(theme.background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(theme.text);
    chart->legend()->setLabelColor(theme.text);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Line-shaped markers in each line's own pen: a compared series' dashes show in the legend.
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);

    auto *time = new QCategoryAxis;
    time->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    auto *values = new QValueAxis;
    values->setLabelFormat(QStringLiteral("%.0f"));
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(time), static_cast<QAbstractAxis *>(values)}) {
        axis->setLabelsBrush(theme.text);
        axis->setLinePenColor(theme.axisLine);
        axis->setGridLinePen(QPen(theme.grid, 1));
    }
    chart->addAxis(time, Qt::AlignBottom);
    chart->addAxis(values, Qt::AlignLeft);
    setTimeRange(chart, content.fromMs, content.toMs);

    qreal highest = 0;
    addFigures(chart, content, theme, time, values, hover, &highest);
    // Whole counts at 1-2-5 steps; rates of coarse buckets are fractions of these.
    const AxisPlan::Scale scale = AxisPlan::countScale(highest);
    values->setRange(0, scale.max());
    values->setTickCount(scale.intervals + 1);

    // Marks belong to the server, not to a queue: those of the period shown (the first series).
    const QList<HistoryMark> marks =
        content.series.isEmpty() ? QList<HistoryMark>() : content.series.first().read.marks;
    for (const HistoryMark &mark : marks) {
        auto *rule = new QLineSeries;
        rule->setProperty(MarkRole, true);
        rule->setName(mark.text);
        rule->setPen(QPen(theme.muted, 1, Qt::DashLine));
        rule->append(qreal(mark.timeMs), 0);
        rule->append(qreal(mark.timeMs), scale.max());
        chart->addSeries(rule);
        rule->attachAxis(time);
        rule->attachAxis(values);
        chart->legend()->markers(rule).first()->setVisible(false);
        auto *label = new HistoryMarkLabel(mark, theme.background, chart);
        // A bulk run's label is a link: in the text's colour, underlined; the others muted.
        label->setBrush(label->isLink() ? theme.text : theme.muted);
        label->setZValue(10);
        *labels << label;
    }
    placeMarkLabels(chart, *labels);
}

QCategoryAxis *timeAxis(const QChart *chart)
{
    const QList<QAbstractAxis *> axes = chart->axes(Qt::Horizontal);
    return axes.isEmpty() ? nullptr : qobject_cast<QCategoryAxis *>(axes.first());
}

void setTimeRange(QChart *chart, qint64 fromMs, qint64 toMs)
{
    QCategoryAxis *axis = timeAxis(chart);
    if (!axis)
        return;
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    const qreal width = chart->plotArea().width() > 0 ? chart->plotArea().width() : AxisPlan::plotWidth(900);
    const int fit = std::max(2, int(width / TimeLabelWidth));
    // A category ends where its label stands; the first must end after the axis' start.
    axis->setStartValue(qreal(fromMs) - 1);
    QStringList used;
    for (const HistoryTimeTicks::Tick &tick : HistoryTimeTicks::ticks(fromMs, toMs, fit)) {
        // The axis keys categories by label: a time of day seen on two days is made distinct by
        // an invisible zero-width space per repeat, not by printing the date on every tick.
        QString label = tick.label;
        while (used.contains(label))
            label += QChar(0x200B);
        used << label;
        axis->append(label, qreal(tick.ms));
    }
    axis->setRange(qreal(fromMs), qreal(toMs));
}

void placeMarkLabels(QChart *chart, const QList<HistoryMarkLabel *> &labels)
{
    const QRectF plot = chart->plotArea();
    // Labels of close marks are staggered down so that they do not print over one another; a
    // label that would run past the plot's right edge stands left of its rule instead.
    qreal lastRight = -1e9;
    int row = 0;
    for (HistoryMarkLabel *label : labels) {
        const QPointF at = chart->mapToPosition(QPointF(qreal(label->mark().timeMs), 0));
        const qreal width = label->boundingRect().width();
        const qreal left = at.x() + 4 + width > plot.right() ? at.x() - 4 - width : at.x() + 4;
        row = left < lastRight ? row + 1 : 0;
        label->setVisible(plot.contains(QPointF(at.x(), plot.center().y())));
        label->setPos(left, plot.top() + 4 + row * (label->boundingRect().height() + 1));
        lastRight = left + width;
    }
}

} // namespace HistoryChartDrawing
