// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "burstlog.h"
#include "pingprobe.h"

#include <QList>
#include <QString>

#include <functional>

class Report;

// The operator's walk's three figures (operatorwalk.cpp), from what BurstLog and PingProbe saw:
// the largest burst, the longest PING wait and the longest console call. Each is judged, as the
// calls alone are (redis_call_alone), with what the host explains set aside: a value over its
// target counts as the host's when HostPauseMeter saw Redis's core stopped beside it for at least
// its excess. The values as seen, the host's pauses beside them and what else held Redis (its
// latency monitor, other clients' long commands) are in the notes.
class OperatorFigures final
{
public:
    struct Visit
    {
        QString page;
        qint64 fromNs = 0; // BurstLog::monotonicNs
        qint64 toNs = 0;
        double readyMs = 0; // from going there to its refresh (or the bulk run) done
    };
    // The longest stop of Redis's core by the host between two monotonic times (0: none seen).
    using PauseBeside = std::function<double(qint64 fromNs, qint64 toNs)>;

    OperatorFigures(const BurstLog &log, const PingProbe &ping, QList<Visit> visits, PauseBeside pauseBeside)
        : m_log(log)
        , m_ping(ping)
        , m_visits(std::move(visits))
        , m_pauseBeside(std::move(pauseBeside))
    {}

    // `idlePingMs`: the longest PING wait with the console closed; `hostTrouble`: why host pauses
    // were not measured (empty when they were); `latency`: Redis's latency monitor's events.
    void addTo(Report &report, double idlePingMs, const QString &hostTrouble, const QString &latency) const;

    static constexpr double BurstTargetMs = 5;
    static constexpr double CallTargetMs = 5;
    static constexpr double PingTargetMs = 10;

private:
    bool hostExplains(double ms, double targetMs, qint64 fromNs, qint64 toNs) const;
    QString pageAt(qint64 ns) const;

    const BurstLog &m_log;
    const PingProbe &m_ping;
    QList<Visit> m_visits;
    PauseBeside m_pauseBeside;
};
