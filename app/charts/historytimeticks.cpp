// SPDX-License-Identifier: GPL-3.0-or-later
#include "historytimeticks.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace {
constexpr int MinutesPerDay = 24 * 60;
} // namespace

QList<int> HistoryTimeTicks::stepsMinutes()
{
    return {1,
            2,
            5,
            10,
            15,
            30,
            60,
            120,
            180,
            360,
            720,
            MinutesPerDay,
            2 * MinutesPerDay,
            7 * MinutesPerDay,
            14 * MinutesPerDay,
            30 * MinutesPerDay};
}

int HistoryTimeTicks::stepMinutes(qint64 fromMs, qint64 toMs, int maxTicks)
{
    const qint64 spanMinutes = std::max<qint64>(1, (toMs - fromMs) / 60000);
    for (int step : stepsMinutes()) {
        if (spanMinutes / step + 1 <= std::max(2, maxTicks))
            return step;
    }
    return stepsMinutes().last();
}

QList<HistoryTimeTicks::Tick> HistoryTimeTicks::ticks(qint64 fromMs, qint64 toMs, int maxTicks, Qt::TimeSpec zone)
{
    QList<Tick> result;
    if (toMs <= fromMs)
        return result;
    const int step = stepMinutes(fromMs, toMs, maxTicks);
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(fromMs, zone);
    QDateTime at;
    if (step < MinutesPerDay) {
        // Round in the zone's own hours and minutes, counted from its midnight: 09:00, 12:00,
        // 15:00 for three hours wherever the zone's offset lies.
        const QDateTime midnight(from.date(), QTime(0, 0), zone);
        const qint64 minutesIn = midnight.secsTo(from) / 60;
        at = midnight.addSecs(((minutesIn + step - 1) / step) * step * 60);
        if (at < from)
            at = at.addSecs(qint64(step) * 60);
    } else {
        // Whole days from a midnight; a week from a Monday, a month's step at the 1st.
        QDate day = from.date();
        if (QDateTime(day, QTime(0, 0), zone) < from)
            day = day.addDays(1);
        const int days = step / MinutesPerDay;
        if (days == 7 || days == 14)
            day = day.addDays((8 - day.dayOfWeek()) % 7);
        else if (days >= 30 && day.day() != 1)
            day = QDate(day.year(), day.month(), 1).addMonths(1);
        else if (days > 1)
            day = day.addDays((days - day.toJulianDay() % days) % days);
        at = QDateTime(day, QTime(0, 0), zone);
    }
    const QLocale c; // the interface's language: month names as the rest of the page
    QDate previousDay;
    while (at.toMSecsSinceEpoch() <= toMs && result.size() < 1000) {
        QString label;
        if (step >= MinutesPerDay)
            label = c.toString(at, QStringLiteral("MMM d"));
        else if (previousDay.isValid() && at.date() != previousDay)
            label = c.toString(at, QStringLiteral("MMM d HH:mm"));
        else
            label = c.toString(at, QStringLiteral("HH:mm"));
        previousDay = at.date();
        result << Tick{at.toMSecsSinceEpoch(), label};
        if (step >= 30 * MinutesPerDay)
            at = at.addMonths(1);
        else if (step >= MinutesPerDay)
            at = at.addDays(step / MinutesPerDay);
        else
            at = at.addSecs(qint64(step) * 60);
    }
    return result;
}
