// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychart.h"

#include "historychartdrawing.h"
#include "historycsv.h"
#include "historymarklabel.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
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

// One notch of a wheel zooms by this much; a key press by twice as much.
constexpr qreal WheelZoom = 1.25;
constexpr qreal KeyZoom = 2;
// A press that moved less than this is a click, not a drag.
constexpr int ClickSlop = 4;
} // namespace

HistoryChart::HistoryChart(QWidget *parent)
    : QWidget(parent)
    , m_view(new QChartView(this))
    , m_chart(new QChart)
{
    // The view made an empty chart of its own, which setChart releases without deleting.
    QChart *own = m_view->chart();
    m_view->setChart(m_chart);
    delete own;
    m_view->setRenderHint(QPainter::Antialiasing);
    setAccessibleName(tr("History chart"));
    setAccessibleDescription(tr("Wheel or + and - zoom, a drag or the arrows pan, Home shows the whole range; "
                                "M chooses the next mark, Enter opens a bulk run in Activity."));
    m_view->setAccessibleName(tr("History chart"));
    m_view->setRubberBand(QChartView::NoRubberBand);
    setFocusPolicy(Qt::StrongFocus);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->viewport()->installEventFilter(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        HistoryChartDrawing::setTimeRange(m_chart, m_window.fromMs(), m_window.toMs());
        HistoryChartDrawing::placeMarkLabels(m_chart, m_markLabels);
    });
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

QString HistoryChart::seriesName(const QString &figureName, const QString &label)
{
    return label.isEmpty() ? figureName : tr("%1 · %2").arg(figureName, label);
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
        // Events are per bucket: a coarse bucket's sum is shown per minute, like the minutes',
        // over the minutes it was listened to (a bucket heard for half its time is not half as busy).
        const int minutes = p.minutesListened > 0 ? p.minutesListened : p.resolutionMinutes;
        const qreal perMinute = kind == Kind::Backlog ? *value : *value / std::max(1, minutes);
        result.last().append(QPointF(qreal(p.startMs), perMinute));
        expectedNext = p.startMs + qint64(p.resolutionMinutes) * 60000;
    }
    return result;
}

void HistoryChart::show(const QList<HistoryChartSeries> &series, Kind kind, const QString &title)
{
    m_series = series;
    m_kind = kind;
    m_title = title;
    build();
}

void HistoryChart::show(const HistoryRead &read, Kind kind, qint64 fromMs, qint64 toMs, const QString &queue,
                        const QString &title)
{
    m_window.setRange(fromMs, toMs);
    show(QList<HistoryChartSeries>{HistoryChartSeries{queue, QString(), QString(), 0, read}}, kind, title);
}

void HistoryChart::build()
{
    m_chart->removeAllSeries();
    // removeAxis hands the axis back to us (removeAllSeries deletes the series itself).
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    // The mark chosen from the keyboard stays chosen through a refresh (the same time and kind).
    std::optional<HistoryMark> chosen;
    if (m_chosen >= 0 && m_chosen < m_markLabels.size())
        chosen = m_markLabels.at(m_chosen)->mark();
    qDeleteAll(m_markLabels);
    m_markLabels.clear();
    m_chosen = -1;
    HistoryChartDrawing::fill(m_chart, {m_series, m_kind, m_window.fromMs(), m_window.toMs(), m_title},
                              ChartTheme::fromPalette(palette()), &m_markLabels, this);
    for (int i = 0; chosen && i < m_markLabels.size(); ++i) {
        const HistoryMark &mark = m_markLabels.at(i)->mark();
        if (mark.timeMs == chosen->timeMs && mark.kind == chosen->kind && mark.ref == chosen->ref) {
            m_chosen = i;
            m_markLabels.at(i)->setChosen(true);
            break;
        }
    }
}

void HistoryChart::viewMoved(bool settled)
{
    HistoryChartDrawing::setTimeRange(m_chart, m_window.fromMs(), m_window.toMs());
    HistoryChartDrawing::placeMarkLabels(m_chart, m_markLabels);
    if (settled)
        emit viewChanged(m_window.fromMs(), m_window.toMs());
}

