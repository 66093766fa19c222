// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "daystats.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

// The Stats page's table of figures: one column per series shown (the day, and what it is
// compared with), rows for wait and run (jobs, mean, deviation) and failures, failed, retries.
// Rich text for a QLabel, so it needs no widget of its own and reads the same in screenshots.
class StatsSummary final
{
    Q_DECLARE_TR_FUNCTIONS(StatsSummary)

public:
    using Column = QPair<QString, DayStats>;

    static QString html(const QList<Column> &columns);
    // "—" for no jobs (a mean of nothing), else the duration as tables write it.
    static QString duration(qint64 count, double seconds);
};
