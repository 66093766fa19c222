// SPDX-License-Identifier: GPL-3.0-or-later
#include "operatorfigures.h"

#include "benchtools.h"
#include "report.h"

#include <algorithm>

bool OperatorFigures::hostExplains(double ms, double targetMs, qint64 fromNs, qint64 toNs) const
{
    return ms > targetMs && m_pauseBeside(fromNs, toNs) >= ms - targetMs;
}

QString OperatorFigures::pageAt(qint64 ns) const
{
    QString page = QStringLiteral("connecting");
    for (const Visit &v : m_visits) {
        if (ns >= v.fromNs && ns <= v.toNs)
            page = v.page;
    }
    return page;
}

void OperatorFigures::addTo(Report &report, double idlePingMs, const QString &hostTrouble, const QString &latency) const
{
    const QString host =
        hostTrouble.isEmpty() ? QString() : QStringLiteral(" (host pauses not measured: %1)").arg(hostTrouble);
    const auto pauseText = [this](qint64 fromNs, qint64 toNs) {
        return QStringLiteral("host pause %1 ms").arg(m_pauseBeside(fromNs, toNs), 0, 'f', 1);
    };

    // Per page: the longest PING wait and the largest burst, as seen.
    const QList<PingProbe::Wait> waits = m_ping.longWaits();
    const QList<BurstLog::Burst> bursts = m_log.largestPerScenario();
    QStringList pages;
    for (const Visit &v : m_visits) {
        double ping = 0;
        for (const PingProbe::Wait &wait : waits) {
            if (wait.sentNs >= v.fromNs && wait.sentNs <= v.toNs)
                ping = qMax(ping, wait.ms);
        }
        BurstLog::Burst burst;
        for (const BurstLog::Burst &b : bursts) {
            if (b.scenario == v.page)
                burst = b;
        }
        pages << QStringLiteral("%1 (ready in %2 ms, PING %3 ms, burst %4 ms of %5)")
                     .arg(v.page)
                     .arg(v.readyMs, 0, 'f', 0)
                     .arg(ping, 0, 'f', 1)
                     .arg(burst.redisMs, 0, 'f', 2)
                     .arg(burst.commands);
    }
    progress(QStringLiteral("operator: pages visited: ") + pages.join(QStringLiteral("; ")));

    // The calls, longest first.
    const std::vector<BurstLog::Command> &commands = m_log.commands();
    QList<double> times;
    QList<size_t> order;
    for (size_t i = 0; i < commands.size(); ++i) {
        times.append(commands[i].redisMs);
        order.append(i);
    }
    std::sort(order.begin(), order.end(),
              [&commands](size_t a, size_t b) { return commands[a].redisMs > commands[b].redisMs; });
    const auto endOf = [](const BurstLog::Command &c) { return c.repliedNs >= 0 ? c.repliedNs : c.writtenNs; };
    QStringList longestCalls;
    int over = 0;
    int explained = 0;
    double ownMs = -1;
    QString ownCall;
    for (const size_t i : std::as_const(order)) {
        const BurstLog::Command &c = commands[i];
        const bool byHost = hostExplains(c.redisMs, CallTargetMs, c.writtenNs, endOf(c));
        over += c.redisMs > CallTargetMs ? 1 : 0;
        explained += byHost ? 1 : 0;
        if (longestCalls.size() < 8)
            longestCalls << QStringLiteral("%1 %2 ms during \"%3\" (%4)")
                                .arg(QString::fromUtf8(c.name))
                                .arg(c.redisMs, 0, 'f', 2)
                                .arg(c.scenario, pauseText(c.writtenNs, endOf(c)));
        if (!byHost && ownMs < 0) {
            ownMs = c.redisMs;
            ownCall = QStringLiteral("%1 during \"%2\"").arg(QString::fromUtf8(c.name), c.scenario);
        }
    }
    const double floorMs = BurstLog::FloorMicroseconds / 1000.0;

    const BurstLog::Burst seen = m_log.largest();
    const BurstLog::Burst own = m_log.largest(
        [this](qint64 fromNs, qint64 toNs, double ms) { return !hostExplains(ms, BurstTargetMs, fromNs, toNs); });
    Figure burst;
    burst.id = QStringLiteral("redis_largest_burst");
    burst.name = QStringLiteral("largest burst the console queued at Redis (%1 commands)").arg(own.commands);
    burst.ours = own.redisMs;
    burst.raw = ownMs >= 0 ? ownMs : floorMs;
    burst.reference = QStringLiteral("longest single call");
    burst.hasRatio = false;
    burst.judgeRatio = false;
    burst.maxOurs = BurstTargetMs;
    QStringList perPage;
    for (const BurstLog::Burst &b : bursts)
        perPage << QStringLiteral("%1 %2 ms (%3; %4)")
                       .arg(b.scenario)
                       .arg(b.redisMs, 0, 'f', 2)
                       .arg(b.times, pauseText(b.fromNs, b.toNs));
    burst.note = QStringLiteral("Redis's execution time (its slow log, commands of %1 us or more; those under it "
                                "counted as %1 us) added up "
                                "over the commands the window's connection had written and not yet seen answered at "
                                "one moment, the running "
                                "one whole (an upper bound on a worker's wait behind them; operator_ping_wait is the "
                                "wait itself): %2 commands "
                                "(%3 ms) during \"%4\", %5 ms from the first written to the last answered (%6). As "
                                "seen, host pauses in: %7 ms "
                                "(%8 during \"%9\"; %10). %11 commands in all, %12 log entries unmatched%13. Largest "
                                "per scenario, as seen: %14")
                     .arg(BurstLog::FloorMicroseconds)
                     .arg(own.commands)
                     .arg(own.times, own.scenario)
                     .arg(own.spanMs, 0, 'f', 1)
                     .arg(pauseText(own.fromNs, own.toNs))
                     .arg(seen.redisMs, 0, 'f', 2)
                     .arg(seen.times, seen.scenario, pauseText(seen.fromNs, seen.toNs))
                     .arg(commands.size())
                     .arg(m_log.unmatched())
                     .arg(host, perPage.join(QStringLiteral("; ")));
    report.add(burst);

    const PingProbe::Wait most = m_ping.longest();
    double ownPing = 0;
    QStringList late;
    for (const PingProbe::Wait &w : waits) {
        const qint64 end = w.sentNs + qint64(w.ms * 1e6);
        if (!hostExplains(w.ms, PingTargetMs, w.sentNs, end))
            ownPing = qMax(ownPing, w.ms);
        if (w.ms > PingTargetMs && late.size() < 10)
            late << QStringLiteral("%1 ms during \"%2\" (%3)")
                        .arg(w.ms, 0, 'f', 1)
                        .arg(pageAt(w.sentNs), pauseText(w.sentNs, end));
    }
    if (waits.isEmpty())
        ownPing = most.ms; // all under PingProbe::KeptOverMs
    Figure wait;
    wait.id = QStringLiteral("operator_ping_wait");
    wait.name = QStringLiteral("operator's walk: longest PING wait of a worker");
    wait.ours = ownPing;
    wait.raw = idlePingMs;
    wait.reference = QStringLiteral("console closed");
    wait.hasRatio = false;
    wait.judgeRatio = false;
    wait.maxOurs = PingTargetMs;
    wait.note = QStringLiteral("PING every %1 ms on a connection of its own (thread %2), from written to answered, "
                               "while the window (offscreen, "
                               "refreshing every 2 s) went through %3 pages; %4 pings, the 99th percentile %5 ms. As "
                               "seen, host pauses in: %6 ms "
                               "during \"%7\" (%8). Waits over %9 ms: %10%11. Redis's latency monitor (5 ms or more): "
                               "%12. Other clients' longest "
                               "commands in Redis's log: %13. Pages: %14")
                    .arg(PingProbe::IntervalMs)
                    .arg(m_ping.describe())
                    .arg(m_visits.size())
                    .arg(m_ping.pings())
                    .arg(m_ping.p99Ms(), 0, 'f', 2)
                    .arg(most.ms, 0, 'f', 1)
                    .arg(pageAt(most.sentNs), pauseText(most.sentNs, most.sentNs + qint64(most.ms * 1e6)))
                    .arg(PingTargetMs)
                    .arg(late.isEmpty() ? QStringLiteral("none") : late.join(QStringLiteral("; ")), host, latency,
                         m_log.othersLongest().join(QStringLiteral("; ")), pages.join(QStringLiteral("; ")));
    report.add(wait);

    Figure call;
    call.id = QStringLiteral("operator_longest_call");
    call.name = QStringLiteral("operator's walk: longest console call, as Redis timed it");
    call.ours = ownMs >= 0 ? ownMs : floorMs;
    call.raw = times.isEmpty() ? floorMs : median(times);
    call.reference = QStringLiteral("median console call");
    call.hasRatio = false;
    call.judgeRatio = false;
    call.maxOurs = CallTargetMs;
    call.note =
        QStringLiteral("Redis's slow log, the window's connection: the longest not explained by the host %1; %2 "
                       "calls over %3 ms of %4, %5 of them beside a host pause of at least their excess%6. The "
                       "longest as seen: %7")
            .arg(ownCall.isEmpty() ? QStringLiteral("none") : ownCall)
            .arg(over)
            .arg(CallTargetMs)
            .arg(commands.size())
            .arg(explained)
            .arg(host, longestCalls.join(QStringLiteral("; ")));
    report.add(call);
}
