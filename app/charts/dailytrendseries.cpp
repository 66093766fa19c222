// SPDX-License-Identifier: GPL-3.0-or-later
#include "dailytrendseries.h"

DailyTrendSeries::DailyTrendSeries(const QString &seriesName)
    : name(seriesName)
{}

bool DailyTrendSeries::isEmpty() const
{
    for (const Day &day : days) {
        if (day.count != 0)
            return false;
    }
    return true;
}
