// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogrambins.h"

namespace {
// First index of each unit's run of bins.
constexpr int FirstMinute = 60;
constexpr int FirstHour = FirstMinute + 59;
constexpr int FirstDay = FirstHour + 23;
constexpr qint64 Minute = 60;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 Day = 24 * Hour;
} // namespace

int HistogramBins::indexForSeconds(qint64 seconds)
{
    if (seconds < 0)
        seconds = 0;
    if (seconds < Minute)
        return int(seconds);
    if (seconds < Hour)
        return FirstMinute + int(seconds / Minute) - 1;
    if (seconds < Day)
        return FirstHour + int(seconds / Hour) - 1;
    return FirstDay + int(qMin<qint64>(seconds / Day, 6)) - 1;
}

HistogramBins::Unit HistogramBins::unit(int index)
{
    if (index < FirstMinute)
        return Unit::Seconds;
    if (index < FirstHour)
        return Unit::Minutes;
    if (index < FirstDay)
        return Unit::Hours;
    return Unit::Days;
}

int HistogramBins::unitCount(int index)
{
    switch (unit(index)) {
    case Unit::Seconds: return index;
    case Unit::Minutes: return index - FirstMinute + 1;
    case Unit::Hours: return index - FirstHour + 1;
    case Unit::Days: return index - FirstDay + 1;
    }
    return 0;
}

qint64 HistogramBins::lowerBoundSeconds(int index)
{
    switch (unit(index)) {
    case Unit::Seconds: return unitCount(index);
    case Unit::Minutes: return unitCount(index) * Minute;
    case Unit::Hours: return unitCount(index) * Hour;
    case Unit::Days: return unitCount(index) * Day;
    }
    return 0;
}

QString HistogramBins::fieldName(int index)
{
    static const char prefixes[] = {'s', 'm', 'h', 'd'};
    return QChar::fromLatin1(prefixes[int(unit(index))]) + QString::number(unitCount(index));
}

int HistogramBins::indexForFieldName(const QString &name)
{
    if (name.size() < 2)
        return -1;
    bool ok = false;
    const int n = name.mid(1).toInt(&ok);
    if (!ok || name.mid(1) != QString::number(n))
        return -1;
    switch (name.at(0).unicode()) {
    case 's': return n >= 0 && n < 60 ? n : -1;
    case 'm': return n >= 1 && n < 60 ? FirstMinute + n - 1 : -1;
    case 'h': return n >= 1 && n < 24 ? FirstHour + n - 1 : -1;
    case 'd': return n >= 1 && n <= 6 ? FirstDay + n - 1 : -1;
    default: return -1;
    }
}

QString HistogramBins::label(int index)
{
    const QString n = QString::number(unitCount(index));
    switch (unit(index)) {
    case Unit::Seconds: return n + QStringLiteral(" s");
    case Unit::Minutes: return n + QStringLiteral(" min");
    case Unit::Hours: return n + QStringLiteral(" h");
    case Unit::Days: return index == Count - 1 ? n + QStringLiteral(" d+") : n + QStringLiteral(" d");
    }
    return n;
}
