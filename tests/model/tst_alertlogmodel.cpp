// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertlogmodel.h"

#include <QSignalSpy>
#include <QTest>

// The alert log as the Alerts page reads it: newest first, a clearing closes its own row, a rule
// change ends what is still on, acknowledging lowers the badge count, and the history stays bounded
// without ever dropping an alert still on.
class TestAlertLogModel final : public QObject
{
    Q_OBJECT

    static AlertEvent event(const char *rule, const QString &subject, AlertEvent::Change change, double at)
    {
        AlertEvent e;
        e.ruleId = QString::fromLatin1(rule);
        e.subject = subject;
        e.change = change;
        e.at = at;
        e.text = e.ruleId + QLatin1Char(' ') + subject;
        return e;
    }
    static constexpr auto Fired = AlertEvent::Change::Fired;
    static constexpr auto Cleared = AlertEvent::Change::Cleared;

private slots:
    void firesClearsAndAcknowledges()
    {
        AlertLogModel log;
        QSignalSpy badge(&log, &AlertLogModel::unacknowledgedChanged);
        log.apply({event("waiting", QStringLiteral("crawl"), Fired, 100),
                   event("waiting", QStringLiteral("mail"), Fired, 100)});
        log.apply({event("stalled", QStringLiteral("crawl"), Fired, 200)});
        QCOMPARE(log.rowCount(), 3);
        QCOMPARE(log.entry(0).ruleId, QStringLiteral("stalled")); // newest first
        QCOMPARE(log.unacknowledgedCount(), 3);
        QCOMPARE(badge.last().at(0).toInt(), 3);

        log.apply({event("waiting", QStringLiteral("crawl"), Cleared, 300)});
        QCOMPARE(log.firingCount(), 2);
        QCOMPARE(log.entry(2).subject, QStringLiteral("crawl"));
        QCOMPARE(log.entry(2).clearedAt, 300.0);
        QCOMPARE(log.data(log.index(2, AlertLogModel::StateColumn)).toString(), QStringLiteral("Cleared"));
        QVERIFY(!log.data(log.index(2, AlertLogModel::ClearedColumn)).toString().isEmpty());
        QCOMPARE(log.unacknowledgedCount(), 2);

        // Fired again: a new row; the cleared one stays as history.
        log.apply({event("waiting", QStringLiteral("crawl"), Fired, 400)});
        QCOMPARE(log.rowCount(), 4);
        QCOMPARE(log.firingCount(), 3);

        log.acknowledge({0, 3}); // the newest, and one already cleared (no change there)
        QCOMPARE(log.unacknowledgedCount(), 2);
        QVERIFY(log.data(log.index(0, 0), AlertLogModel::AcknowledgedRole).toBool());
        QVERIFY(log.data(log.index(1, 0), Qt::FontRole).isValid()); // unacknowledged and on: bold
        QVERIFY(!log.data(log.index(0, 0), Qt::FontRole).isValid());
        log.acknowledgeAll();
        QCOMPARE(log.unacknowledgedCount(), 0);
        QCOMPARE(badge.last().at(0).toInt(), 0);

        // A clearing of an alert this log never saw fire is nothing to close.
        log.apply({event("worker", QStringLiteral("w1"), Cleared, 500)});
        QCOMPARE(log.rowCount(), 4);
    }

    void aRuleChangeEndsWhatIsStillOn()
    {
        AlertLogModel log;
        log.apply({event("waiting", QStringLiteral("crawl"), Fired, 100),
                   event("paused", QStringLiteral("mail"), Fired, 100)});
        AlertEvaluator::Active stillOn;
        stillOn.ruleId = QStringLiteral("paused");
        stillOn.subject = QStringLiteral("mail");
        log.retire({stillOn}, 250);
        QCOMPARE(log.firingCount(), 1);
        const AlertLogModel::Entry &ended = log.entry(1);
        QCOMPARE(ended.ruleId, QStringLiteral("waiting"));
        QCOMPARE(ended.clearedAt, 250.0);
        QVERIFY(!ended.clearedWhy.isEmpty());
        QCOMPARE(log.data(log.index(1, AlertLogModel::StateColumn)).toString(), QStringLiteral("Ended"));
        log.clearHistory();
        QCOMPARE(log.rowCount(), 1);
        QCOMPARE(log.entry(0).ruleId, QStringLiteral("paused"));
    }

    // Ended by acknowledging it (its subject no longer listed): closed as acknowledged and ended,
    // not as cleared by itself, with the text it had while on.
    void anAcknowledgedEndIsNoClearing()
    {
        AlertLogModel log;
        log.apply(
            {event("worker", QStringLiteral("w1"), Fired, 100), event("worker", QStringLiteral("w2"), Fired, 100)});
        AlertEvent ended = event("worker", QStringLiteral("w1"), AlertEvent::Change::Ended, 300);
        ended.text = QStringLiteral("something else");
        log.apply({ended});
        QCOMPARE(log.firingCount(), 1);
        QCOMPARE(log.unacknowledgedCount(), 1);
        const int row = log.entry(0).subject == QStringLiteral("w1") ? 0 : 1;
        const AlertLogModel::Entry &entry = log.entry(row);
        QCOMPARE(entry.clearedAt, 300.0);
        QVERIFY(entry.acknowledged);
        QCOMPARE(entry.clearedWhy, QStringLiteral("acknowledged, no longer listed"));
        QCOMPARE(entry.text, QStringLiteral("worker w1"));
        QCOMPARE(log.data(log.index(row, AlertLogModel::StateColumn)).toString(), QStringLiteral("Ended"));
        QVERIFY2(log.data(log.index(row, AlertLogModel::ClearedColumn))
                     .toString()
                     .endsWith(QLatin1String("(acknowledged, no longer listed)")),
                 qPrintable(log.data(log.index(row, AlertLogModel::ClearedColumn)).toString()));
    }

    void historyIsBoundedButAlertsOnStay()
    {
        AlertLogModel log;
        // 1,200 queues fire at once, then all but 1,100 clear, and more fire.
        QList<AlertEvent> fired;
        for (int i = 0; i < 1200; ++i)
            fired << event("waiting", QString::number(i), Fired, 100);
        log.apply(fired);
        QCOMPARE(log.rowCount(), 1200); // all still on: none dropped
        QList<AlertEvent> cleared;
        for (int i = 0; i < 100; ++i)
            cleared << event("waiting", QString::number(i), Cleared, 200);
        log.apply(cleared);
        log.apply({event("stalled", QStringLiteral("x"), Fired, 300)});
        QCOMPARE(log.firingCount(), 1101);
        QCOMPARE(log.rowCount(), 1101); // the cleared rows went first
        QCOMPARE(log.entry(0).ruleId, QStringLiteral("stalled"));
    }
};

QTEST_GUILESS_MAIN(TestAlertLogModel)
#include "tst_alertlogmodel.moc"
