// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresigpage.h"
#include "jidpage.h"
#include "jobscanpage.h"
#include "jobsearchpage.h"
#include "jobsearchquery.h"
#include "qlessscriptcaller.h"
#include "qlessvaluedecoder.h"

#include <QHash>
#include <QJsonObject>

#include <memory>
#include <optional>

// The statistics' reads: a queue's day, and many queues' days added up.
// One asynchronous call each over QlessScriptCaller (see QlessClient); call from `context`'s thread.
class QlessStatsReads final
{
public:
    template<typename T>
    using Done = QlessDone<T>;

    explicit QlessStatsReads(QlessScriptCaller &caller)
        : m_caller(caller)
    {}

    // The day holding `date` (seconds since the epoch, UTC).
    void stats(const QString &queue, double date, QObject *context, Done<DayStats> done);
    // Each request's queues on its day added up as one (desk.statssum, lua/lib/91-desk-statssum.lua),
    // a call per request (at most StatsQueuesPerCall queues each), two on their way at a time
    // (BoundedCallSequence); the parts in the order asked. A call stops once it has run a while, so its
    // part may hold fewer queues than asked (at least one): the rest is the caller's to ask again.
    static constexpr int StatsQueuesPerCall = 100;
    void statsSums(const QList<DayStatsRequest> &requests, QObject *context, Done<QList<DayStatsPart>> done);

private:
    QlessScriptCaller &m_caller;
};
