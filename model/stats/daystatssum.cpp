// SPDX-License-Identifier: GPL-3.0-or-later
#include "daystatssum.h"

#include <QtMath>

namespace {
constexpr int BinCount = 148;
}

DurationFigures DayStatsSum::combine(const QList<DurationFigures> &parts)
{
    DurationFigures sum;
    sum.histogram = QList<qint64>(BinCount, 0);
    double weighted = 0;
    for (const DurationFigures &part : parts) {
        sum.count += part.count;
        weighted += double(part.count) * part.mean;
        for (int bin = 0; bin < qMin(BinCount, int(part.histogram.size())); ++bin)
            sum.histogram[bin] += part.histogram.at(bin);
    }
    if (sum.count <= 0)
        return sum;
    sum.mean = weighted / double(sum.count);
    // qless keeps the sample deviation (vk / (n - 1)); each part gives back its sum of squares
    // about its own mean, and its distance from the common mean adds the rest.
    double squares = 0;
    for (const DurationFigures &part : parts) {
        if (part.count <= 0)
            continue;
        const double offset = part.mean - sum.mean;
        squares += double(part.count - 1) * part.std * part.std + double(part.count) * offset * offset;
    }
    sum.std = sum.count > 1 ? qSqrt(qMax(0.0, squares) / double(sum.count - 1)) : 0.0;
    return sum;
}

DayStats DayStatsSum::combine(const QList<DayStats> &parts)
{
    DayStats sum;
    QList<DurationFigures> waits;
    QList<DurationFigures> runs;
    for (const DayStats &part : parts) {
        sum.retries += part.retries;
        sum.failed += part.failed;
        sum.failures += part.failures;
        waits << part.wait;
        runs << part.run;
    }
    sum.wait = combine(waits);
    sum.run = combine(runs);
    return sum;
}

bool DayStatsSum::isEmpty(const DayStats &stats)
{
    return stats.wait.count == 0 && stats.run.count == 0 && stats.failures == 0 && stats.failed == 0
           && stats.retries == 0;
}
