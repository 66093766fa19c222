// SPDX-License-Identifier: GPL-3.0-or-later
#include "statschart.h"

#include "axisplan.h"
#include "charttheme.h"
#include "durationtext.h"
#include "histogrambins.h"
#include "statschartparts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QtMath>

// StatsChart's drawing: the Qt Charts objects of a histogram or a strip of days, laid out for a
// width (statschart.h). Rebuilt whole on every change; exports build their own.

using namespace StatsChartParts;

namespace {
QValueAxis *countAxis(qreal max)
{
    auto *axis = new QValueAxis;
    const AxisPlan::Scale scale = AxisPlan::countScale(max);
    axis->setRange(0, scale.max());
    axis->setTickCount(scale.intervals + 1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    return axis;
}

QString unitGroupLabel(HistogramBins::Unit unit)
{
    switch (unit) {
    case HistogramBins::Unit::Seconds: return StatsChart::tr("seconds");
    case HistogramBins::Unit::Minutes: return StatsChart::tr("minutes");
    case HistogramBins::Unit::Hours: return StatsChart::tr("hours");
    case HistogramBins::Unit::Days: return StatsChart::tr("days");
    }
    return {};
}

void addNoDataMessage(QChart *chart, bool interactive, const ChartTheme &theme)
{
    auto *text = new QGraphicsSimpleTextItem(StatsChart::tr("No data"), chart);
    text->setData(0, NoDataName);
    text->setFont(scaledFont(2.0, true));
    text->setBrush(theme.muted);
    text->setZValue(100);
    if (interactive)
        QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { placeNoDataMessage(chart); });
}

// Title, legend and every axis' labels, titles and lines in the theme's colours; the grids are
// set where the axes are made, since which axes have grids is theirs to say.
void applyTheme(QChart *chart, const ChartTheme &theme)
{
    chart->setBackgroundBrush(theme.background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(theme.text);
    chart->legend()->setLabelColor(theme.text);
    const auto axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsColor(theme.text);
        axis->setTitleBrush(theme.text);
        axis->setLinePenColor(theme.axisLine);
    }
}
} // namespace

QChart *StatsChart::buildChart(int width, StatsChart *hoverReceiver, const ChartTheme &theme) const
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(m_title);
    chart->setTitleFont(scaledFont(1.35, true));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(scaledFont(1.05));
    chart->setBackgroundRoundness(0);
    // Room on the right for the last tick label, centred on the last bin.
    chart->setMargins(QMargins(10, 10, 24, 10));
    if (m_mode == Mode::Histogram)
        buildHistogram(chart, width, hoverReceiver, theme);
    else
        buildDailyTrend(chart, width, hoverReceiver, theme);
    applyTheme(chart, theme);
    if (isEmpty())
        addNoDataMessage(chart, hoverReceiver != nullptr, theme);
    return chart;
}

void StatsChart::buildHistogram(QChart *chart, int width, StatsChart *hoverReceiver, const ChartTheme &theme) const
{
    const AxisPlan::Density density = AxisPlan::densityFor(width, tickFont());
    auto *ticks = new QCategoryAxis;
    ticks->setObjectName(TickAxisName);
    ticks->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    ticks->setStartValue(-0.5);
    for (int bin = 0; bin < HistogramBins::Count; ++bin) {
        if (AxisPlan::isTickBin(bin, density))
            ticks->append(HistogramBins::label(bin), bin);
    }
    ticks->setRange(-0.5, HistogramBins::Count - 0.5);
    ticks->setLabelsFont(tickFont());
    ticks->setGridLinePen(QPen(theme.grid, 1));
    chart->addAxis(ticks, Qt::AlignBottom);

    // A second row under the ticks names the unit of each run of bins and rules a line where
    // the unit changes, so that "10" is never mistaken for seconds when it means minutes.
    auto *groups = new QCategoryAxis;
    groups->setObjectName(GroupAxisName);
    groups->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    groups->setStartValue(-0.5);
    for (int bin = 0; bin < HistogramBins::Count; ++bin) {
        const bool lastOfUnit =
            bin == HistogramBins::Count - 1 || HistogramBins::unit(bin + 1) != HistogramBins::unit(bin);
        if (lastOfUnit)
            groups->append(unitGroupLabel(HistogramBins::unit(bin)), bin + 0.5);
    }
    groups->setRange(-0.5, HistogramBins::Count - 0.5);
    groups->setLabelsFont(scaledFont(1.0, true));
    groups->setGridLinePen(QPen(theme.unitRule, 1, Qt::DashLine));
    groups->setLineVisible(false);
    chart->addAxis(groups, Qt::AlignBottom);

    qint64 max = 0;
    for (const HistogramSeries &s : m_histograms) {
        for (qint64 c : s.counts)
            max = qMax(max, c);
    }
    QAbstractAxis *counts = nullptr;
    if (m_logScale) {
        auto *log = new QLogValueAxis;
        log->setBase(10);
        log->setLabelFormat(QStringLiteral("%g"));
        // Zero counts have no logarithm: they sit below the axis and draw nothing.
        log->setRange(LogFloor, qMax<qreal>(10, qPow(10, qCeil(std::log10(qMax<qint64>(max, 1)) + 0.01))));
        log->setMinorTickCount(8);
        log->setGridLinePen(QPen(theme.grid, 1));
        log->setMinorGridLinePen(QPen(theme.minorGrid, 1));
        counts = log;
    } else {
        counts = countAxis(qreal(max));
        counts->setGridLinePen(QPen(theme.grid, 1));
    }
    counts->setObjectName(CountAxisName);
    counts->setTitleText(tr("jobs"));
    // Shown even when empty: without it the plot's left edge would hide the "0 s" label.
    counts->setLabelsFont(scaledFont(0.95));
    chart->addAxis(counts, Qt::AlignLeft);

    // One bar series with a set per compared series: Qt Charts puts the sets side by side within
    // each bin, so none hides another.
    auto *bars = new QBarSeries;
    bars->setBarWidth(1.0);
    for (int i = 0; i < m_histograms.size(); ++i) {
        const HistogramSeries &s = m_histograms.at(i);
        const bool noData = s.isEmpty() && m_histograms.size() > 1;
        auto *set = new QBarSet(noData ? tr("%1 (no data)").arg(s.name) : s.name);
        for (qint64 c : s.counts) {
            // Zero has no logarithm: on the log axis an empty bin sits on the floor, drawing nothing.
            set->append(m_logScale && c <= 0 ? LogFloor : qreal(c));
        }
        set->setColor(theme.series(i));
        set->setBorderColor(Qt::transparent);
        bars->append(set);
        if (hoverReceiver) {
            connect(set, &QBarSet::hovered, hoverReceiver, [hoverReceiver](bool on, int bin) {
                hoverReceiver->showToolTip(on ? hoverReceiver->binToolTip(bin) : QString());
            });
        }
    }
    chart->addSeries(bars);
    bars->attachAxis(ticks);
    bars->attachAxis(counts);
}

