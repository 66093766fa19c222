// SPDX-License-Identifier: GPL-3.0-or-later
// The operator's walk (issue #30): the real main window (offscreen) on a large deployment,
// refreshing by itself while the bench goes page by page as an operator would, a bulk run and
// the All servers window among them, and another connection sending PING every 5 ms as a worker
// does. Three figures: the longest PING wait, the console's longest single call as Redis saw it,
// and the largest burst: what the console had queued at Redis at once, as Redis's own work for
// it (BurstLog says how that is defined and measured).
#include "bench.h"

#include "allserverswindow.h"
#include "auditlog.h"
#include "benchtools.h"
#include "bulkrunner.h"
#include "burstlog.h"
#include "connectionbar.h"
#include "deploymentseeder.h"
#include "failedpage.h"
#include "mainwindow.h"
#include "operatorfigures.h"
#include "pingprobe.h"
#include "qlesssession.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "seeder.h"
#include "serveroverviewmodel.h"
#include "statspage.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

#include <algorithm>
#include <ctime>
#include <sched.h>

namespace {
// The window's connection: its own name, so that Redis's log tells it from the bench's session.
constexpr char WindowClientName[] = "qlessdesk-window";

// Redis's latency monitor's events (LATENCY LATEST: event, when, latest, most), as text.
QString latencyEvents(RawRedis &raw)
{
    const RawRedis::Reply reply = raw.command({"LATENCY", "LATEST"});
    QStringList events;
    for (size_t i = 0; reply && reply->type == REDIS_REPLY_ARRAY && i < reply->elements; ++i) {
        const redisReply *event = reply->element[i];
        if (event->type == REDIS_REPLY_ARRAY && event->elements >= 4)
            events << QStringLiteral("%1 %2 ms")
                          .arg(QString::fromUtf8(RawRedis::text(event->element[0])))
                          .arg(RawRedis::integer(event->element[3]));
    }
    raw.command({"CONFIG", "SET", "latency-monitor-threshold", "0"});
    return events.isEmpty() ? QStringLiteral("none") : events.join(QStringLiteral(", "));
}

} // namespace

