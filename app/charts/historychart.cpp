// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychart.h"

#include "axisplan.h"
#include "historycsv.h"

#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QTimeZone>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <optional>

namespace {
// A figure's value in a point, or nothing where it is unknown there.
std::optional<qreal> figure(const HistoryPoint &p, HistoryChart::Kind kind, int index)
{
    switch (kind) {
    case HistoryChart::Kind::Throughput:
        if (!p.hasEvents)
            return std::nullopt;
        return index == 0 ? qreal(p.completed) : qreal(p.failed);
    case HistoryChart::Kind::Backlog:
        if (!p.hasCounts)
            return std::nullopt;
        return index == 0 ? p.waiting : index == 1 ? p.scheduled : index == 2 ? p.running : p.stalled;
    case HistoryChart::Kind::Failures:
        if (!p.hasEvents)
            return std::nullopt;
        return index == 0 ? qreal(p.failed) : qreal(p.timedOut);
    }
    return std::nullopt;
}

const char *const MarkRole = "historyMark";
} // namespace

HistoryChart::HistoryChart(QWidget *parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
{
    m_view->setChart(m_chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    setAccessibleName(tr("History chart"));
    m_view->setAccessibleName(tr("History chart"));
    m_view->setRubberBand(QChartView::HorizontalRubberBand);
    setFocusPolicy(Qt::StrongFocus);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeMarkLabels(m_chart, m_markLabels); });
    build();
}

QStringList HistoryChart::figureNames(Kind kind)
{
    switch (kind) {
    case Kind::Throughput: return {tr("completed / min"), tr("failed / min")};
    case Kind::Backlog: return {tr("waiting"), tr("scheduled"), tr("running"), tr("stalled")};
    case Kind::Failures: return {tr("failed / min"), tr("timed out / min")};
    }
    return {};
}

QList<QList<QPointF>> HistoryChart::runs(const QList<HistoryPoint> &points, Kind kind, int index)
{
    QList<QList<QPointF>> result;
    qint64 expectedNext = -1;
    for (const HistoryPoint &p : points) {
        const std::optional<qreal> value = figure(p, kind, index);
        if (!value) {
            expectedNext = -1;
            continue;
        }
        if (p.startMs != expectedNext || result.isEmpty())
            result.append(QList<QPointF>());
        // Events are per bucket: a coarse bucket's sum is shown per minute, like the minutes'.
        const qreal perMinute = kind == Kind::Backlog ? *value : *value / std::max(1, p.resolutionMinutes);
        result.last().append(QPointF(qreal(p.startMs), perMinute));
        expectedNext = p.startMs + qint64(p.resolutionMinutes) * 60000;
    }
    return result;
}

void HistoryChart::show(const HistoryRead &read, Kind kind, qint64 fromMs, qint64 toMs, const QString &queue,
                        const QString &title)
{
    m_queue = queue;
    m_read = read;
    m_kind = kind;
    m_fromMs = fromMs;
    m_toMs = toMs;
    m_title = title;
    build();
}

void HistoryChart::build()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes())
        m_chart->removeAxis(axis);
    qDeleteAll(m_markLabels);
    m_markLabels.clear();
    fill(m_chart, ChartTheme::fromPalette(palette()), &m_markLabels, true);
}

