// SPDX-License-Identifier: GPL-3.0-or-later
#include "statschart.h"

#include "axisplan.h"
#include "chartcsv.h"
#include "durationtext.h"
#include "histogrambins.h"
#include "statschartparts.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLocale>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>

using namespace StatsChartParts;

StatsChart::StatsChart(QWidget *parent)
    : QWidget(parent)
    , m_logBox(new QCheckBox(tr("Logarithmic count axis"), this))
    , m_view(new QChartView(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(480, 300);
    m_view->setAccessibleName(tr("Chart")); // its title once it has one (setTitle)
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
    if (!title.isEmpty())
        m_view->setAccessibleName(title);
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
    m_builtForPalette = palette();
    m_chart = buildChart(width(), this, theme());
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
        labels << locale.toString(day.date, tr("MMM d", "a day on the chart's date axis: a QDate format"));
    return AxisPlan::dateLabelAngle(width, labels, tickFont());
}

void StatsChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Labels are chosen for a width; a new width may need another choice.
    if (layoutFor(width()) != m_builtForLayout)
        rebuild();
}

void StatsChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // A new palette (a dark theme chosen, the desktop's theme changed): the chart's colours are
    // its, so it is drawn again in them.
    if (event->type() == QEvent::PaletteChange && !(palette() == m_builtForPalette))
        rebuild();
}

ChartTheme StatsChart::theme() const
{
    return ChartTheme::fromPalette(palette());
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
    const QString range =
        bin == last ? tr("%1 or more").arg(lastLower)
                    : tr("%1 to under %2")
                          .arg(HistogramBins::label(bin), bin + 1 == last ? lastLower : HistogramBins::label(bin + 1));
    QStringList lines{HistogramBins::label(bin) + QStringLiteral(" (") + range + QLatin1Char(')')};
    for (const HistogramSeries &s : m_histograms) {
        const qint64 count = s.counts.value(bin);
        const qint64 total = s.total();
        const QString share =
            total > 0 ? locale.toString(100.0 * double(count) / double(total), 'f', 1) : QStringLiteral("0");
        lines << tr("%1: %Ln job(s) (%2 %)", nullptr, int(count)).arg(s.name, share);
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
    return tr("%1\n%2 jobs, mean %3").arg(d.date.toString(Qt::ISODate), locale.toString(d.count), mean);
}

QByteArray StatsChart::csv() const
{
    if (mode() == Mode::DailyTrend)
        return ChartCsv::dailyTrend(dailyTrend());
    return ChartCsv::histograms(histograms());
}

void StatsChart::paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const
{
    QGraphicsScene scene;
    QChart *chart = buildChart(size.width(), nullptr, theme);
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
