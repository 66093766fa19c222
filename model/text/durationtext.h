// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

// Durations as an operator reads them (charts, tables): "850 ms", "12.5 s", "3 min 20 s", "2 h 5 min",
// "1 d 4 h". Two units at most; an axis or a tooltip has no room for more.
class DurationText final
{
    Q_DECLARE_TR_FUNCTIONS(DurationText)

public:
    static QString format(double seconds);
};
