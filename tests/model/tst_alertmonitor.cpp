// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertmonitor.h"
#include "qlessclient.h"
#include "qlessclienttestbase.h"

#include <QSignalSpy>

// The alert rules checked against a real qless: each kind fires on data made through the
// scripts and clears when the data does, reading only what the rules need.
class TestAlertMonitor final : public QObject, private QlessClientTestBase
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
        if (kind == AlertRule::Kind::FailuresGrew)
            r.windowMinutes = 10;
        return r;
    }

    // One check; the changes it made, as "fired rule subject" / "cleared rule subject", sorted.
    QStringList check(AlertMonitor &monitor)
    {
        QSignalSpy changed(&monitor, &AlertMonitor::changed);
        QSignalSpy checked(&monitor, &AlertMonitor::checked);
        monitor.check();
        if (!QTest::qWaitFor([&checked] { return !checked.isEmpty(); }, 30000))
            return {QStringLiteral("no check")};
        QStringList out;
        for (const QList<QVariant> &args : std::as_const(changed)) {
            for (const AlertEvent &e : args.at(0).value<QList<AlertEvent>>())
                out << QStringLiteral("%1 %2 %3")
                           .arg(e.change == AlertEvent::Change::Fired ? QStringLiteral("fired")
                                                                      : QStringLiteral("cleared"),
                                e.ruleId, e.subject)
                           .trimmed();
        }
        out.sort();
        return out;
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<QList<AlertEvent>>();
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
        m_now = double(QDateTime::currentSecsSinceEpoch());
        client()->setClock([this] { return m_now; });
    }
    void cleanupTestCase() { stopQless(); }

    void eachRuleFiresAndClearsOnWhatQlessHolds()
    {
        AlertMonitor monitor(client());
        monitor.evaluator().setClearHoldSeconds(0); // the hold is the evaluator's test; here, the data
        monitor.setRules({rule(QStringLiteral("waiting"), AlertRule::Kind::WaitingAbove, 3, QStringLiteral("crawl")),
                          rule(QStringLiteral("stalled"), AlertRule::Kind::StalledAbove, 0),
                          rule(QStringLiteral("failures"), AlertRule::Kind::FailuresGrew, 1),
                          rule(QStringLiteral("worker"), AlertRule::Kind::WorkerNotSeenFor, 600),
                          rule(QStringLiteral("paused"), AlertRule::Kind::PausedFor, 60, QStringLiteral("crawl")),
                          rule(QStringLiteral("busy"), AlertRule::Kind::AtMaxConcurrencyFor, 120),
                          rule(QStringLiteral("down"), AlertRule::Kind::ConnectionDownFor, 30)});
        QCOMPARE(check(monitor), QStringList());

        for (int i = 0; i < 5; ++i)
            fixture().put("crawl", "c" + QByteArray::number(i), m_now);
        QCOMPARE(check(monitor), QStringList{QStringLiteral("fired waiting crawl")});

        // Two jobs popped two hours ago by a worker never seen since: their locks expired.
        const QList<QByteArray> popped = fixture().pop("crawl", "old-host", 2, m_now - 7200);
        QCOMPARE(popped.size(), 2);
        QCOMPARE(check(monitor),
                 (QStringList{QStringLiteral("fired stalled crawl"), QStringLiteral("fired worker old-host")}));

        // The worker fails them: the failures grow by two, nothing is stalled any more, and
        // three waiting jobs (at the threshold, above its clear level) keep that alert on.
        for (const QByteArray &jid : popped)
            fixture().qless("fail", m_now, {jid, "old-host", "Net::ReadTimeout", "timed out after 30 s"});
        QCOMPARE(check(monitor),
                 (QStringList{QStringLiteral("cleared stalled crawl"), QStringLiteral("fired failures")}));

        // Paused for a minute and a bit; a limit of one running job, reached for two minutes.
        fixture().qless("config.set", m_now, {"crawl-max-concurrency", "1"});
        fixture().qless("config.set", m_now, {"heartbeat", "600"}); // its lock outlasts the minutes below
        QCOMPARE(fixture().pop("crawl", "new-host", 1, m_now).size(), 1);
        fixture().qless("pause", m_now, {"crawl"}); // after the pop: a paused queue hands out nothing
        // Two left waiting: at the waiting rule's clear level.
        QCOMPARE(check(monitor), QStringList{QStringLiteral("cleared waiting crawl")});
        m_now += 61;
        QCOMPARE(check(monitor), QStringList{QStringLiteral("fired paused crawl")});
        m_now += 60;
        QCOMPARE(check(monitor), QStringList{QStringLiteral("fired busy crawl")});
        fixture().qless("unpause", m_now, {"crawl"});
        fixture().qless("config.unset", m_now, {"crawl-max-concurrency"});
        QCOMPARE(check(monitor),
                 (QStringList{QStringLiteral("cleared busy crawl"), QStringLiteral("cleared paused crawl")}));

        // Down: nothing is read, and only the connection rule moves.
        monitor.setConnected(false);
        QTest::qWait(0);
        m_now += 31;
        QCOMPARE(check(monitor), QStringList{QStringLiteral("fired down")});
        monitor.setConnected(true);
        QTRY_COMPARE(monitor.active().size(), 2); // the failures and the worker; the connection cleared
        const QList<AlertEvaluator::Active> active = monitor.active();
        QVERIFY(std::none_of(active.cbegin(), active.cend(),
                             [](const AlertEvaluator::Active &a) { return a.ruleId == QLatin1String("down"); }));
    }

    // A growth rule on all groups walks every group's count, reading no group's newest failure
    // (desk.failurecounts, not desk.failed: issue #30, a newest failure with its backtrace costs
    // Redis far more than a count), and sums each group once.
    void failureGrowthWalksCountsOnly()
    {
        fixture().flush();
        const auto addFailures = [this](int from, int to, const QByteArray &group) {
            for (int i = from; i < to; ++i) {
                const QByteArray jid = "f" + QByteArray::number(i);
                const QByteArray name = group.isEmpty() ? "group " + QByteArray::number(i) : group;
                fixture().command({"HSET", "ql:j:" + jid, "jid", jid, "state", "failed", "failure",
                                   "{\"message\":\"m\",\"when\":1}"});
                fixture().command({"LPUSH", "ql:f:" + name, jid});
                fixture().command({"SADD", "ql:failures", name});
            }
        };
        addFailures(0, 1200, {});
        AlertMonitor monitor(client());
        monitor.setRules({rule(QStringLiteral("failures"), AlertRule::Kind::FailuresGrew, 2)});
        QCOMPARE(check(monitor), QStringList());
        fixture().command({"CONFIG", "SET", "slowlog-log-slower-than", "0"});
        fixture().command({"CONFIG", "SET", "slowlog-max-len", "100000"});
        fixture().command({"SLOWLOG", "RESET"});
        addFailures(1200, 1203, "group 7");
        QCOMPARE(check(monitor), QStringList{QStringLiteral("fired failures")});
        QCOMPARE(monitor.active().constFirst().value, 3.0);
        const RedisValue log = fixture().command({"SLOWLOG", "GET", "-1"});
        fixture().command({"CONFIG", "SET", "slowlog-log-slower-than", "10000"});
        int counts = 0;
        for (const RedisValue &entry : log.elements) {
            const QList<QByteArray> argv = entry.elements.value(3).strings();
            QVERIFY2(!argv.contains("desk.failed") && !argv.contains("desk.failuregroups"),
                     argv.join(' ').left(200).constData());
            counts += argv.contains("desk.failurecounts") ? 1 : 0;
        }
        QVERIFY2(counts >= 2, QByteArray::number(counts).constData()); // 1,200 groups: more than one step
    }

    void readsOnlyWhatTheRulesNeed()
    {
        fixture().flush();
        AlertMonitor monitor(client());
        monitor.setRules({rule(QStringLiteral("down"), AlertRule::Kind::ConnectionDownFor, 30)});
        QVERIFY(!monitor.evaluator().needs().queues);
        QVERIFY(!monitor.evaluator().needs().workers);
        QVERIFY(!monitor.evaluator().needs().failureGroups);
        QSignalSpy checked(&monitor, &AlertMonitor::checked);
        monitor.check();
        QCOMPARE(checked.size(), 1); // nothing to read: evaluated at once
    }

    // The waiting-time rule reads since when each queue's longest-waiting job has waited:
    // priorities do not hide an old job, a due scheduled job counts from when it was due.
    void oldestWaitingFiresOnHowLongJobsHaveWaited()
    {
        fixture().flush();
        AlertMonitor monitor(client());
        monitor.evaluator().setClearHoldSeconds(0);
        AlertRule any = rule(QStringLiteral("old"), AlertRule::Kind::OldestWaitingFor, 600);
        AlertRule mail =
            rule(QStringLiteral("mail-old"), AlertRule::Kind::OldestWaitingFor, 30, QStringLiteral("mail"));
        monitor.setRules({any, mail});
        QVERIFY(monitor.evaluator().needs().waitingSince);
        QVERIFY(monitor.evaluator().needs().waitingSinceOf.isEmpty()); // one rule watches every queue
        QCOMPARE(check(monitor), QStringList());

        // crawl: an urgent job now, and a low-priority one put 20 minutes ago; mail: a job
        // scheduled two minutes ago, due one minute ago.
        fixture().put("crawl", "urgent", m_now, {"priority", "50"});
        fixture().put("crawl", "slow", m_now - 1200, {"priority", "-5"});
        fixture().put("mail", "later", m_now - 120, {}, 60);
        QCOMPARE(check(monitor),
                 (QStringList{QStringLiteral("fired mail-old mail"), QStringLiteral("fired old crawl")}));
        const QList<AlertEvaluator::Active> active = monitor.active();
        QCOMPARE(active.size(), 2);
        QVERIFY(qAbs(active.at(0).value - 1200) < 1); // the old job, behind the urgent one
        QVERIFY(qAbs(active.at(1).value - 60) < 2);

        // Both crawl jobs popped: nothing waits there any more.
        QCOMPARE(fixture().pop("crawl", "w", 2, m_now).size(), 2);
        QCOMPARE(check(monitor), QStringList{QStringLiteral("cleared old crawl")});
        // Scoped to one queue, only that one is asked about.
        monitor.setRules({mail});
        QCOMPARE(monitor.evaluator().needs().waitingSinceOf, QStringList{QStringLiteral("mail")});
    }
};

QTEST_GUILESS_MAIN(TestAlertMonitor)
#include "tst_alertmonitor.moc"