void StatsChart::buildDailyTrend(QChart *chart, int width, StatsChart *hoverReceiver, const ChartTheme &theme) const
{
    const int n = int(m_trend.days.size());
    auto *dates = new QBarCategoryAxis;
    dates->setObjectName(TickAxisName);
    const QLocale locale;
    QStringList labels;
    for (const DailyTrendSeries::Day &day : m_trend.days)
        labels << locale.toString(day.date, tr("MMM d", "a day on the chart's date axis: a QDate format"));
    dates->append(labels);
    dates->setLabelsFont(tickFont());
    dates->setLabelsAngle(AxisPlan::dateLabelAngle(width, labels, tickFont()));
    dates->setGridLinePen(QPen(theme.grid, 1));
    chart->addAxis(dates, Qt::AlignBottom);

    qint64 maxCount = 0;
    qreal maxMean = 0;
    for (const DailyTrendSeries::Day &day : m_trend.days) {
        maxCount = qMax(maxCount, day.count);
        if (day.count > 0)
            maxMean = qMax(maxMean, day.mean);
    }
    QValueAxis *counts = countAxis(qreal(maxCount));
    counts->setGridLinePen(QPen(theme.grid, 1));
    counts->setObjectName(CountAxisName);
    counts->setTitleText(tr("jobs per day"));
    // An empty strip has no scale to show; "No data" says it all.
    counts->setVisible(!isEmpty());
    counts->setLabelsFont(scaledFont(0.95));
    chart->addAxis(counts, Qt::AlignLeft);

    // Means are durations: ticks at round durations, labelled as an operator says them.
    auto *means = new QCategoryAxis;
    means->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const AxisPlan::Scale scale = AxisPlan::durationScale(maxMean);
    means->setStartValue(0);
    for (int i = 1; i <= scale.intervals; ++i)
        means->append(DurationText::format(i * scale.step), i * scale.step);
    means->setRange(0, scale.max());
    means->setTitleText(tr("mean time"));
    means->setLabelsFont(scaledFont(0.95));
    means->setGridLineVisible(false);
    means->setVisible(!isEmpty());
    chart->addAxis(means, Qt::AlignRight);

    auto *set = new QBarSet(tr("%1: jobs").arg(m_trend.name));
    for (const DailyTrendSeries::Day &day : m_trend.days)
        set->append(qreal(day.count));
    QColor barColor = theme.series(0);
    barColor.setAlpha(170);
    set->setColor(barColor);
    set->setBorderColor(Qt::transparent);
    auto *bars = new QBarSeries;
    bars->setBarWidth(0.7);
    bars->append(set);
    chart->addSeries(bars);
    bars->attachAxis(dates);
    bars->attachAxis(counts);

    // The dots are the means; lines join consecutive days only. A day without jobs has no mean,
    // and a line across it would claim one.
    const QColor lineColor = theme.series(1);
    auto *dots = new QScatterSeries;
    dots->setName(tr("%1: mean time").arg(m_trend.name));
    dots->setColor(lineColor);
    dots->setBorderColor(lineColor);
    dots->setMarkerSize(9);
    QLineSeries *line = nullptr;
    for (int i = 0; i < n; ++i) {
        const DailyTrendSeries::Day &day = m_trend.days.at(i);
        if (day.count <= 0) {
            line = nullptr;
            continue;
        }
        dots->append(i, day.mean);
        if (!line) {
            line = new QLineSeries;
            line->setPen(QPen(lineColor, 2.5));
            chart->addSeries(line);
            line->attachAxis(dates);
            line->attachAxis(means);
            chart->legend()->markers(line).constFirst()->setVisible(false);
        }
        line->append(i, day.mean);
    }
    chart->addSeries(dots);
    dots->attachAxis(dates);
    dots->attachAxis(means);

    if (hoverReceiver) {
        connect(set, &QBarSet::hovered, hoverReceiver, [hoverReceiver](bool on, int day) {
            hoverReceiver->showToolTip(on ? hoverReceiver->dayToolTip(day) : QString());
        });
        connect(dots, &QScatterSeries::hovered, hoverReceiver, [hoverReceiver](const QPointF &point, bool on) {
            hoverReceiver->showToolTip(on ? hoverReceiver->dayToolTip(qRound(point.x())) : QString());
        });
    }
}
