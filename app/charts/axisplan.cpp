// SPDX-License-Identifier: GPL-3.0-or-later
#include "axisplan.h"

#include "histogrambins.h"

#include <QFontMetricsF>
#include <QtMath>

#include <cmath>

namespace {
// Room Qt Charts leaves around each label, and a little more.
constexpr qreal LabelPadding = 6;
constexpr int MaxIntervals = 6;
} // namespace

qreal AxisPlan::plotWidth(int chartWidth)
{
    return qMax(chartWidth - 110, 50);
}

bool AxisPlan::isTickBin(int bin, Density density)
{
    const int n = HistogramBins::unitCount(bin);
    const bool full = density == Density::Full, medium = density == Density::Medium;
    switch (HistogramBins::unit(bin)) {
    case HistogramBins::Unit::Seconds: return n % (full ? 10 : medium ? 20 : 30) == 0;
    case HistogramBins::Unit::Minutes: return n == 1 || n % (full ? 10 : medium ? 20 : 30) == 0;
    case HistogramBins::Unit::Hours: return n == 1 || (full && n % 6 == 0) || (medium && n == 12);
    case HistogramBins::Unit::Days: return n == 1 || (full && bin == HistogramBins::Count - 1);
    }
    return false;
}

AxisPlan::Density AxisPlan::densityFor(int chartWidth, const QFont &font)
{
    const qreal plot = plotWidth(chartWidth);
    const qreal binWidth = plot / HistogramBins::Count;
    const QFontMetricsF metrics(font);
    for (Density density : {Density::Full, Density::Medium}) {
        qreal widest = 0, previousWidth = 0;
        int labels = 0, previous = -1;
        bool spacingFits = true;
        for (int bin = 0; bin < HistogramBins::Count; ++bin) {
            if (!isTickBin(bin, density))
                continue;
            const qreal width = metrics.horizontalAdvance(HistogramBins::label(bin));
            widest = qMax(widest, width);
            // Labels are centred on their bins: neighbours need half of each one's width.
            if (previous >= 0 && (bin - previous) * binWidth < (width + previousWidth) / 2 + LabelPadding)
                spacingFits = false;
            previous = bin;
            previousWidth = width;
            ++labels;
        }
        // Qt Charts elides a label wider than an equal share of the axis.
        const bool shareFits = plot / (labels + 1) - LabelPadding >= widest;
        if (shareFits && spacingFits)
            return density;
    }
    return Density::Sparse;
}

int AxisPlan::dateLabelAngle(int chartWidth, const QStringList &labels, const QFont &font)
{
    if (labels.isEmpty())
        return 0;
    const QFontMetricsF metrics(font);
    qreal widest = 0;
    for (const QString &label : labels)
        widest = qMax(widest, metrics.horizontalAdvance(label));
    // The strip has a second scale (mean time) on the right.
    const qreal share = plotWidth(chartWidth - 60) / labels.size() - LabelPadding;
    if (share >= widest)
        return 0;
    if (share >= (widest + metrics.height()) * M_SQRT1_2)
        return -45;
    return -90;
}

AxisPlan::Scale AxisPlan::countScale(qreal max)
{
    Scale scale;
    if (max > 0) {
        const qreal raw = max / MaxIntervals;
        const qreal magnitude = qPow(10, qFloor(std::log10(raw)));
        scale.step = 10 * magnitude;
        for (qreal factor : {1.0, 2.0, 5.0}) {
            if (factor * magnitude >= raw) {
                scale.step = factor * magnitude;
                break;
            }
        }
        // Whole jobs: no step below one.
        scale.step = qMax<qreal>(1, scale.step);
    }
    // Strictly above the highest bar, so that it never touches the frame.
    scale.intervals = qFloor(qMax<qreal>(max, 0) / scale.step) + 1;
    return scale;
}

AxisPlan::Scale AxisPlan::durationScale(qreal max)
{
    static const qreal steps[] = {1,   2,    5,    10,   15,    30,    60,    120,   300,    600,
                                  900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800};
    // A little headroom, so that the highest mean's dot is not cut by the frame.
    max = qMax<qreal>(max, 1) * 1.04;
    Scale scale;
    scale.step = qCeil(max / MaxIntervals / 604800) * 604800.0;
    for (qreal step : steps) {
        if (max / step <= MaxIntervals) {
            scale.step = step;
            break;
        }
    }
    scale.intervals = qMax(1, qCeil(max / scale.step));
    return scale;
}
