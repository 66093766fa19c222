// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobtime.h"

#include "timetext.h"

#include <QDateTime>
#include <QRegularExpression>

#include <cmath>

namespace SideJobTime {
std::optional<double> seconds(const QString &iso)
{
    static const QRegularExpression shape(
        QStringLiteral("^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2})(?:\\.(\\d{1,9}))?(Z|[+-]\\d{2}:\\d{2})$"));
    const QRegularExpressionMatch m = shape.match(iso.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const QString zone = m.captured(3);
    const QDateTime whole =
        QDateTime::fromString(m.captured(1) + (zone == QLatin1String("Z") ? QStringLiteral("Z") : zone), Qt::ISODate);
    if (!whole.isValid())
        return std::nullopt;
    const QString fraction = m.captured(2);
    const double part = fraction.isEmpty() ? 0 : fraction.toDouble() / std::pow(10.0, fraction.size());
    return double(whole.toSecsSinceEpoch()) + part;
}

QString shown(const QString &iso)
{
    const std::optional<double> at = seconds(iso);
    return at ? TimeText::local(*at) : iso;
}
} // namespace SideJobTime
