// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyvalues.h"

#include <QString>

// One history read as the History chart draws it: alone, or one of two compared (two queues, or
// this period and an earlier one overlaid). An earlier period's points are drawn shiftMs later,
// over the period it is compared with; its hover and its CSV rows keep their own times.
struct HistoryChartSeries
{
    QString queue; // empty: every queue
    // What the legend and the CSV call it when compared ("crawl", "a day earlier"); empty alone.
    QString label;
    // The same for the CSV's "series" column: English, whatever the interface's language, since
    // scripts read it ("crawl", "this period", "1440 min earlier").
    QString csvName;
    qint64 shiftMs = 0;
    HistoryRead read;
};
