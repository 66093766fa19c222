// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

class QSettings;

// How much history is kept. Minutes for the first days; then one row per queue and coarse
// bucket (an hour by default: a 90-day chart a screen wide has about 2,000 pixels, as many as
// 90 days of hours, so finer buckets would be drawn over one another, and hours take a sixtieth
// of the rows) up to the coarse retention; then nothing. The size limit bounds the file whatever
// the number of queues: past it, the oldest buckets go first.
struct HistoryPolicy
{
    int minuteDays = 3;
    int coarseDays = 90;
    int coarseMinutes = 60;
    qint64 sizeLimitBytes = qint64(512) * 1024 * 1024;
    // How long a write waits for another connection's lock before the file counts as locked.
    int busyTimeoutMs = 5000;

    // history/minuteDays, history/days, history/sizeLimitMiB; missing or unusable values keep
    // the defaults above.
    static HistoryPolicy fromSettings(QSettings &settings);
    void toSettings(QSettings &settings) const;
};
