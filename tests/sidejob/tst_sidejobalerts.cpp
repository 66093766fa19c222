// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertmonitor.h"
#include "qlessclient.h"
#include "qlessclienttestbase.h"
#include "sidejobgenerator.h"
#include "sidekiqprocesswriter.h"

#include <QSignalSpy>

using Layout = SideJobStorage::Layout;
using Outcome = SideJobGenerator::Outcome;

// SideJob's alert rules (failed jobs grown, a Sidekiq queue above a count, a Sidekiq process
// without a beat) checked by the AlertMonitor against a real redis-server holding deployments our
// generator writes as SideJob 4.1.0 and 4.0.2 do, on Sidekiq 6.4.1 (beats in seconds) and 8
// (milliseconds): each fires on the data and clears when the data does, with the hysteresis of
// the count rules, and a server without SideJob fires nothing.
class TestSideJobAlerts final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    double m_now = 0;

    static AlertRule rule(const QString &id, AlertRule::Kind kind, double threshold, const QString &scope = {})
    {
        AlertRule r;
        r.id = id;
        r.kind = kind;
        r.threshold = threshold;
        r.scope = scope;
        if (r.isWindowed())
            r.windowMinutes = 10;
        return r;
    }

    // One check; its changes as "fired rule subject" / "cleared rule subject", sorted.
    QStringList check(AlertMonitor &monitor, QList<AlertEvent> *events = nullptr)
    {
        QSignalSpy changed(&monitor, &AlertMonitor::changed);
        QSignalSpy checked(&monitor, &AlertMonitor::checked);
        monitor.check();
        if (!QTest::qWaitFor([&checked] { return !checked.isEmpty(); }, 30000))
            return {QStringLiteral("no check")};
        QStringList out;
        for (const QList<QVariant> &args : std::as_const(changed)) {
            for (const AlertEvent &e : args.at(0).value<QList<AlertEvent>>()) {
                if (events)
                    *events << e;
                out << QStringLiteral("%1 %2 %3")
                           .arg(e.change == AlertEvent::Change::Fired ? QStringLiteral("fired")
                                                                      : QStringLiteral("cleared"),
                                e.ruleId, e.subject)
                           .trimmed();
            }
        }
        out.sort();
        return out;
    }

    std::unique_ptr<AlertMonitor> monitorOf(const QList<AlertRule> &rules)
    {
        auto monitor = std::make_unique<AlertMonitor>(client());
        monitor->evaluator().setClearHoldSeconds(0); // the hold is the evaluator's test; here, the data
        monitor->setRules(rules);
        return monitor;
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<QList<AlertEvent>>();
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
        m_now = 1795858200.5;
        client()->setClock([this] { return m_now; });
    }
    void init() { fixture().flush(); }
    void cleanupTestCase() { stopQless(); }

    void queueAboveFiresAndClears()
    {
        auto monitor =
            monitorOf({rule(QStringLiteral("long"), AlertRule::Kind::SidekiqQueueAbove, 5),
                       rule(QStringLiteral("long-q2"), AlertRule::Kind::SidekiqQueueAbove, 0, QStringLiteral("q2"))});
        QCOMPARE(check(*monitor), QStringList());
        SideJobGenerator sidejob(fixture().redis());
        sidejob.registerAll("q1", {{"Adder", "{}"}});
        for (int i = 0; i < 6; ++i)
            sidejob.queueJob({"q1", "Adder"}, m_now);
        QList<AlertEvent> events;
        QCOMPARE(check(*monitor, &events), QStringList{QStringLiteral("fired long q1")});
        QCOMPARE(events.first().value, 6.0);
        QVERIFY2(events.first().text.contains(QLatin1String("Sidekiq queue q1")), qPrintable(events.first().text));
        // Down to 5: not above, but not below the clear level (4) either: still on.
        QVERIFY(sidejob.work("q1", m_now));
        QCOMPARE(check(*monitor), QStringList());
        QVERIFY(sidejob.work("q1", m_now));
        QCOMPARE(check(*monitor), QStringList{QStringLiteral("cleared long q1")});
    }

    void failedGrownFiresAndClears_data()
    {
        QTest::addColumn<Layout>("layout");
        QTest::addColumn<int>("others"); // jobs that do not fail, beside the failing ones
        QTest::newRow("4.1") << Layout::V4_1 << 10;
        QTest::newRow("4.0") << Layout::V4_0 << 10;
        // More ids than a check walks (10 calls of 300): the count comes a check later.
        QTest::newRow("4.1, a walk over two checks") << Layout::V4_1 << 3500;
    }
    void failedGrownFiresAndClears()
    {
        QFETCH(Layout, layout);
        QFETCH(int, others);
        SideJobGenerator sidejob(fixture().redis(), layout);
        sidejob.registerAll("q1", {{"Breaker", "{}"}});
        sidejob.registerAll("q2", {{"Adder", "{}"}});
        QList<qint64> failing;
        for (int i = 0; i < 3; ++i)
            failing << sidejob.queueJob({"q1", "Breaker"}, m_now);
        for (int i = 0; i < others; ++i)
            sidejob.queueJob({"q2", "Adder"}, m_now);
        auto monitor =
            monitorOf({rule(QStringLiteral("grown"), AlertRule::Kind::SideJobFailedGrew, 2),
                       rule(QStringLiteral("grown-q1"), AlertRule::Kind::SideJobFailedGrew, 2, QStringLiteral("q1")),
                       rule(QStringLiteral("grown-q2"), AlertRule::Kind::SideJobFailedGrew, 0, QStringLiteral("q2"))});
        const int checksAWalk = others > 3000 ? 2 : 1;
        for (int i = 0; i < checksAWalk; ++i)
            QCOMPARE(check(*monitor), QStringList());
        while (sidejob.work("q1", m_now, [&](qint64) { return sidejob.fail("it broke"); }))
            ;
        for (qint64 id : std::as_const(failing))
            QCOMPARE(sidejob.status(id), QByteArray("failed"));
        for (int i = 1; i < checksAWalk; ++i)
            QCOMPARE(check(*monitor), QStringList()); // the walk under way: the last count stands
        QList<AlertEvent> events;
        QCOMPARE(check(*monitor, &events),
                 (QStringList{QStringLiteral("fired grown"), QStringLiteral("fired grown-q1 q1")}));
        QCOMPARE(events.first().value, 3.0);
        // Run again, forced (failed is not a status the library runs from): the failures of the
        // window are gone.
        for (qint64 id : std::as_const(failing))
            QVERIFY(sidejob.run(id, m_now + 1, true));
        for (int i = 1; i < checksAWalk; ++i)
            QCOMPARE(check(*monitor), QStringList());
        QCOMPARE(check(*monitor),
                 (QStringList{QStringLiteral("cleared grown"), QStringLiteral("cleared grown-q1 q1")}));
    }

    void noBeatFiresAndClears()
    {
        auto monitor = monitorOf({rule(QStringLiteral("silent"), AlertRule::Kind::SidekiqNoBeatFor, 60)});
        SideJobGenerator sidejob(fixture().redis());
        sidejob.registerAll("q1", {{"Adder", "{}"}});
        sidejob.queueJob({"q1", "Adder"}, m_now);
        SidekiqProcessWriter six(fixture().redis(), "six", 606, "0123456789ab", {"q1"}, 5, m_now - 600);
        SidekiqProcessWriter eight(fixture().redis(), "eight", 808, "ba9876543210", {"q1"}, 5, m_now - 600);
        six.beat(m_now - 30);
        eight.beat(m_now - 30);
        const auto millis = [&](double at) {
            fixture().redis().command({"HSET", eight.identity(), "beat", QByteArray::number(qint64(at * 1000))});
        };
        millis(m_now - 30);
        QCOMPARE(check(*monitor), QStringList());
        six.beat(m_now - 90);
        millis(m_now - 90);
        QList<AlertEvent> events;
        QCOMPARE(check(*monitor, &events),
                 (QStringList{QStringLiteral("fired silent ") + QString::fromUtf8(eight.identity()),
                              QStringLiteral("fired silent ") + QString::fromUtf8(six.identity())}));
        for (const AlertEvent &e : std::as_const(events))
            QVERIFY2(e.value >= 89 && e.value <= 91, qPrintable(e.text));
        six.beat(m_now);
        millis(m_now);
        QCOMPARE(check(*monitor), (QStringList{QStringLiteral("cleared silent ") + QString::fromUtf8(eight.identity()),
                                               QStringLiteral("cleared silent ") + QString::fromUtf8(six.identity())}));
        // Killed: still in `processes`, its hash expired.
        fixture().redis().command({"DEL", six.identity()});
        events.clear();
        QCOMPARE(check(*monitor, &events),
                 QStringList{QStringLiteral("fired silent ") + QString::fromUtf8(six.identity())});
        QVERIFY2(events.first().text.contains(QLatin1String("heartbeat is gone")), qPrintable(events.first().text));
    }

    void serverWithoutSideJobFiresNothing()
    {
        auto monitor = monitorOf({rule(QStringLiteral("long"), AlertRule::Kind::SidekiqQueueAbove, 0),
                                  rule(QStringLiteral("grown"), AlertRule::Kind::SideJobFailedGrew, 0),
                                  rule(QStringLiteral("silent"), AlertRule::Kind::SidekiqNoBeatFor, 0)});
        fixture().redis().command({"SET", "jobs", "not a set"});
        QCOMPARE(check(*monitor), QStringList());
        QCOMPARE(check(*monitor), QStringList());
    }

    void rulesRoundTripAsJson()
    {
        for (AlertRule::Kind kind : {AlertRule::Kind::SideJobFailedGrew, AlertRule::Kind::SidekiqQueueAbove,
                                     AlertRule::Kind::SidekiqNoBeatFor}) {
            const AlertRule r = rule(AlertRule::kindKey(kind), kind, 7, QStringLiteral("q1"));
            AlertRule back;
            QString error;
            QVERIFY2(AlertRule::fromJson(r.toJson(), &back, &error), qPrintable(error));
            QCOMPARE(back, r);
            QVERIFY(r.isSideJob());
            QVERIFY(!r.describe().isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestSideJobAlerts)
#include "tst_sidejobalerts.moc"
