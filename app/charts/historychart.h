// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"
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
class HistoryChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryChart)

public:
    enum class Kind { Throughput, Backlog, Failures };

    explicit HistoryChart(QWidget *parent = nullptr);

    // Draws `read` over [fromMs, toMs) in the widget's palette.
    void show(const HistoryRead &read, Kind kind, qint64 fromMs, qint64 toMs, const QString &title);

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
    void placeMarkLabels();

    QChartView *m_view;
    QChart *m_chart;
    HistoryRead m_read;
    Kind m_kind = Kind::Throughput;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
    QString m_title;
    QList<QGraphicsSimpleTextItem *> m_markLabels;
};
