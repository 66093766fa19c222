#include "statschart.h"

#include "axisplan.h"
#include "durationtext.h"
#include "histogrambins.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPainter>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtMath>

#include <array>

namespace {
const QString TickAxisName = QStringLiteral("ticks");
const QString GroupAxisName = QStringLiteral("groups");
const QString CountAxisName = QStringLiteral("counts");
const QString NoDataName = QStringLiteral("noData");

// Colour-blind-safe (Okabe-Ito); the first series, the one compared against, is the blue.
const std::array<QRgb, 6> SeriesColors = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00};

QColor seriesColor(int index)
{
    return QColor::fromRgb(SeriesColors.at(size_t(index) % SeriesColors.size()));
}

// The bottom of the logarithmic count axis, under the first tick (1 job).
constexpr qreal LogFloor = 0.5;

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
    case HistogramBins::Unit::Seconds:
        return StatsChart::tr("seconds");
    case HistogramBins::Unit::Minutes:
        return StatsChart::tr("minutes");
    case HistogramBins::Unit::Hours:
        return StatsChart::tr("hours");
    case HistogramBins::Unit::Days:
        return StatsChart::tr("days");
    }
    return {};
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

QFont scaledFont(qreal factor, bool bold = false)
{
    QFont font;
    font.setPointSizeF(font.pointSizeF() * factor);
    font.setBold(bold);
    return font;
}

QFont tickFont()
{
    return scaledFont(0.95);
}

void placeNoDataMessage(QChart *chart)
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

void addNoDataMessage(QChart *chart, bool interactive)
{
    auto *text = new QGraphicsSimpleTextItem(StatsChart::tr("No data"), chart);
    text->setData(0, NoDataName);
    text->setFont(scaledFont(2.0, true));
    text->setBrush(QColor(0x80, 0x80, 0x80));
    text->setZValue(100);
    if (interactive)
        QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { placeNoDataMessage(chart); });
}
} // namespace

StatsChart::StatsChart(QWidget *parent)
    : QWidget(parent)
    , m_logBox(new QCheckBox(tr("Logarithmic count axis"), this))
    , m_view(new QChartView(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(480, 300);
    m_logBox->setToolTip(tr("Show counts on a logarithmic scale, so that a few slow jobs stay "
                            "visible beside many fast ones"));
    connect(m_logBox, &QCheckBox::toggled, this, &StatsChart::setLogScale);

    auto *controls = new QHBoxLayout;
    controls->addStretch();
    controls->addWidget(m_logBox);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    rebuild();
}

StatsChart::~StatsChart() = default;

void StatsChart::setLogToggleVisible(bool visible)
{
    m_logToggleWanted = visible;
    m_logBox->setVisible(m_mode == Mode::Histogram && visible);
}

void StatsChart::setTitle(const QString &title)
{
    m_title = title;
    if (m_chart)
        m_chart->setTitle(title);
}

QString StatsChart::title() const
{
    return m_title;
}

void StatsChart::setHistograms(const QList<HistogramSeries> &series)
{
    m_mode = Mode::Histogram;
    m_histograms = series;
    for (HistogramSeries &s : m_histograms)
        s.counts.resize(HistogramBins::Count);
    rebuild();
}

void StatsChart::setDailyTrend(const DailyTrendSeries &series)
{
    m_mode = Mode::DailyTrend;
    m_trend = series;
    rebuild();
}

StatsChart::Mode StatsChart::mode() const
{
    return m_mode;
}

QList<HistogramSeries> StatsChart::histograms() const
{
    return m_histograms;
}

DailyTrendSeries StatsChart::dailyTrend() const
{
    return m_trend;
}

bool StatsChart::isEmpty() const
{
    if (m_mode == Mode::DailyTrend)
        return m_trend.isEmpty();
    for (const HistogramSeries &s : m_histograms) {
        if (!s.isEmpty())
            return false;
    }
    return true;
}

void StatsChart::setLogScale(bool on)
{
    if (on == m_logScale)
        return;
    m_logScale = on;
    {
        const QSignalBlocker blocker(m_logBox);
        m_logBox->setChecked(on);
    }
    rebuild();
    emit logScaleChanged(on);
}

bool StatsChart::isLogScale() const
{
    return m_logScale;
}

void StatsChart::rebuild()
{
    // The first time, the view still shows the empty chart it made for itself: that one is
    // released by setChart like ours, so it is deleted the same way (LSan found it leaking).
    QChart *old = m_view->chart();
    m_builtForLayout = layoutFor(width());
    m_chart = buildChart(width(), this);
    m_view->setChart(m_chart);
    // The view releases but does not delete the chart it showed.
    delete old;
    // The log scale only means something for the histogram.
    m_logBox->setVisible(m_mode == Mode::Histogram && m_logToggleWanted);
}

int StatsChart::layoutFor(int width) const
{
    if (m_mode == Mode::Histogram)
        return int(AxisPlan::densityFor(width, tickFont()));
    const QLocale locale;
    QStringList labels;
    for (const DailyTrendSeries::Day &day : m_trend.days)
        labels << locale.toString(day.date, QStringLiteral("MMM d"));
    return AxisPlan::dateLabelAngle(width, labels, tickFont());
}

void StatsChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Labels are chosen for a width; a new width may need another choice.
    if (layoutFor(width()) != m_builtForLayout)
        rebuild();
}

