// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"
#include "exportablechart.h"
#include "historychartseries.h"
#include "historytimeticks.h"
#include "historyviewwindow.h"

#include <QList>
#include <QPoint>
#include <QPointF>
#include <QStringList>
#include <QWidget>

class HistoryMarkLabel;
class QChart;
class QChartView;

// The History page's chart: one kind of figure (throughput, backlog or failures) of a history
// read, or of two compared (two queues, two periods: the second dashed, named in the legend), as
// lines over the part of the range shown (HistoryViewWindow). A bucket nothing was recorded in
// breaks the line (each run of recorded buckets is a series of its own): a gap is drawn as a gap,
// never as zero. The time axis ticks at round times (HistoryTimeTicks), the counts at 1-2-5 steps
// (AxisPlan). Marks (pause, config change, bulk run, reconnect) are dashed rules with a label whose
// tooltip tells the whole mark; a bulk run's label opens its Activity row. Hovering a line shows
// the bucket's time and exact value.
//
// Zoom and pan: the wheel zooms around the pointer, a drag pans, + and - zoom, the arrows pan,
// Home (or 0) shows the whole range; M and Shift+M choose the next and previous mark, Enter opens
// a chosen bulk run. The view moves at once on what is drawn; viewChanged then asks the page for a
// read of the part shown, at the resolution its width calls for.
class HistoryChart final : public QWidget, public ExportableChart
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryChart)

public:
    enum class Kind { Throughput, Backlog, Failures };

    explicit HistoryChart(QWidget *parent = nullptr);

    // Draws `series` (one, or two compared) over the view window's part of its range.
    void show(const QList<HistoryChartSeries> &series, Kind kind, const QString &title);
    // Draws `read` of `queue` (empty: all) over the whole of [fromMs, toMs) (the view is reset).
    void show(const HistoryRead &read, Kind kind, qint64 fromMs, qint64 toMs, const QString &queue,
              const QString &title);

    // What is shown of the range; the page sets the range, zoom and pan move the view.
    HistoryViewWindow &viewWindow() { return m_window; }
    const HistoryViewWindow &viewWindow() const { return m_window; }

    QString title() const override { return m_title; }
    void paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const override;
    // Every figure of the buckets read (HistoryCsv), whichever kind is drawn; compared, a
    // "series" column names which of the two a row belongs to.
    QByteArray csv() const override;

    // The figures a kind draws, in order (the legend's names).
    static QStringList figureNames(Kind kind);
    // A figure's legend name in a series compared: "waiting · crawl".
    static QString seriesName(const QString &figure, const QString &label);
    // The runs of recorded buckets of figure `index` of `kind`: (bucket start ms, value) points,
    // a new run after every bucket not recorded (or with that figure unknown).
    static QList<QList<QPointF>> runs(const QList<HistoryPoint> &points, Kind kind, int index);

    // What is drawn, read back from the chart's own objects (tests).
    QList<QList<QPointF>> drawnRuns(const QString &figure) const;
    QStringList drawnMarkLabels() const;
    QColor drawnBackground() const;
    QStringList drawnLegend() const;
    QList<HistoryTimeTicks::Tick> drawnTimeTicks() const;
    // The count axis: its top and the values of its ticks.
    QList<qreal> drawnValueTicks() const;
    // Where a mark's label is, in the chart widget's coordinates (tests click it); null when the
    // mark is not labelled or out of view.
    QPoint markLabelCenter(int index) const;
    // What hovering mark `index`'s label shows.
    QString markToolTip(int index) const;
    // The mark chosen from the keyboard, or -1.
    int chosenMark() const { return m_chosen; }

signals:
    // Zoom or pan moved the view: the page reads [fromMs, toMs) again.
    void viewChanged(qint64 fromMs, qint64 toMs);
    // A bulk run's mark was clicked or chosen and Entered: its Activity row is wanted.
    void openRunRequested(const QString &run, qint64 timeMs);

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void build();
    // The view window moved: the axis follows at once; `settled` (not in the middle of a drag)
    // also asks for a read of the part now shown.
    void viewMoved(bool settled);
    void chooseMark(int step);
    bool openMark(const HistoryMarkLabel *label);
    HistoryMarkLabel *labelAt(const QPoint &viewPos) const;

    QChartView *m_view;
    QChart *m_chart;
    QList<HistoryChartSeries> m_series;
    Kind m_kind = Kind::Throughput;
    QString m_title;
    HistoryViewWindow m_window;
    QList<HistoryMarkLabel *> m_markLabels;
    int m_chosen = -1;
    // A drag in progress: where it started, and the view then.
    bool m_dragging = false;
    bool m_dragMoved = false;
    QPoint m_dragStart;
    qint64 m_dragFromMs = 0;
    qint64 m_dragToMs = 0;
};