void HistoryChart::fill(QChart *chart, const ChartTheme &theme, QList<QGraphicsSimpleTextItem *> *labels,
                        bool interactive) const
{

    chart->setTitle(m_title);
    chart->setBackgroundBrush(theme.background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setTitleBrush(theme.text);
    chart->legend()->setLabelColor(theme.text);
    chart->legend()->setAlignment(Qt::AlignBottom);

    auto *time = new QDateTimeAxis;
    const bool days = m_toMs - m_fromMs > qint64(2) * 86400000;
    time->setFormat(days ? QStringLiteral("MMM d") : QStringLiteral("HH:mm"));
    time->setRange(QDateTime::fromMSecsSinceEpoch(m_fromMs), QDateTime::fromMSecsSinceEpoch(m_toMs));
    time->setTickCount(7);
    auto *values = new QValueAxis;
    values->setLabelFormat(m_kind == Kind::Backlog ? QStringLiteral("%.0f") : QStringLiteral("%.4g"));
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(time), static_cast<QAbstractAxis *>(values)}) {
        axis->setLabelsBrush(theme.text);
        axis->setLinePenColor(theme.axisLine);
        axis->setGridLinePen(QPen(theme.grid, 1));
    }
    chart->addAxis(time, Qt::AlignBottom);
    if (interactive)
        connect(time, &QDateTimeAxis::rangeChanged, this, [chart, labels] { placeMarkLabels(chart, *labels); });
    chart->addAxis(values, Qt::AlignLeft);

    qreal highest = 0;
    const QStringList names = figureNames(m_kind);
    for (int i = 0; i < names.size(); ++i) {
        const QList<QList<QPointF>> figureRuns = runs(m_read.points, m_kind, i);
        for (int r = 0; r < figureRuns.size(); ++r) {
            auto *line = new QLineSeries;
            line->setName(names.at(i));
            line->setPen(QPen(theme.series(i), 2));
            // A run of one bucket would be no line at all: its point is drawn.
            line->setPointsVisible(figureRuns.at(r).size() == 1);
            line->replace(figureRuns.at(r));
            for (const QPointF &p : figureRuns.at(r))
                highest = std::max(highest, p.y());
            chart->addSeries(line);
            line->attachAxis(time);
            line->attachAxis(values);
            // One legend entry per figure, however many runs the gaps cut it into.
            if (r > 0)
                chart->legend()->markers(line).first()->setVisible(false);
            if (interactive)
                connect(line, &QLineSeries::hovered, this, [this, name = names.at(i)](const QPointF &p, bool state) {
                    if (!state)
                        return;
                    const QString when = QDateTime::fromMSecsSinceEpoch(qint64(p.x()), QTimeZone::utc())
                                             .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
                    QToolTip::showText(QCursor::pos(), tr("%1\n%2: %3").arg(when, name).arg(p.y()));
                });
        }
    }
    const AxisPlan::Scale scale = AxisPlan::countScale(highest);
    values->setRange(0, scale.max());
    values->setTickCount(scale.intervals + 1);

    for (const HistoryMark &mark : std::as_const(m_read.marks)) {
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
        auto *label = new QGraphicsSimpleTextItem(mark.text, chart);
        label->setBrush(theme.muted);
        label->setData(0, qreal(mark.timeMs));
        *labels << label;
    }
    placeMarkLabels(chart, *labels);
}

void HistoryChart::placeMarkLabels(QChart *chart, const QList<QGraphicsSimpleTextItem *> &labels)
{
    const QRectF plot = chart->plotArea();
    // Labels of close marks are staggered down so that they do not print over one another.
    qreal lastRight = -1e9;
    int row = 0;
    for (QGraphicsSimpleTextItem *label : labels) {
        const QPointF at = chart->mapToPosition(QPointF(label->data(0).toReal(), 0));
        row = at.x() + 3 < lastRight ? row + 1 : 0;
        label->setVisible(plot.contains(QPointF(at.x(), plot.center().y())));
        label->setPos(at.x() + 3, plot.top() + 2 + row * label->boundingRect().height());
        lastRight = at.x() + 3 + label->boundingRect().width();
    }
}

QList<QList<QPointF>> HistoryChart::drawnRuns(const QString &figureName) const
{
    QList<QList<QPointF>> result;
    for (QAbstractSeries *series : m_chart->series()) {
        auto *line = qobject_cast<QLineSeries *>(series);
        if (line && !line->property(MarkRole).toBool() && line->name() == figureName)
            result << line->points();
    }
    return result;
}

QStringList HistoryChart::drawnMarkLabels() const
{
    QStringList labels;
    for (const QGraphicsSimpleTextItem *label : m_markLabels)
        labels << label->text();
    return labels;
}

QColor HistoryChart::drawnBackground() const
{
    return m_chart->backgroundBrush().color();
}

void HistoryChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        build();
}

void HistoryChart::keyPressEvent(QKeyEvent *event)
{
    const qreal step = m_chart->plotArea().width() / 10;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: m_chart->zoom(1.5); break;
    case Qt::Key_Minus: m_chart->zoom(1 / 1.5); break;
    case Qt::Key_Left: m_chart->scroll(-step, 0); break;
    case Qt::Key_Right: m_chart->scroll(step, 0); break;
    case Qt::Key_0:
    case Qt::Key_Home: m_chart->zoomReset(); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void HistoryChart::paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const
{
    QGraphicsScene scene;
    auto *chart = new QChart;
    scene.addItem(chart); // the scene owns it from here
    QList<QGraphicsSimpleTextItem *> labels;
    fill(chart, theme, &labels, false);
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    // Laid out now, without an event loop, so that the marks' labels find the plot area.
    chart->layout()->activate();
    placeMarkLabels(chart, labels);
    const QRectF area(QPointF(0, 0), QSizeF(size));
    scene.setSceneRect(area);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene.render(painter, area, area);
    painter->restore();
}

QByteArray HistoryChart::csv() const
{
    // Not translated: a CSV's cells are read by scripts, like its header.
    const QString queue = m_queue.isEmpty() ? QStringLiteral("all queues") : m_queue;
    return HistoryCsv::document({HistoryCsv::QueueRead{queue, m_read.points}});
}
