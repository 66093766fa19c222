// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"
#include "exportablechart.h"
#include "historyvalues.h"

#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>

class QChart;
class QChartView;
class QGraphicsSimpleTextItem;

// The History page's chart: one kind of figure (throughput, backlog or failures) of a history
// read, over a time range, as lines. A bucket nothing was recorded in breaks the line (each run
// of recorded buckets is a series of its own): a gap is drawn as a gap, never as zero. Marks
// (pause, config change, bulk run, reconnect) are dashed vertical rules with their label.
// Hovering a line shows the bucket's time and exact value.
class HistoryChart final : public QWidget, public ExportableChart
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryChart)

public:
    enum class Kind { Throughput, Backlog, Failures };

    explicit HistoryChart(QWidget *parent = nullptr);

    // Draws `read` of `queue` (empty: all) over [fromMs, toMs) in the widget's palette.
    void show(const HistoryRead &read, Kind kind, qint64 fromMs, qint64 toMs, const QString &queue,
              const QString &title);

    QString title() const override { return m_title; }
    void paintChart(QPainter *painter, const QSize &size, const ChartTheme &theme) const override;
    // Every figure of the buckets read (HistoryCsv), whichever kind is drawn.
    QByteArray csv() const override;

    // The figures a kind draws, in order (the legend's names).
    static QStringList figureNames(Kind kind);
    // The runs of recorded buckets of figure `index` of `kind`: (bucket start ms, value) points,
    // a new run after every bucket not recorded (or with that figure unknown).
    static QList<QList<QPointF>> runs(const QList<HistoryPoint> &points, Kind kind, int index);

    // What is drawn, read back from the chart's own objects (tests).
    QList<QList<QPointF>> drawnRuns(const QString &figure) const;
    QStringList drawnMarkLabels() const;
    QColor drawnBackground() const;

protected:
    void changeEvent(QEvent *event) override;
    // + and - zoom the time axis, Left and Right pan it, 0 or Home shows the whole range again;
    // the mouse zooms by dragging a span (right click zooms out).
    void keyPressEvent(QKeyEvent *event) override;

private:
    void build();
    // Puts the read on `chart` in `theme`; the mark labels it makes are appended to `labels`.
    // `interactive`: hover and the labels following zoom and pan (not for a picture).
    void fill(QChart *chart, const ChartTheme &theme, QList<QGraphicsSimpleTextItem *> *labels, bool interactive) const;
    static void placeMarkLabels(QChart *chart, const QList<QGraphicsSimpleTextItem *> &labels);

    QChartView *m_view;
    QChart *m_chart;
    HistoryRead m_read;
    Kind m_kind = Kind::Throughput;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
    QString m_queue;
    QString m_title;
    QList<QGraphicsSimpleTextItem *> m_markLabels;
};