QChart *StatsChart::buildChart(int width, StatsChart *hoverReceiver) const
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
        buildHistogram(chart, width, hoverReceiver);
    else
        buildDailyTrend(chart, width, hoverReceiver);
    if (isEmpty())
        addNoDataMessage(chart, hoverReceiver != nullptr);
    return chart;
}

void StatsChart::buildHistogram(QChart *chart, int width, StatsChart *hoverReceiver) const
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
    ticks->setGridLinePen(QPen(QColor(0xe0, 0xe0, 0xe0), 1));
    chart->addAxis(ticks, Qt::AlignBottom);

    // A second row under the ticks names the unit of each run of bins and rules a line where
    // the unit changes, so that "10" is never mistaken for seconds when it means minutes.
    auto *groups = new QCategoryAxis;
    groups->setObjectName(GroupAxisName);
    groups->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    groups->setStartValue(-0.5);
    for (int bin = 0; bin < HistogramBins::Count; ++bin) {
        const bool lastOfUnit = bin == HistogramBins::Count - 1
            || HistogramBins::unit(bin + 1) != HistogramBins::unit(bin);
        if (lastOfUnit)
            groups->append(unitGroupLabel(HistogramBins::unit(bin)), bin + 0.5);
    }
    groups->setRange(-0.5, HistogramBins::Count - 0.5);
    groups->setLabelsFont(scaledFont(1.0, true));
    groups->setGridLinePen(QPen(QColor(0x90, 0x90, 0x90), 1, Qt::DashLine));
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
        log->setMinorGridLinePen(QPen(QColor(0xf0, 0xf0, 0xf0), 1));
        counts = log;
    } else {
        counts = countAxis(qreal(max));
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
        set->setColor(seriesColor(i));
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

void StatsChart::buildDailyTrend(QChart *chart, int width, StatsChart *hoverReceiver) const
{
    const int n = int(m_trend.days.size());
    auto *dates = new QBarCategoryAxis;
    dates->setObjectName(TickAxisName);
    const QLocale locale;
    QStringList labels;
    for (const DailyTrendSeries::Day &day : m_trend.days)
        labels << locale.toString(day.date, QStringLiteral("MMM d"));
    dates->append(labels);
    dates->setLabelsFont(tickFont());
    dates->setLabelsAngle(AxisPlan::dateLabelAngle(width, labels, tickFont()));
    chart->addAxis(dates, Qt::AlignBottom);

    qint64 maxCount = 0;
    qreal maxMean = 0;
    for (const DailyTrendSeries::Day &day : m_trend.days) {
        maxCount = qMax(maxCount, day.count);
        if (day.count > 0)
            maxMean = qMax(maxMean, day.mean);
    }
    QValueAxis *counts = countAxis(qreal(maxCount));
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
    QColor barColor = seriesColor(0);
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
    const QColor lineColor = seriesColor(1);
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

void StatsChart::showToolTip(const QString &text)
{
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, m_view);
}

QString StatsChart::binToolTip(int bin) const
{
    if (bin < 0 || bin >= HistogramBins::Count)
        return {};
    const QLocale locale;
    // Bin bounds are whole units: the bins' own labels say them best, but for the last one,
    // whose label ("6 d+") is already a range.
    const int last = HistogramBins::Count - 1;
    const QString lastLower = DurationText::format(double(HistogramBins::lowerBoundSeconds(last)));
    const QString range = bin == last
        ? tr("%1 or more").arg(lastLower)
        : tr("%1 to under %2").arg(HistogramBins::label(bin), bin + 1 == last ? lastLower : HistogramBins::label(bin + 1));
    QStringList lines{HistogramBins::label(bin) + QStringLiteral(" (") + range + QLatin1Char(')')};
    for (const HistogramSeries &s : m_histograms) {
        const qint64 count = s.counts.value(bin);
        const qint64 total = s.total();
        const QString share = total > 0
            ? locale.toString(100.0 * double(count) / double(total), 'f', 1)
            : QStringLiteral("0");
        lines << (count == 1 ? tr("%1: 1 job (%2 %)").arg(s.name, share)
                             : tr("%1: %2 jobs (%3 %)").arg(s.name, locale.toString(count), share));
    }
    return lines.join(QLatin1Char('\n'));
}

QString StatsChart::dayToolTip(int day) const
{
    if (day < 0 || day >= m_trend.days.size())
        return {};
    const DailyTrendSeries::Day &d = m_trend.days.at(day);
    const QLocale locale;
    const QString mean = d.count > 0 ? DurationText::format(d.mean) : tr("none");
    if (d.count == 1)
        return tr("%1\n1 job, took %2").arg(d.date.toString(Qt::ISODate), mean);
    return tr("%1\n%2 jobs, mean %3")
        .arg(d.date.toString(Qt::ISODate), locale.toString(d.count), mean);
}

void StatsChart::paintChart(QPainter *painter, const QSize &size) const
{
    QGraphicsScene scene;
    QChart *chart = buildChart(size.width(), nullptr);
    scene.addItem(chart); // the scene owns it from here
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    // Lay out now, without an event loop: the axes and plot area must be placed for this size.
    chart->layout()->activate();
    placeNoDataMessage(chart);
    const QRectF area(QPointF(0, 0), QSizeF(size));
    scene.setSceneRect(area);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene.render(painter, area, area);
    painter->restore();
}

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