void HistoryChart::chooseMark(int step)
{
    QList<int> shown;
    for (int i = 0; i < m_markLabels.size(); ++i) {
        if (m_markLabels.at(i)->isVisible())
            shown << i;
    }
    if (m_chosen >= 0 && m_chosen < m_markLabels.size())
        m_markLabels.at(m_chosen)->setChosen(false);
    if (shown.isEmpty()) {
        m_chosen = -1;
        return;
    }
    const qsizetype at = shown.indexOf(m_chosen);
    const qsizetype next = at < 0 ? (step > 0 ? 0 : shown.size() - 1) : (at + step + shown.size()) % shown.size();
    m_chosen = shown.at(next);
    HistoryMarkLabel *label = m_markLabels.at(m_chosen);
    label->setChosen(true);
    // Said where it is, as hovering would: the keyboard's way to read a mark.
    const QPoint at2 = m_view->mapFromScene(label->mapToScene(label->boundingRect().bottomLeft()));
    QToolTip::showText(m_view->mapToGlobal(at2), label->toolTip(), this);
}

bool HistoryChart::openMark(const HistoryMarkLabel *label)
{
    if (!label || !label->isLink())
        return false;
    emit openRunRequested(label->mark().ref, label->mark().timeMs);
    return true;
}

HistoryMarkLabel *HistoryChart::labelAt(const QPoint &viewPos) const
{
    const QPointF scenePos = m_view->mapToScene(viewPos);
    for (HistoryMarkLabel *label : m_markLabels) {
        if (label->isVisible() && label->sceneBoundingRect().contains(scenePos))
            return label;
    }
    return nullptr;
}

QPoint HistoryChart::markLabelCenter(int index) const
{
    if (index < 0 || index >= m_markLabels.size() || !m_markLabels.at(index)->isVisible())
        return {};
    const HistoryMarkLabel *label = m_markLabels.at(index);
    const QPoint inView = m_view->mapFromScene(label->sceneBoundingRect().center());
    return m_view->viewport()->mapTo(this, inView);
}

QString HistoryChart::markToolTip(int index) const
{
    return index >= 0 && index < m_markLabels.size() ? m_markLabels.at(index)->toolTip() : QString();
}

bool HistoryChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_view->viewport())
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Wheel: {
        auto *wheel = static_cast<QWheelEvent *>(event);
        const int notches = wheel->angleDelta().y();
        if (notches == 0)
            return false;
        const qint64 anchor = qint64(m_chart->mapToValue(m_view->mapToScene(wheel->position().toPoint())).x());
        if (m_window.zoom(std::pow(WheelZoom, notches / 120.0), anchor))
            viewMoved(true);
        return true;
    }
    case QEvent::MouseButtonPress: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton)
            return false;
        setFocus(Qt::MouseFocusReason);
        m_dragging = true;
        m_dragMoved = false;
        m_dragStart = mouse->position().toPoint();
        m_dragFromMs = m_window.fromMs();
        m_dragToMs = m_window.toMs();
        return true;
    }
    case QEvent::MouseMove: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (!m_dragging)
            return false; // hover: the lines' and the labels' tooltips
        const int dx = mouse->position().toPoint().x() - m_dragStart.x();
        if (!m_dragMoved && std::abs(dx) < ClickSlop)
            return true;
        m_dragMoved = true;
        const qreal width = std::max<qreal>(1, m_chart->plotArea().width());
        // Dragged right, the earlier part comes into view.
        const qint64 delta = -qint64(double(dx) * double(m_dragToMs - m_dragFromMs) / width);
        if (m_window.moveTo(m_dragFromMs + delta, m_dragToMs + delta))
            viewMoved(false);
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (!m_dragging || mouse->button() != Qt::LeftButton)
            return false;
        m_dragging = false;
        if (m_dragMoved) {
            if (m_window.fromMs() != m_dragFromMs)
                viewMoved(true);
        } else {
            openMark(labelAt(mouse->position().toPoint()));
        }
        return true;
    }
    default: return false;
    }
}

