// SPDX-License-Identifier: GPL-3.0-or-later
// The alerts section: the rules a cautious operator sets on every queue (waiting and stalled
// above a count, the oldest job waiting too long, a queue at its limit or paused too long),
// every failure group and every worker, checked over the overview's 1,000 queues and 10,000
// workers as the window does after each refresh (AlertMonitor). The reads are bounded pages on
// the connection's thread; the GUI thread must not stall while the evaluator walks what came.
// Against the plain calls of the same data: qless's queues, failed and workers, and
// desk.waitingsince for the queues with jobs waiting, 200 a call as the client sends them.
#include "bench.h"

#include "alertmonitor.h"
#include "benchtools.h"
#include "qlesssession.h"
#include "seeder.h"

namespace {
QList<AlertRule> everyRuleOnEverything()
{
    QList<AlertRule> rules;
    const auto add = [&rules](AlertRule::Kind kind, double threshold, int windowMinutes = 0) {
        AlertRule rule;
        rule.id = AlertRule::kindKey(kind);
        rule.kind = kind;
        rule.threshold = threshold;
        rule.windowMinutes = windowMinutes;
        rules << rule;
    };
    add(AlertRule::Kind::WaitingAbove, 5);
    add(AlertRule::Kind::StalledAbove, 0);
    add(AlertRule::Kind::OldestWaitingFor, 60);
    add(AlertRule::Kind::AtMaxConcurrencyFor, 60);
    add(AlertRule::Kind::PausedFor, 600);
    add(AlertRule::Kind::FailuresGrew, 10, 5);
    add(AlertRule::Kind::WorkerNotSeenFor, 30);
    add(AlertRule::Kind::ConnectionDownFor, 30);
    return rules;
}
} // namespace

void Bench::alerts()
{
    if (!flush())
        return;
    progress(QStringLiteral("alerts: seeding %1 queues and %2 workers").arg(m_options.queues).arg(m_options.workers));
    Seeder seeder(m_raw);
    QString error;
    if (!seeder.overview(m_options.queues, m_options.workers, nowSeconds(), &error)) {
        fail(error);
        return;
    }
    QList<QByteArray> queues;
    for (int i = 0; i < m_options.queues; ++i)
        queues << Seeder::queueName(i);

    AlertMonitor monitor(m_session->client());
    monitor.setRules(everyRuleOnEverything());
    const auto ours = [&] {
        bool done = false;
        const QMetaObject::Connection connection =
            QObject::connect(&monitor, &AlertMonitor::checked, [&done] { done = true; });
        QElapsedTimer timer;
        timer.start();
        monitor.check();
        spin([&done] { return done; }, 120000);
        QObject::disconnect(connection);
        return done ? msSince(timer) : -1.0;
    };
    const auto raw = [&] {
        const QByteArray now = seconds(nowSeconds());
        QList<RawRedis::Argv> commands{RawRedis::script(QStringLiteral("qless"), {}, {"queues", now}),
                                       RawRedis::script(QStringLiteral("qless"), {}, {"failed", now}),
                                       RawRedis::script(QStringLiteral("qless"), {}, {"workers", now})};
        for (qsizetype i = 0; i < queues.size(); i += 200) {
            RawRedis::Argv args{"desk.waitingsince", now};
            args += queues.mid(i, 200);
            commands << RawRedis::script(QStringLiteral("qless"), {}, args);
        }
        qint64 errors = 0;
        QString last;
        const double ms = rawPipeline(commands, &errors, &last);
        if (errors)
            fail(QStringLiteral("alerts, raw: ") + last);
        return ms;
    };

    progress(QStringLiteral("alerts: %1 checks each side").arg(m_options.repeats));
    QList<double> rawSamples;
    QList<double> oursSamples;
    double stall = 0;
    for (int i = 0; i < m_options.repeats; ++i) {
        rawSamples.append(raw());
        m_meter.start();
        const double ms = ours();
        stall = qMax(stall, m_meter.stop());
        if (ms < 0) {
            fail(QStringLiteral("alerts: a check did not end within 2 minutes"));
            return;
        }
        oursSamples.append(ms);
    }
    // The seeded queues hold more than 5 waiting jobs each, so the count rule is on for them.
    if (monitor.active().isEmpty())
        fail(QStringLiteral("alerts: no alert fired on %1 queues; the check read nothing").arg(m_options.queues));

    Figure check;
    check.id = QStringLiteral("alert_check");
    check.name = QStringLiteral("alerts: one check of every rule (%1 queues, %2 workers)")
                     .arg(m_options.queues)
                     .arg(m_options.workers);
    check.ours = median(oursSamples);
    check.raw = median(rawSamples);
    check.oursSamples = oursSamples;
    check.rawSamples = rawSamples;
    // For information: the target is the GUI thread's (no stall over a frame). The reference's
    // single calls hold Redis for as long as 10,000 workers take; our pages never do.
    check.judgeRatio = false;
    check.note = QStringLiteral("bounded pages against one call each; medians of %1; %2 alerts on")
                     .arg(m_options.repeats)
                     .arg(monitor.active().size());
    m_report.add(check);
    addStall(QStringLiteral("stall_alert_check"),
             QStringLiteral("GUI stall: alert check over %1 queues").arg(m_options.queues), stall);
    m_calls.drain(QStringLiteral("alerts"));
}