void Bench::operatorWalk()
{
    if (!flush())
        return;
    const bool quick = m_options.mode.startsWith(QLatin1String("quick"));
    DeploymentSeeder::Size size;
    size.queues = m_options.queues;
    size.workers = m_options.workers;
    if (quick) {
        size.days = 7;
        size.groups = 300;
        size.bigGroup = 3000;
    }
    QString error;
    if (!DeploymentSeeder(m_raw).seed(size, nowSeconds(), &error)) {
        fail(QStringLiteral("operator: ") + error);
        return;
    }
    // Nothing from the seeding may be left for the server to do while the walk is timed.
    m_raw.command({"PING"});
    // Redis's Lua state as in production (the workers' qless.lua and the console's), not the raw
    // side's 23 scripts: their heap is marked by every garbage-collection cycle, which runs inside
    // whichever script call is running (callsalone.cpp). Set back at the end.
    if (!aloneLuaState())
        return;

    // The host's stops of Redis's core, measured throughout (the reference included), to tell
    // them from the console's doing; the meter's clock is the wall clock, BurstLog's the monotonic.
    const QString pauseTrouble = m_hostPauses.start(m_server.processId());
    timespec wall{};
    clock_gettime(CLOCK_REALTIME, &wall);
    const double wallMinusMonotonic =
        double(wall.tv_sec) + double(wall.tv_nsec) / 1e9 - double(BurstLog::monotonicNs()) / 1e9;
    const OperatorFigures::PauseBeside pauseBeside = [this, pauseTrouble, wallMinusMonotonic](qint64 fromNs,
                                                                                              qint64 toNs) {
        return pauseTrouble.isEmpty() ? m_hostPauses.longestPauseMs(double(fromNs) / 1e9 + wallMinusMonotonic,
                                                                    double(toNs) / 1e9 + wallMinusMonotonic)
                                      : 0.0;
    };

    // Redis's own record of what held it (a fork, an expire cycle, a slow command), for the note.
    m_raw.command({"CONFIG", "SET", "latency-monitor-threshold", "5"});
    m_raw.command({"LATENCY", "RESET"});

    // The reference: PING every 5 ms with the console closed; on Redis's core when the meter
    // pinned the server to one (PingProbe says why), one level above it.
    int redisCore = -1;
    cpu_set_t cores;
    if (pauseTrouble.isEmpty() && sched_getaffinity(pid_t(m_server.processId()), sizeof cores, &cores) == 0
        && CPU_COUNT(&cores) == 1) {
        for (int i = 0; i < CPU_SETSIZE && redisCore < 0; ++i)
            redisCore = CPU_ISSET(i, &cores) ? i : -1;
    }
    sched_param serverParam{};
    sched_getparam(pid_t(m_server.processId()), &serverParam);
    const int pingPriority = qMax(1, serverParam.sched_priority + 1);
    PingProbe ping;
    error = ping.start(m_server.socketPath(), redisCore, pingPriority);
    if (!error.isEmpty()) {
        fail(QStringLiteral("operator: the PING connection: ") + error);
        m_hostPauses.stop();
        restoreRawScripts();
        return;
    }
    const qint64 idleUntil = BurstLog::monotonicNs() + (quick ? 300 : 3000) * 1000000LL;
    spin([idleUntil] { return BurstLog::monotonicNs() >= idleUntil; });
    ping.stop();
    const double idlePingMs = ping.longest().ms;

    BurstLog log(m_raw, QString::fromLatin1(WindowClientName));
    if (!log.start(&error)) {
        fail(QStringLiteral("operator: ") + error);
        m_hostPauses.stop();
        restoreRawScripts();
        return;
    }
    QList<OperatorFigures::Visit> visits;
    const int dwellMs = quick ? 300 : 5000;
    {
        ConnectionSettings settings = unixSettings(m_server.socketPath());
        settings.clientName = QString::fromLatin1(WindowClientName);
        auto session = std::make_unique<QlessSession>(settings);
        session->setAuditLog(std::make_shared<AuditLog>(m_dir.filePath(QStringLiteral("operator-audit.jsonl"))));
        log.setScenario(QStringLiteral("connect"));
        MainWindow window;
        window.resize(1400, 860);
        window.connectionBar()->setRefreshInterval(2000);
        window.setSession(std::move(session));
        window.show();
        error = ping.start(m_server.socketPath(), redisCore, pingPriority);
        if (!error.isEmpty())
            fail(QStringLiteral("operator: the PING connection: ") + error);

        const auto visit = [&](const QString &page, const std::function<bool()> &go) {
            log.setScenario(page);
            OperatorFigures::Visit v;
            v.page = page;
            v.fromNs = BurstLog::monotonicNs();
            if (!go()) {
                fail(QStringLiteral("operator: cannot go to %1").arg(page));
                return;
            }
            // The page's own refresh in, then the window left to refresh by itself a while.
            if (!spin([&window] { return !window.refreshTimer()->isInFlight(); }, 120000))
                fail(QStringLiteral("operator: %1 did not finish refreshing").arg(page));
            v.readyMs = double(BurstLog::monotonicNs() - v.fromNs) / 1e6;
            const qint64 until = BurstLog::monotonicNs() + qint64(dwellMs) * 1000000;
            spin([until] { return BurstLog::monotonicNs() >= until; });
            v.toNs = BurstLog::monotonicNs();
            visits.append(v);
            progress(QStringLiteral("operator: %1").arg(page));
        };
        const auto show = [&window](const QString &title) {
            return [&window, title] { return window.showPage(title); };
        };

        visit(QStringLiteral("Overview"), show(QStringLiteral("Overview")));
        {
            AllServersWindow all;
            all.model()->addServer(window.session(), QStringLiteral("deployment"));
            visit(QStringLiteral("All servers"), [&all] {
                all.show();
                return true;
            });
        }
        visit(QStringLiteral("Queues"), show(QStringLiteral("Queues")));
        const QList<std::pair<QueuesPage::Tab, QString>> tabs{{QueuesPage::WaitingTab, QStringLiteral("Waiting")},
                                                              {QueuesPage::RunningTab, QStringLiteral("Running")},
                                                              {QueuesPage::StalledTab, QStringLiteral("Stalled")},
                                                              {QueuesPage::ScheduledTab, QStringLiteral("Scheduled")},
                                                              {QueuesPage::DependsTab, QStringLiteral("Depends")},
                                                              {QueuesPage::RecurringTab, QStringLiteral("Recurring")}};
        for (const auto &[tab, name] : tabs) {
            visit(QStringLiteral("Queues: %1, %2 tab").arg(QString::fromUtf8(Seeder::queueName(0)), name),
                  [&window, tab] {
                      auto *queues = qobject_cast<QueuesPage *>(window.currentPage());
                      if (!queues)
                          return false;
                      queues->showQueue(QString::fromUtf8(Seeder::queueName(0)));
                      queues->showTab(tab);
                      return true;
                  });
        }
        visit(QStringLiteral("Completed"), show(QStringLiteral("Completed")));
        visit(QStringLiteral("Failed"), show(QStringLiteral("Failed")));
        const QString big = DeploymentSeeder::bigGroupName();
        visit(QStringLiteral("Failed: the group of %1").arg(size.bigGroup), [&window, big] {
            auto *failed = qobject_cast<FailedPage *>(window.currentPage());
            if (failed)
                failed->showGroup(big);
            return failed != nullptr;
        });
        for (const QString &title : {QStringLiteral("Tracked"), QStringLiteral("Tags"), QStringLiteral("Workers")})
            visit(title, show(title));
        visit(QStringLiteral("Stats: all queues"), [&window] {
            if (!window.showPage(QStringLiteral("Stats")))
                return false;
            auto *stats = qobject_cast<StatsPage *>(window.currentPage());
            if (stats)
                stats->setQueue(QString());
            return stats != nullptr;
        });
        for (const QString &title : {QStringLiteral("Config"), QStringLiteral("Activity"), QStringLiteral("Events"),
                                     QStringLiteral("Search"), QStringLiteral("Alerts"), QStringLiteral("Overview")})
            visit(title, show(title));

        // A bulk run: every job of the big group retried, in BulkRunner's batches, with the
        // Failed page on screen refreshing beside it.
        window.showPage(QStringLiteral("Failed"));
        BulkRunner runner(window.session(), JobAction::retry(), BulkTarget::ofFailureGroup(big, size.bigGroup));
        bool finished = false;
        BulkSummary summary;
        QObject::connect(&runner, &BulkRunner::finished, &runner, [&](const BulkSummary &result) {
            summary = result;
            finished = true;
        });
        visit(QStringLiteral("Failed, retrying the group of %1 (bulk run)").arg(size.bigGroup), [&] {
            runner.start();
            return spin([&finished] { return finished; });
        });
        if (summary.done != size.bigGroup)
            fail(QStringLiteral("operator: the bulk run: %1").arg(summary.text()));
        ping.stop();
    }
    m_hostPauses.stop();
    // Read before the log is: reading it is a long command of its own.
    const QString latency = latencyEvents(m_raw);
    if (!log.finish(&error))
        fail(QStringLiteral("operator: ") + error);
    if (!m_calls.start(&error)) // the log's threshold back for the sections after
        fail(QStringLiteral("operator: ") + error);
    restoreRawScripts();
    OperatorFigures(log, ping, visits, pauseBeside).addTo(m_report, idlePingMs, pauseTrouble, latency);
}
