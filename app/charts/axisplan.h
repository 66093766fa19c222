// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QStringList>
#include <QtGlobal>

// Where a stats chart's axes put their ticks, worked out without any drawing library: which
// histogram bins get a label at a given width, round steps for counts and durations, and the
// angle date labels need. StatsChart applies the plan; a replacement for Qt Charts would too.
class AxisPlan final
{
public:
    // How densely the histogram axis is labelled: every round value of each unit on a wide chart,
    // fewer as it narrows, so that labels never overlap or shrink to "...".
    enum class Density { Full, Medium, Sparse };

    // A scale from 0 to intervals * step, strictly above the highest value.
    struct Scale
    {
        qreal step = 1;
        int intervals = 1;
        qreal max() const { return step * intervals; }
    };

    // The plot is the chart less the count axis, its title and the margins.
    static qreal plotWidth(int chartWidth);

    // Whether bin gets a tick label: the round values of each unit, so that the eye finds 10 s,
    // 1 min, 1 h and 1 d without reading all 148 bins. Each unit's first bin always does.
    static bool isTickBin(int bin, Density density);
    // The densest labelling whose labels, in font, fit a chart chartWidth pixels wide.
    static Density densityFor(int chartWidth, const QFont &font);
    // 0, -45 or -90: level while the date labels fit side by side.
    static int dateLabelAngle(int chartWidth, const QStringList &labels, const QFont &font);

    // Counts in whole jobs: steps of 1, 2 or 5 times a power of ten, at most six intervals.
    static Scale countScale(qreal max);
    // Durations in seconds at round steps (1 s ... 30 min, 1 h ... 12 h, days, weeks).
    static Scale durationScale(qreal max);
};
