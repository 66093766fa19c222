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
#include "deploymentseeder.h"
#include "failedpage.h"
#include "mainwindow.h"
#include "pingprobe.h"
#include "qlesssession.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "serveroverviewmodel.h"
#include "seeder.h"
#include "statspage.h"
#include "connectionbar.h"

#include <QCoreApplication>

#include <algorithm>
#include <ctime>

namespace {
// The window's connection: its own name, so that Redis's log tells it from the bench's session.
constexpr char WindowClientName[] = "qlessdesk-window";

struct Visit
{
    QString page;
    qint64 fromNs = 0;
    qint64 toNs = 0;
    double longestPingMs = 0;
    BurstLog::Burst burst;
};

QString pingText(const PingProbe &ping, const QList<Visit> &visits)
{
    const PingProbe::Wait most = ping.longest();
    QString where = QStringLiteral("before the first page");
    for (const Visit &v : visits) {
        if (most.sentNs >= v.fromNs && most.sentNs <= v.toNs)
            where = v.page;
    }
    return where;
}

// The longest stop of Redis's core by the host (HostPauseMeter) between two monotonic times.
using PauseBeside = std::function<double(qint64 fromNs, qint64 toNs)>;

void addFigures(Report &report, const BurstLog &log, const PingProbe &ping, QList<Visit> &visits, double idlePingMs,
                const PauseBeside &pauseBeside, const QString &pauseTrouble)
{
    const QString host = pauseTrouble.isEmpty() ? QString() : QStringLiteral(" (host pauses not measured: %1)").arg(pauseTrouble);
    const QList<PingProbe::Wait> waits = ping.longWaits();
    const QList<BurstLog::Burst> bursts = log.largestPerScenario();
    QStringList pages;
    for (Visit &v : visits) {
        for (const PingProbe::Wait &wait : waits) {
            if (wait.sentNs >= v.fromNs && wait.sentNs <= v.toNs)
                v.longestPingMs = qMax(v.longestPingMs, wait.ms);
        }
        for (const BurstLog::Burst &burst : bursts) {
            if (burst.scenario == v.page)
                v.burst = burst;
        }
        pages << QStringLiteral("%1 (PING %2 ms, burst %3 ms of %4)")
                     .arg(v.page).arg(v.longestPingMs, 0, 'f', 1).arg(v.burst.redisMs, 0, 'f', 2).arg(v.burst.commands);
    }
    progress(QStringLiteral("operator: pages visited: ") + pages.join(QStringLiteral("; ")));

    const std::vector<BurstLog::Command> &commands = log.commands();
    const int longestAt = log.longest();
    const double longestMs = longestAt >= 0 ? commands[size_t(longestAt)].redisMs : BurstLog::FloorMicroseconds / 1000.0;
    QList<double> times;
    QList<size_t> order;
    for (size_t i = 0; i < commands.size(); ++i) {
        times.append(commands[i].redisMs);
        order.append(i);
    }
    std::sort(order.begin(), order.end(), [&commands](size_t a, size_t b) { return commands[a].redisMs > commands[b].redisMs; });
    QStringList longestCalls;
    int over = 0;
    for (const size_t i : std::as_const(order)) {
        const BurstLog::Command &c = commands[i];
        over += c.redisMs > 5 ? 1 : 0;
        if (longestCalls.size() < 8)
            longestCalls << QStringLiteral("%1 %2 ms during \"%3\", the host stopping Redis's core %4 ms beside it")
                                .arg(QString::fromUtf8(c.name)).arg(c.redisMs, 0, 'f', 2).arg(c.scenario)
                                .arg(pauseBeside(c.writtenNs, c.repliedNs >= 0 ? c.repliedNs : c.writtenNs), 0, 'f', 1);
    }

    const BurstLog::Burst largest = log.largest();
    Figure burst;
    burst.id = QStringLiteral("redis_largest_burst");
    burst.name = QStringLiteral("largest burst the console queued at Redis (%1 commands)").arg(largest.commands);
    burst.ours = largest.redisMs;
    burst.raw = longestMs;
    burst.reference = QStringLiteral("longest single call");
    burst.hasRatio = false;
    burst.judgeRatio = false;
    burst.maxOurs = 5;
    QStringList perPage;
    for (const BurstLog::Burst &b : bursts)
        perPage << QStringLiteral("%1 %2 ms (%3 commands: %4; host pause %5 ms)").arg(b.scenario).arg(b.redisMs, 0, 'f', 2)
                       .arg(b.commands).arg(b.times).arg(pauseBeside(b.fromNs, b.toNs), 0, 'f', 1);
    burst.note = QStringLiteral("Redis's execution time (its slow log, commands of %1 us or more; %2 under it counted as %1 us) "
                                "added up over the commands the window's connection had written and not yet seen answered "
                                "at one moment, the running one whole: %3 commands (%4 ms) during \"%5\", %6 ms from the first "
                                "written to the last answered, the host stopping Redis's core %7 ms meanwhile%8. %9 commands "
                                "in all, %10 log entries unmatched. Largest per scenario: %11")
                     .arg(BurstLog::FloorMicroseconds).arg(largest.unlogged).arg(largest.commands).arg(largest.times, largest.scenario)
                     .arg(largest.spanMs, 0, 'f', 1).arg(pauseBeside(largest.fromNs, largest.toNs), 0, 'f', 1).arg(host)
                     .arg(commands.size()).arg(log.unmatched())
                     .arg(perPage.join(QStringLiteral("; ")));
    report.add(burst);

    const PingProbe::Wait most = ping.longest();
    Figure wait;
    wait.id = QStringLiteral("operator_ping_wait");
    wait.name = QStringLiteral("operator's walk: longest PING wait of a worker");
    wait.ours = most.ms;
    wait.raw = idlePingMs;
    wait.reference = QStringLiteral("console closed");
    wait.hasRatio = false;
    wait.judgeRatio = false;
    wait.maxOurs = 10;
    wait.note = QStringLiteral("PING every %1 ms on a connection of its own (thread %2), from written to answered, while the "
                               "window (offscreen, refreshing every 2 s) went through %3 pages; %4 pings, the 99th "
                               "percentile %5 ms; the longest during \"%6\", the host stopping Redis's core %7 ms beside "
                               "it%8. Pages: %9")
                    .arg(PingProbe::IntervalMs).arg(ping.describe()).arg(visits.size()).arg(ping.pings())
                    .arg(ping.p99Ms(), 0, 'f', 2).arg(pingText(ping, visits))
                    .arg(pauseBeside(most.sentNs, most.sentNs + qint64(most.ms * 1e6)), 0, 'f', 1)
                    .arg(host, pages.join(QStringLiteral("; ")));
    report.add(wait);

    Figure call;
    call.id = QStringLiteral("operator_longest_call");
    call.name = QStringLiteral("operator's walk: longest console call, as Redis timed it");
    call.ours = longestMs;
    call.raw = median(times);
    call.reference = QStringLiteral("median console call");
    call.hasRatio = false;
    call.judgeRatio = false;
    call.maxOurs = 5;
    call.note = longestAt < 0 ? QStringLiteral("no call logged")
                              : QStringLiteral("Redis's slow log, the window's connection: %1 calls over 5 ms of %2; the "
                                               "longest: %3%4")
                                    .arg(over).arg(commands.size()).arg(longestCalls.join(QStringLiteral("; ")), host);
    report.add(call);
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

    // The host's stops of Redis's core, measured throughout (the reference included), to tell
    // them from the console's doing; the meter's clock is the wall clock, BurstLog's the monotonic.
    const QString pauseTrouble = m_hostPauses.start(m_server.processId());
    timespec wall{};
    clock_gettime(CLOCK_REALTIME, &wall);
    const double wallMinusMonotonic = double(wall.tv_sec) + double(wall.tv_nsec) / 1e9 - double(BurstLog::monotonicNs()) / 1e9;
    const PauseBeside pauseBeside = [this, pauseTrouble, wallMinusMonotonic](qint64 fromNs, qint64 toNs) {
        return pauseTrouble.isEmpty() ? m_hostPauses.longestPauseMs(double(fromNs) / 1e9 + wallMinusMonotonic,
                                                                    double(toNs) / 1e9 + wallMinusMonotonic)
                                      : 0.0;
    };

    // The reference: PING every 5 ms with the console closed.
    PingProbe ping;
    error = ping.start(m_server.socketPath());
    if (!error.isEmpty()) {
        fail(QStringLiteral("operator: the PING connection: ") + error);
        m_hostPauses.stop();
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
        return;
    }
    QList<Visit> visits;
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
        error = ping.start(m_server.socketPath());
        if (!error.isEmpty())
            fail(QStringLiteral("operator: the PING connection: ") + error);

        const auto visit = [&](const QString &page, const std::function<bool()> &go) {
            log.setScenario(page);
            Visit v;
            v.page = page;
            v.fromNs = BurstLog::monotonicNs();
            if (!go()) {
                fail(QStringLiteral("operator: cannot go to %1").arg(page));
                return;
            }
            // The page's own refresh in, then the window left to refresh by itself a while.
            if (!spin([&window] { return !window.refreshTimer()->isInFlight(); }, 120000))
                fail(QStringLiteral("operator: %1 did not finish refreshing").arg(page));
            const qint64 until = BurstLog::monotonicNs() + qint64(dwellMs) * 1000000;
            spin([until] { return BurstLog::monotonicNs() >= until; });
            v.toNs = BurstLog::monotonicNs();
            visits.append(v);
            progress(QStringLiteral("operator: %1").arg(page));
        };
        const auto show = [&window](const QString &title) { return [&window, title] { return window.showPage(title); }; };

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
        const QList<std::pair<QueuesPage::Tab, QString>> tabs{
            {QueuesPage::WaitingTab, QStringLiteral("Waiting")},     {QueuesPage::RunningTab, QStringLiteral("Running")},
            {QueuesPage::StalledTab, QStringLiteral("Stalled")},     {QueuesPage::ScheduledTab, QStringLiteral("Scheduled")},
            {QueuesPage::DependsTab, QStringLiteral("Depends")},     {QueuesPage::RecurringTab, QStringLiteral("Recurring")}};
        for (const auto &[tab, name] : tabs) {
            visit(QStringLiteral("Queues: %1, %2 tab").arg(QString::fromUtf8(Seeder::queueName(0)), name), [&window, tab] {
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
    if (!log.finish(&error))
        fail(QStringLiteral("operator: ") + error);
    if (!m_calls.start(&error)) // the log's threshold back for the sections after
        fail(QStringLiteral("operator: ") + error);
    addFigures(m_report, log, ping, visits, idlePingMs, pauseBeside, pauseTrouble);
}
