// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

// The 148 bins qless keeps per queue and day for wait and run times (COMPAT.md): s0..s59 by the
// second, m1..m59 by the minute, h1..h23 by the hour, d1..d6 by the day. Our scripts fold six days
// and longer into d6, so the last bin reads "6 d or more".
class HistogramBins final
{
public:
    static constexpr int Count = 148;

    enum class Unit { Seconds, Minutes, Hours, Days };

    // The bin a duration of whole seconds falls in; negative durations count as 0 s.
    static int indexForSeconds(qint64 seconds);
    // The hash field qless stores the bin under: "s0", "m1", "h23", "d6".
    static QString fieldName(int index);
    // -1 when the name is not one of the 148 fields.
    static int indexForFieldName(const QString &name);
    static Unit unit(int index);
    // How many units of unit(index) the bin starts at: s7 -> 7, m1 -> 1.
    static int unitCount(int index);
    static qint64 lowerBoundSeconds(int index);
    // A short reading label: "7 s", "1 min", "23 h", "6 d+".
    static QString label(int index);
};
