// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

// Moments as every view shows them: one zone everywhere, the desktop's local one
// ("2026-11-23 14:05:09"), with the same moment in UTC for tooltips ("2026-11-23 13:05:09 UTC",
// with milliseconds when it has them),
// so that job lists, a job's history, failures and the Activity page can be read side by side.
// Times from qless are seconds since the epoch; 0 or less means "not known".
class TimeText final
{
    Q_DECLARE_TR_FUNCTIONS(TimeText)

public:
    static QString local(double seconds);
    static QString local(const QDateTime &moment);
    static QString utc(double seconds);
    static QString utc(const QDateTime &moment);
    // Both, for a tooltip or a text that cannot hover: "2026-11-23 14:05:09 (2026-11-23 13:05:09 UTC)".
    static QString localWithUtc(double seconds);
    // "5 min ago" or "in 5 min", relative to `now`.
    static QString relative(double seconds, double now);
    // Local time, then the relative one in brackets: "2026-11-23 14:05:09 (5 min ago)".
    static QString localAndRelative(double seconds, double now);
    static QDateTime moment(double seconds);
};
