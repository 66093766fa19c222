// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogramseries.h"

#include "histogrambins.h"

HistogramSeries::HistogramSeries()
    : counts(HistogramBins::Count, 0)
{}

HistogramSeries::HistogramSeries(const QString &seriesName)
    : name(seriesName)
    , counts(HistogramBins::Count, 0)
{}

qint64 HistogramSeries::total() const
{
    qint64 sum = 0;
    for (qint64 c : counts)
        sum += c;
    return sum;
}

bool HistogramSeries::isEmpty() const
{
    for (qint64 c : counts) {
        if (c != 0)
            return false;
    }
    return true;
}

bool operator==(const HistogramSeries &a, const HistogramSeries &b)
{
    return a.name == b.name && a.counts == b.counts && a.count == b.count && a.mean == b.mean && a.std == b.std;
}
