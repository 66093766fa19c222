// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charttheme.h"
#include "historychart.h"

#include <QList>

class HistoryMarkLabel;
class QCategoryAxis;
class QChart;
class QObject;

// How the History chart's content goes onto a QChart: the window's chart and a picture for an
// export are filled the same way, in the theme each asks for.
namespace HistoryChartDrawing {
struct Content
{
    QList<HistoryChartSeries> series;
    HistoryChart::Kind kind = HistoryChart::Kind::Throughput;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    QString title;
};

// The property set on a mark's rule (it is a line series, not a figure).
inline constexpr char MarkRole[] = "historyMark";

// Puts `content` on `chart` in `theme`; the mark labels it makes are appended to `labels`.
// `hover`: the widget whose tooltips show a line's values on hover (none for a picture).
void fill(QChart *chart, const Content &content, const ChartTheme &theme, QList<HistoryMarkLabel *> *labels,
          QWidget *hover);
// The chart's time axis, made by fill.
QCategoryAxis *timeAxis(const QChart *chart);
// Shows [fromMs, toMs] on the time axis, with round ticks as many as fit its width.
void setTimeRange(QChart *chart, qint64 fromMs, qint64 toMs);
// Puts each label beside its mark's rule at the top of the plot, staggered where close.
void placeMarkLabels(QChart *chart, const QList<HistoryMarkLabel *> &labels);
} // namespace HistoryChartDrawing
