// SPDX-License-Identifier: GPL-3.0-or-later
#include "timetext.h"

#include "durationtext.h"

#include <QTimeZone>

namespace {
const QString Format = QStringLiteral("yyyy-MM-dd HH:mm:ss");
}

QDateTime TimeText::moment(double seconds)
{
    return QDateTime::fromMSecsSinceEpoch(qint64(seconds * 1000), QTimeZone::utc());
}

QString TimeText::local(double seconds)
{
    return seconds > 0 ? local(moment(seconds)) : QString();
}

QString TimeText::local(const QDateTime &moment)
{
    return moment.isValid() ? moment.toLocalTime().toString(Format) : QString();
}

QString TimeText::utc(double seconds)
{
    return seconds > 0 ? utc(moment(seconds)) : QString();
}

QString TimeText::utc(const QDateTime &moment)
{
    if (!moment.isValid())
        return QString();
    // Exact on hover: milliseconds when the moment has them (qless times are fractional seconds).
    const QDateTime utc = moment.toUTC();
    const QString format = utc.time().msec() != 0 ? Format + QStringLiteral(".zzz") : Format;
    return tr("%1 UTC").arg(utc.toString(format));
}

QString TimeText::localWithUtc(double seconds)
{
    return seconds > 0 ? tr("%1 (%2)").arg(local(seconds), utc(seconds)) : QString();
}

QString TimeText::relative(double seconds, double now)
{
    return seconds <= now ? tr("%1 ago").arg(DurationText::format(now - seconds))
                          : tr("in %1").arg(DurationText::format(seconds - now));
}

QString TimeText::localAndRelative(double seconds, double now)
{
    if (seconds <= 0)
        return QString();
    return tr("%1 (%2)").arg(local(seconds), relative(seconds, now));
}
