// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertmonitor.h"
#include "alertrulestore.h"
#include "historystore.h"
#include "historytesthelpers.h"
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// The trend alert rules, read from a history file (a real SQLite file, written as the recorder
// writes it) by the alert monitor of a real qless client: a queue's waiting count grown by more
// than N % in M minutes, and the jobs completed a minute fallen under a floor, each firing,
// holding on in the band between its two levels, and clearing once the all-clear has held; and
// both kept and read back as rules.
class TestTrendAlerts final : public QObject
{
    Q_OBJECT

    QlessFixture m_q;
    std::unique_ptr<QTemporaryDir> m_dir;

    ConnectionSettings settings()
    {
        ConnectionSettings s;
        s.transport = ConnectionSettings::Transport::Unix;
        s.socketPath = m_q.server().socketPath();
        return s;
    }

    static AlertRule growthRule()
    {
        AlertRule r;
        r.id = QStringLiteral("grew");
        r.kind = AlertRule::Kind::WaitingGrewPercent;
        r.scope = QStringLiteral("crawl");
        r.threshold = 50;
        r.windowMinutes = 10;
        return r;
    }
    static AlertRule floorRule()
    {
        AlertRule r;
        r.id = QStringLiteral("floor");
        r.kind = AlertRule::Kind::ThroughputBelow;
        r.threshold = 10;
        r.windowMinutes = 5;
        return r;
    }

    // Minutes [from, to) as the recorder writes them: crawl's waiting count sampled, its jobs
    // completed heard on a stream listened to the whole minute.
    static void record(HistoryStore &store, int from, int to, qint64 waiting, qint64 completed)
    {
        HistoryBatch batch;
        for (int m = from; m < to; ++m) {
            batch.coverage << HistoryMinuteCoverage{minuteAt(m), true, true};
            HistoryCountsSample counts;
            counts.queue = QStringLiteral("crawl");
            counts.minuteMs = minuteAt(m);
            counts.waiting = waiting;
            batch.counts << counts;
            HistoryEventCounts events;
            events.queue = QStringLiteral("crawl");
            events.minuteMs = minuteAt(m);
            events.completed = completed;
            batch.events << events;
        }
        store.append(batch);
    }

    // One check at `minute` (and `seconds` into it); its changes as "fired rule subject", sorted.
    static QStringList checkAt(AlertMonitor &monitor, qint64 *clockMs, int minute, int seconds = 1)
    {
        *clockMs = minuteAt(minute) + seconds * 1000;
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
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void eachTrendRuleFiresAndClearsWithHysteresis()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        qint64 clock = minuteAt(0);
        client.setClock([&clock] { return double(clock) / 1000.0; });
        auto store =
            std::make_shared<HistoryStore>(m_dir->filePath(QStringLiteral("h.sqlite")), HistoryStore::Mode::Record);
        AlertMonitor monitor(&client);
        monitor.setHistory(store);
        monitor.evaluator().setClearHoldSeconds(120);
        monitor.setRules({growthRule(), floorRule()});
        QVERIFY(monitor.evaluator().needs().history);
        QVERIFY(!monitor.evaluator().needs().queues); // the refresh reads nothing for them

        // Nothing recorded yet: no value, nothing fires.
        QCOMPARE(checkAt(monitor, &clock, 0), QStringList());

        // Steady: 100 waiting, 20 completed a minute.
        record(*store, 0, 10, 100, 20);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 10), QStringList());

        // Waiting doubles (100 -> 200 in the window: +100 %), completions drop to 5 a minute.
        record(*store, 10, 15, 200, 5);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 15),
                 (QStringList{QStringLiteral("fired floor"), QStringLiteral("fired grew crawl")}));

        // In the band between the levels: +47 % (clears at 45 % or less) and 10 a minute (fires
        // under 10, clears at 11 or more): both stay on.
        record(*store, 15, 20, 294, 10);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 20), QStringList());
        QCOMPARE(monitor.active().size(), 2);

        // All clear (flat, 20 a minute), but not for the hold yet.
        record(*store, 20, 28, 294, 20);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 25), QStringList());
        QCOMPARE(monitor.active().size(), 2);
        // The all-clear has held two minutes.
        QCOMPARE(checkAt(monitor, &clock, 27, 2),
                 (QStringList{QStringLiteral("cleared floor"), QStringLiteral("cleared grew crawl")}));
        QVERIFY(monitor.active().isEmpty());
    }

    void aQueueEmptyAtTheStartIsComparedWithOneJob()
    {
        RedisConnection connection(settings());
        QVERIFY(awaitReady(connection));
        QlessClient client(&connection);
        qint64 clock = minuteAt(0);
        client.setClock([&clock] { return double(clock) / 1000.0; });
        auto store =
            std::make_shared<HistoryStore>(m_dir->filePath(QStringLiteral("h.sqlite")), HistoryStore::Mode::Record);
        AlertMonitor monitor(&client);
        monitor.setHistory(store);
        monitor.setRules({growthRule()});
        record(*store, 0, 1, 0, 0);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 0), QStringList()); // one sample: no trend yet
        record(*store, 1, 2, 3, 0);
        QVERIFY(waitIdle(*store));
        QCOMPARE(checkAt(monitor, &clock, 1), QStringList{QStringLiteral("fired grew crawl")});
        QCOMPARE(monitor.active().constFirst().value, 300.0); // 0 -> 3, against one job
    }

    void trendRulesAreKeptAndReadBack()
    {
        const QString ini = m_dir->filePath(QStringLiteral("settings.ini"));
        const QString server = QStringLiteral("redis://prod.internal:6379/0");
        AlertRule fractional = floorRule();
        fractional.threshold = 0.5; // a job every other minute
        {
            AlertRuleStore kept(ini);
            kept.setRules(server, {growthRule(), fractional});
            kept.sync();
        }
        QString error;
        const QList<AlertRule> back = AlertRuleStore(ini).rules(server, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(back.size(), 2);
        QVERIFY(back.at(0) == growthRule());
        QVERIFY(back.at(1) == fractional);
        QCOMPARE(growthRule().toJson().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("waiting-grew-percent"));
        QCOMPARE(floorRule().toJson().value(QStringLiteral("window_minutes")).toInt(), 5);

        AlertRule noWindow = growthRule();
        noWindow.windowMinutes = 0;
        QVERIFY(!noWindow.problem().isEmpty());
        QVERIFY(!floorRule().describe().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTrendAlerts)
#include "tst_trendalerts.moc"
