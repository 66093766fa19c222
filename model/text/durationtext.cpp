// SPDX-License-Identifier: GPL-3.0-or-later
#include "durationtext.h"

#include <QLocale>
#include <QtMath>

QString DurationText::format(double seconds)
{
    if (!qIsFinite(seconds))
        return tr("n/a");
    if (seconds < 0)
        return QStringLiteral("-") + format(-seconds);
    if (seconds == 0)
        return tr("0 s");
    if (seconds < 1)
        return tr("%1 ms").arg(qRound(seconds * 1000));
    if (seconds < 10)
        return tr("%1 s").arg(QLocale().toString(seconds, 'f', 1)); // "2,5 s" in German
    const qint64 whole = qRound64(seconds);
    const qint64 minute = 60, hour = 60 * minute, day = 24 * hour;
    if (whole < minute)
        return tr("%1 s").arg(whole);
    if (whole < hour) {
        const qint64 rest = whole % minute;
        return rest ? tr("%1 min %2 s").arg(whole / minute).arg(rest) : tr("%1 min").arg(whole / minute);
    }
    if (whole < day) {
        const qint64 rest = (whole % hour) / minute;
        return rest ? tr("%1 h %2 min").arg(whole / hour).arg(rest) : tr("%1 h").arg(whole / hour);
    }
    const qint64 rest = (whole % day) / hour;
    return rest ? tr("%1 d %2 h").arg(whole / day).arg(rest) : tr("%1 d").arg(whole / day);
}
