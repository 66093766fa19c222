// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"
#include "dailytrendseries.h"
#include "exportablechart.h"
#include "histogramseries.h"

#include <QList>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QChart;
class QChartView;
class QCheckBox;
class QPainter;

// The one chart of the Stats page: either the 148-bin histogram of one or more series overlaid on
// the same axes, or the strip of the last N days for a queue. Its files (statschart*.cpp) are the
// only ones that include Qt Charts (deprecated in later Qt): swapping the drawing library means
// rewriting this class alone. Everything else talks to it in HistogramSeries and DailyTrendSeries.
class StatsChart final : public QWidget, public ExportableChart
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatsChart)

public:
    enum class Mode { Histogram, DailyTrend };

    explicit StatsChart(QWidget *parent = nullptr);
    ~StatsChart() override;

    void setTitle(const QString &title);
    QString title() const override;

    // Switches to the histogram; the first series is the one compared against.
    void setHistograms(const QList<HistogramSeries> &series);
    // Switches to the strip of days.
    void setDailyTrend(const DailyTrendSeries &series);

    Mode mode() const;
    QList<HistogramSeries> histograms() const;
    DailyTrendSeries dailyTrend() const;
    // Nothing to draw in the current mode: the chart says "No data".
    bool isEmpty() const;

    // A logarithmic count axis for the histogram, where a few slow jobs would be invisible beside
    // thousands of fast ones.
    void setLogScale(bool on);
    bool isLogScale() const;
    // A page showing several charts on one scale offers one toggle of its own instead.
    void setLogToggleVisible(bool visible);

    // Draws the chart as shown, but laid out afresh at size and in theme: exports get the size
    // they ask for, not whatever the window happens to be, and light colours on a dark desktop.
    void paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const override;
    // The numbers drawn (ChartCsv): the histograms, or the strip of days.
    QByteArray csv() const override;
    // What the chart on screen is drawn in: the widget's palette, followed when it changes.
    ChartTheme theme() const;

    // What hovering a bar shows: the bin, its range and each series' exact count.
    QString binToolTip(int bin) const;
    // What hovering a day shows: its date, count and mean.
    QString dayToolTip(int day) const;

    // What is drawn, read back from the chart's own objects (tests, accessibility).
    int drawnSeriesCount() const;
    QStringList drawnSeriesNames() const;
    // On the log axis an empty bin is drawn at the axis floor (0.5), zero having no logarithm.
    QVector<qreal> drawnValues(int series) const;
    QStringList tickLabels() const;
    QStringList groupLabels() const;
    bool countAxisIsLogarithmic() const;
    bool showsNoDataMessage() const;
    // The colours drawn: the chart's background, its title, a bar set's fill.
    QColor drawnBackground() const;
    QColor drawnTitleColor() const;
    QColor drawnSeriesColor(int index) const;
    // Where the middle of a drawn bar is, in this widget's coordinates: what a pointer hovers to
    // see its tooltip.
    QPoint barPosition(int series, int index) const;

signals:
    void logScaleChanged(bool on);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // A chart laid out for width pixels; hoverReceiver shows its tooltips when it is the one on
    // screen, exports have none.
    QChart *buildChart(int width, StatsChart *hoverReceiver, const ChartTheme &theme) const;
    void buildHistogram(QChart *chart, int width, StatsChart *hoverReceiver, const ChartTheme &theme) const;
    void buildDailyTrend(QChart *chart, int width, StatsChart *hoverReceiver, const ChartTheme &theme) const;
    // Which label layout suits width (tick density or date angle): a change asks for a rebuild.
    int layoutFor(int width) const;
    void rebuild();
    void showToolTip(const QString &text);

    Mode m_mode = Mode::Histogram;
    QString m_title;
    QList<HistogramSeries> m_histograms;
    DailyTrendSeries m_trend;
    bool m_logScale = false;
    QCheckBox *m_logBox = nullptr;
    bool m_logToggleWanted = true;
    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    int m_builtForLayout = 0;
    QPalette m_builtForPalette;
};
