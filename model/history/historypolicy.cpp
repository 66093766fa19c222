// SPDX-License-Identifier: GPL-3.0-or-later
#include "historypolicy.h"

#include <QSettings>

namespace {
int readInt(QSettings &settings, const char *key, int fallback, int low, int high)
{
    bool ok = false;
    const int value = settings.value(QLatin1String(key)).toInt(&ok);
    return ok && value >= low && value <= high ? value : fallback;
}
} // namespace

HistoryPolicy HistoryPolicy::fromSettings(QSettings &settings)
{
    HistoryPolicy policy;
    policy.minuteDays = readInt(settings, "history/minuteDays", policy.minuteDays, 1, 90);
    policy.coarseDays = readInt(settings, "history/days", policy.coarseDays, policy.minuteDays, 3650);
    const int mib =
        readInt(settings, "history/sizeLimitMiB", int(policy.sizeLimitBytes / (1024 * 1024)), 1, 1024 * 1024);
    policy.sizeLimitBytes = qint64(mib) * 1024 * 1024;
    return policy;
}

void HistoryPolicy::toSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("history/minuteDays"), minuteDays);
    settings.setValue(QStringLiteral("history/days"), coarseDays);
    settings.setValue(QStringLiteral("history/sizeLimitMiB"), int(sizeLimitBytes / (1024 * 1024)));
}
