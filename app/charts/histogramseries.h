// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>
#include <QtGlobal>

// What one histogram on a chart shows: one queue's wait or run times on one day, as qless keeps
// them (148 bin counts, see HistogramBins, plus the count/mean/std qless computes itself). A plain
// value, free of Widgets and Charts, so the Stats page and the headless export fill it from the
// typed API's per-day stats, and it may move to model/ later.
struct HistogramSeries
{
    HistogramSeries();
    explicit HistogramSeries(const QString &name);

    // Shown in the legend and as the CSV column header, e.g. "wait · 2026-11-20 · crawl".
    QString name;
    // Always HistogramBins::Count entries; bins missing in Redis count 0.
    QVector<qint64> counts;
    // qless's own summary: it may disagree with the bins when Redis holds odd data, and we show
    // what qless says rather than recompute it.
    qint64 count = 0;
    double mean = 0.0;
    double std = 0.0;

    // Sum of the bin counts.
    qint64 total() const;
    // Nothing to draw: every bin is zero.
    bool isEmpty() const;

    friend bool operator==(const HistogramSeries &a, const HistogramSeries &b);
    friend bool operator!=(const HistogramSeries &a, const HistogramSeries &b) { return !(a == b); }
};