void HistoryChart::keyPressEvent(QKeyEvent *event)
{
    bool moved = false;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: moved = m_window.zoom(KeyZoom); break;
    case Qt::Key_Minus: moved = m_window.zoom(1 / KeyZoom); break;
    case Qt::Key_Left: moved = m_window.pan(-m_window.spanMs() / 5); break;
    case Qt::Key_Right: moved = m_window.pan(m_window.spanMs() / 5); break;
    case Qt::Key_0:
    case Qt::Key_Home: moved = m_window.reset(); break;
    case Qt::Key_M: chooseMark(event->modifiers() & Qt::ShiftModifier ? -1 : 1); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (!openMark(m_chosen >= 0 ? m_markLabels.value(m_chosen) : nullptr)) {
            QWidget::keyPressEvent(event);
            return;
        }
        break;
    default: QWidget::keyPressEvent(event); return;
    }
    if (moved)
        viewMoved(true);
    event->accept();
}

QList<QList<QPointF>> HistoryChart::drawnRuns(const QString &figureName) const
{
    QList<QList<QPointF>> result;
    for (QAbstractSeries *series : m_chart->series()) {
        auto *line = qobject_cast<QLineSeries *>(series);
        if (line && !line->property(HistoryChartDrawing::MarkRole).toBool() && line->name() == figureName)
            result << line->points();
    }
    return result;
}

QStringList HistoryChart::drawnMarkLabels() const
{
    QStringList labels;
    for (const HistoryMarkLabel *label : m_markLabels)
        labels << label->text();
    return labels;
}

QColor HistoryChart::drawnBackground() const
{
    return m_chart->backgroundBrush().color();
}

QStringList HistoryChart::drawnLegend() const
{
    QStringList names;
    for (QLegendMarker *marker : m_chart->legend()->markers()) {
        if (marker->isVisible())
            names << marker->label();
    }
    return names;
}

QList<HistoryTimeTicks::Tick> HistoryChart::drawnTimeTicks() const
{
    QList<HistoryTimeTicks::Tick> ticks;
    if (QCategoryAxis *axis = HistoryChartDrawing::timeAxis(m_chart)) {
        for (const QString &label : axis->categoriesLabels())
            ticks << HistoryTimeTicks::Tick{qint64(axis->endValue(label)), QString(label).remove(QChar(0x200B))};
    }
    return ticks;
}

QList<qreal> HistoryChart::drawnValueTicks() const
{
    QList<qreal> ticks;
    const QList<QAbstractAxis *> axes = m_chart->axes(Qt::Vertical);
    if (const auto *axis = axes.isEmpty() ? nullptr : qobject_cast<const QValueAxis *>(axes.first())) {
        const int count = axis->tickCount();
        for (int i = 0; i < count; ++i)
            ticks << axis->min() + (axis->max() - axis->min()) * i / std::max(1, count - 1);
    }
    return ticks;
}

void HistoryChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        build();
}

void HistoryChart::paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const
{
    QGraphicsScene scene;
    auto *chart = new QChart;
    scene.addItem(chart); // the scene owns it from here
    QList<HistoryMarkLabel *> labels;
    const HistoryChartDrawing::Content content{m_series, m_kind, m_window.fromMs(), m_window.toMs(), m_title};
    HistoryChartDrawing::fill(chart, content, theme, &labels, nullptr);
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    // Laid out now, without an event loop, so that the ticks and the marks' labels find the plot.
    chart->layout()->activate();
    HistoryChartDrawing::setTimeRange(chart, content.fromMs, content.toMs);
    HistoryChartDrawing::placeMarkLabels(chart, labels);
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
    QList<HistoryCsv::QueueRead> reads;
    for (const HistoryChartSeries &series : m_series) {
        const QString queue = series.queue.isEmpty() ? QStringLiteral("all queues") : series.queue;
        reads << HistoryCsv::QueueRead{queue, series.read.points, m_series.size() > 1 ? series.csvName : QString()};
    }
    return HistoryCsv::document(reads);
}
