// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertmonitor.h"
#include "bluequegenerator.h"
#include "qlessclient.h"
#include "qlessclienttestbase.h"

#include <QSignalSpy>

// Blueque's alert rules (pending above a count, failures grown, a task started too long ago)
// checked by the AlertMonitor against a real redis-server holding a deployment our generator
// writes as Blueque v1.0.0 does: each fires on the data and clears when the data does, and a
// server without Blueque fires nothing.
class TestBluequeAlerts final : public QObject, private QlessClientTestBase
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
        m_now = double(QDateTime::currentSecsSinceEpoch());
        client()->setClock([this] { return m_now; });
    }
    void init() { fixture().flush(); }
    void cleanupTestCase() { stopQless(); }

    void pendingAboveFiresAndClears()
    {
        auto monitor = monitorOf(
            {rule(QStringLiteral("pending"), AlertRule::Kind::BluequePendingAbove, 5),
             rule(QStringLiteral("pending-b"), AlertRule::Kind::BluequePendingAbove, 0, QStringLiteral("b"))});
        QCOMPARE(check(*monitor), QStringList());
        BluequeGenerator blueque(fixture().redis());
        for (int i = 0; i < 6; ++i)
            blueque.enqueue("a_q", QByteArray::number(i), m_now - 10 + i);
        QList<AlertEvent> events;
        QCOMPARE(check(*monitor, &events), QStringList{QStringLiteral("fired pending a_q")});
        QCOMPARE(events.first().value, 6.0);
        QVERIFY2(events.first().text.contains(QLatin1String("a_q")), qPrintable(events.first().text));
        // Down to 5: not above, but not below the clear level (4) either: still on.
        blueque.addListener("a_q", "host_1");
        blueque.dequeue("a_q", "host_1", m_now);
        QCOMPARE(check(*monitor), QStringList());
        blueque.dequeue("a_q", "host_1", m_now); // the listener holds two now
        QCOMPARE(check(*monitor), QStringList{QStringLiteral("cleared pending a_q")});
    }

    void failuresGrownFiresAndClears()
    {
        BluequeGenerator blueque(fixture().redis());
        blueque.addListener("work", "host_2");
        auto monitor = monitorOf(
            {rule(QStringLiteral("grown"), AlertRule::Kind::BluequeFailuresGrew, 2),
             rule(QStringLiteral("grown-work"), AlertRule::Kind::BluequeFailuresGrew, 2, QStringLiteral("work"))});
        QCOMPARE(check(*monitor), QStringList());
        QList<QByteArray> failed;
        for (int i = 0; i < 3; ++i) {
            const QByteArray id = blueque.enqueue("work", "p", m_now);
            QCOMPARE(blueque.dequeue("work", "host_2", m_now), id);
            blueque.start("work", id, "host_2", 100 + i, m_now);
            blueque.fail("work", id, "host_2", 100 + i, "ValueError: no", m_now);
            failed << id;
        }
        QCOMPARE(check(*monitor),
                 (QStringList{QStringLiteral("fired grown"), QStringLiteral("fired grown-work work")}));
        // Deleted (as the library's delete_task does): the growth over the window is gone.
        for (const QByteArray &id : std::as_const(failed))
            blueque.deleteTask("work", id, "failed");
        QCOMPARE(check(*monitor),
                 (QStringList{QStringLiteral("cleared grown"), QStringLiteral("cleared grown-work work")}));
    }

    void startedTooLongAgoFiresAndClears()
    {
        BluequeGenerator blueque(fixture().redis());
        blueque.addListener("slow", "host_3");
        blueque.addListener("quick", "host_4");
        auto monitor = monitorOf({rule(QStringLiteral("started"), AlertRule::Kind::BluequeStartedFor, 600)});
        const QByteArray old = blueque.enqueue("slow", "p", m_now - 4000);
        blueque.dequeue("slow", "host_3", m_now - 3700);
        blueque.start("slow", old, "host_3", 300, m_now - 3600);
        const QByteArray fresh = blueque.enqueue("quick", "p", m_now - 20);
        blueque.dequeue("quick", "host_4", m_now - 15);
        blueque.start("quick", fresh, "host_4", 301, m_now - 10);
        QList<AlertEvent> events;
        QCOMPARE(check(*monitor, &events), QStringList{QStringLiteral("fired started slow")});
        QVERIFY(qAbs(events.first().value - 3600) < 5);
        blueque.complete("slow", old, "host_3", 300, "done", m_now);
        QCOMPARE(check(*monitor), QStringList{QStringLiteral("cleared started slow")});
    }

    void aServerWithoutBluequeFiresNothing()
    {
        auto monitor = monitorOf({rule(QStringLiteral("pending"), AlertRule::Kind::BluequePendingAbove, 0),
                                  rule(QStringLiteral("grown"), AlertRule::Kind::BluequeFailuresGrew, 0),
                                  rule(QStringLiteral("started"), AlertRule::Kind::BluequeStartedFor, 0)});
        fixture().put("qlessq", "jid1", m_now);
        QCOMPARE(check(*monitor), QStringList());
        QCOMPARE(check(*monitor), QStringList());
    }

    void rulesRoundTripThroughJson()
    {
        for (AlertRule::Kind kind : {AlertRule::Kind::BluequePendingAbove, AlertRule::Kind::BluequeFailuresGrew,
                                     AlertRule::Kind::BluequeStartedFor}) {
            const AlertRule r = rule(QStringLiteral("r"), kind, 7, QStringLiteral("q"));
            QVERIFY(r.problem().isEmpty());
            AlertRule back;
            QString error;
            QVERIFY2(AlertRule::fromJson(r.toJson(), &back, &error), qPrintable(error));
            QCOMPARE(back, r);
            QVERIFY(AlertRule::kinds().contains(kind));
            QVERIFY(r.describe().contains(QLatin1String("Blueque")));
        }
    }
};

QTEST_MAIN(TestBluequeAlerts)
#include "tst_bluequealerts.moc"
