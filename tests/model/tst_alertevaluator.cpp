// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertevaluator.h"

#include <QJsonDocument>
#include <QTest>

// When an alert fires and when it clears: each kind of rule on what a refresh saw, the band and
// the hold that keep a flapping value quiet, rules on every queue firing one by one, and the rule
// files read all or nothing.
class TestAlertEvaluator final : public QObject
{
    Q_OBJECT

    static constexpr double T0 = 1800000000; // seconds, a server clock

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

    static QueueCounts queue(const QString &name, qint64 waiting, qint64 stalled = 0)
    {
        QueueCounts q;
        q.name = name;
        q.waiting = waiting;
        q.stalled = stalled;
        return q;
    }

    static AlertObservation queues(double at, const QList<QueueCounts> &list)
    {
        AlertObservation o;
        o.now = at;
        o.queues = list;
        return o;
    }

    static QString changeName(AlertEvent::Change change)
    {
        switch (change) {
        case AlertEvent::Change::Fired: return QStringLiteral("fired");
        case AlertEvent::Change::Cleared: return QStringLiteral("cleared");
        case AlertEvent::Change::Ended: return QStringLiteral("ended");
        }
        return QString();
    }

    static QStringList changes(const QList<AlertEvent> &events)
    {
        QStringList out;
        for (const AlertEvent &e : events)
            out << QStringLiteral("%1 %2 %3").arg(changeName(e.change), e.ruleId, e.subject);
        return out;
    }

private slots:
    void waitingFiresPerQueueAndClearsAfterTheBandAndTheHold()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WaitingAbove, 100)});
        QVERIFY(e.needs().queues);
        QVERIFY(!e.needs().workers);
        QCOMPARE(changes(e.observe(queues(T0, {queue(QStringLiteral("a"), 100), queue(QStringLiteral("b"), 5)}))),
                 QStringList());
        const QList<AlertEvent> fired =
            e.observe(queues(T0 + 5, {queue(QStringLiteral("a"), 101), queue(QStringLiteral("b"), 500)}));
        QCOMPARE(changes(fired), (QStringList{QStringLiteral("fired w a"), QStringLiteral("fired w b")}));
        QCOMPARE(fired.first().value, 101.0);
        QVERIFY2(fired.first().text.contains(QStringLiteral("101")), qPrintable(fired.first().text));
        QCOMPARE(e.active().size(), 2);

        // 95 is under the threshold but inside the band (clears at 90): still firing, no event.
        QCOMPARE(changes(e.observe(queues(T0 + 10, {queue(QStringLiteral("a"), 95), queue(QStringLiteral("b"), 500)}))),
                 QStringList());
        // Back above and below again: a flapping value makes no event at all.
        QCOMPARE(changes(
                     e.observe(queues(T0 + 15, {queue(QStringLiteral("a"), 120), queue(QStringLiteral("b"), 500)}))),
                 QStringList());
        // All clear (90 or less) must hold a minute.
        QCOMPARE(changes(e.observe(queues(T0 + 20, {queue(QStringLiteral("a"), 90), queue(QStringLiteral("b"), 500)}))),
                 QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 50, {queue(QStringLiteral("a"), 10), queue(QStringLiteral("b"), 500)}))),
                 QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 80, {queue(QStringLiteral("a"), 0), queue(QStringLiteral("b"), 500)}))),
                 QStringList{QStringLiteral("cleared w a")});
        QCOMPARE(e.active().size(), 1);
        QCOMPARE(e.active().first().subject, QStringLiteral("b"));
    }

    // Each kind's wording, made only for a reading that fires or updates an alert.
    void eachKindSaysWhatFired()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WaitingAbove, 3),
                    rule(QStringLiteral("s"), AlertRule::Kind::StalledAbove, 1),
                    rule(QStringLiteral("p"), AlertRule::Kind::PausedFor, 30),
                    rule(QStringLiteral("m"), AlertRule::Kind::AtMaxConcurrencyFor, 30),
                    rule(QStringLiteral("o"), AlertRule::Kind::OldestWaitingFor, 60),
                    rule(QStringLiteral("n"), AlertRule::Kind::WorkerNotSeenFor, 60)});
        QueueCounts q = queue(QStringLiteral("crawl"), 9, 2);
        q.paused = true;
        q.maxConcurrency = 4;
        q.running = 4;
        WorkerSummary worker;
        worker.name = QStringLiteral("host-1");
        worker.lastSeen = T0 - 100;
        const auto at = [&](double now) {
            AlertObservation o = queues(now, {q});
            o.workers = QList<WorkerSummary>{worker};
            o.waitingSince = QHash<QString, double>{{QStringLiteral("crawl"), T0 - 100}};
            return o;
        };
        // Counts fire at once; durations start here and fire two minutes on.
        QHash<QString, QString> texts;
        QList<AlertEvent> events = e.observe(at(T0));
        events += e.observe(at(T0 + 120));
        for (const AlertEvent &event : std::as_const(events))
            texts.insert(event.ruleId, event.text);
        QVERIFY2(texts.size() == 6, qPrintable(QStringList(texts.keys()).join(QLatin1Char(','))));
        QCOMPARE(texts.value(QStringLiteral("w")), QStringLiteral("Waiting jobs in queue crawl: 9 (above 3)"));
        QCOMPARE(texts.value(QStringLiteral("s")), QStringLiteral("Stalled jobs in queue crawl: 2 (above 1)"));
        QVERIFY2(texts.value(QStringLiteral("p")).startsWith(QStringLiteral("Queue crawl paused for 2 min")),
                 qPrintable(texts.value(QStringLiteral("p"))));
        QVERIFY2(texts.value(QStringLiteral("m"))
                     .startsWith(QStringLiteral("Queue crawl running at its max-concurrency (4) for 2 min")),
                 qPrintable(texts.value(QStringLiteral("m"))));
        QVERIFY2(
            texts.value(QStringLiteral("o")).startsWith(QStringLiteral("A job in queue crawl waiting for 1 min 40 s")),
            qPrintable(texts.value(QStringLiteral("o"))));
        QVERIFY2(texts.value(QStringLiteral("n")).startsWith(QStringLiteral("Worker host-1 not seen for 1 min 40 s")),
                 qPrintable(texts.value(QStringLiteral("n"))));
    }

    void aBlipInsideTheHoldStartsItOver()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("s"), AlertRule::Kind::StalledAbove, 0, QStringLiteral("a"))});
        QCOMPARE(changes(
                     e.observe(queues(T0, {queue(QStringLiteral("a"), 0, 3), queue(QStringLiteral("other"), 0, 9)}))),
                 QStringList{QStringLiteral("fired s a")}); // the rule names one queue: the other is not watched
        QCOMPARE(changes(e.observe(queues(T0 + 40, {queue(QStringLiteral("a"), 0, 0)}))), QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 70, {queue(QStringLiteral("a"), 0, 1)}))), QStringList()); // bad again
        QCOMPARE(changes(e.observe(queues(T0 + 90, {queue(QStringLiteral("a"), 0, 0)}))), QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 149, {queue(QStringLiteral("a"), 0, 0)}))), QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 150, {queue(QStringLiteral("a"), 0, 0)}))),
                 QStringList{QStringLiteral("cleared s a")});
    }

    void anObservationWithoutThePartKeepsTheState()
    {
        AlertEvaluator e;
        e.setClearHoldSeconds(0);
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WaitingAbove, 1)});
        QCOMPARE(e.observe(queues(T0, {queue(QStringLiteral("a"), 2)})).size(), 1);
        AlertObservation nothingRead;
        nothingRead.now = T0 + 100;
        QCOMPARE(e.observe(nothingRead).size(), 0); // no queues read: not "all clear"
        QCOMPARE(e.active().size(), 1);
        // A queue no longer listed (forgotten) is all clear.
        QCOMPARE(changes(e.observe(queues(T0 + 200, {}))), QStringList{QStringLiteral("cleared w a")});
    }

    void failuresGrowthOverTheWindow()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("f"), AlertRule::Kind::FailuresGrew, 50)});
        QVERIFY(e.needs().failureGroups);
        const auto groups = [](double at, qint64 a, qint64 b) {
            AlertObservation o;
            o.now = at;
            FailureGroup ga;
            ga.name = QStringLiteral("Timeout");
            ga.count = a;
            FailureGroup gb;
            gb.name = QStringLiteral("KeyError");
            gb.count = b;
            o.failureGroups = QList<FailureGroup>{ga, gb};
            return o;
        };
        QCOMPARE(e.observe(groups(T0, 1000, 10)).size(), 0);
        QCOMPARE(e.observe(groups(T0 + 60, 1030, 20)).size(), 0);              // +40 in all
        const QList<AlertEvent> fired = e.observe(groups(T0 + 120, 1040, 21)); // +51
        QCOMPARE(changes(fired), QStringList{QStringLiteral("fired f ")});
        QCOMPARE(fired.first().value, 51.0);
        // Ten minutes on, the low counts of T0 and T0 + 60 have left the window: the growth is
        // what came since T0 + 120 (+21), all clear, which must hold a minute.
        QCOMPARE(e.observe(groups(T0 + 700, 1061, 21)).size(), 0);
        QCOMPARE(e.observe(groups(T0 + 759, 1061, 21)).size(), 0);
        QCOMPARE(changes(e.observe(groups(T0 + 760, 1061, 21))), QStringList{QStringLiteral("cleared f ")});
    }

    void durationsOfMaxConcurrencyAndPause()
    {
        AlertEvaluator e;
        e.setClearHoldSeconds(0);
        e.setRules({rule(QStringLiteral("m"), AlertRule::Kind::AtMaxConcurrencyFor, 300),
                    rule(QStringLiteral("p"), AlertRule::Kind::PausedFor, 600, QStringLiteral("a"))});
        QueueCounts a = queue(QStringLiteral("a"), 10);
        a.maxConcurrency = 4;
        a.running = 4;
        a.paused = true;
        QueueCounts unlimited = queue(QStringLiteral("b"), 10);
        unlimited.running = 50;
        QCOMPARE(e.observe(queues(T0, {a, unlimited})).size(), 0);
        QCOMPARE(changes(e.observe(queues(T0 + 301, {a, unlimited}))), QStringList{QStringLiteral("fired m a")});
        QCOMPARE(changes(e.observe(queues(T0 + 601, {a, unlimited}))), QStringList{QStringLiteral("fired p a")});
        a.running = 3;
        a.paused = false;
        QCOMPARE(changes(e.observe(queues(T0 + 602, {a, unlimited}))),
                 (QStringList{QStringLiteral("cleared m a"), QStringLiteral("cleared p a")}));
        // The time starts over: paused again, it takes the whole duration once more.
        a.paused = true;
        QCOMPARE(e.observe(queues(T0 + 700, {a})).size(), 0);
        QCOMPARE(e.observe(queues(T0 + 1299, {a})).size(), 0);
        QCOMPARE(changes(e.observe(queues(T0 + 1301, {a}))), QStringList{QStringLiteral("fired p a")});
    }

    void workersAndTheConnection()
    {
        AlertEvaluator e;
        e.setClearHoldSeconds(0);
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WorkerNotSeenFor, 120),
                    rule(QStringLiteral("c"), AlertRule::Kind::ConnectionDownFor, 30)});
        QVERIFY(e.needs().workers);
        AlertObservation o;
        o.now = T0;
        WorkerSummary fresh;
        fresh.name = QStringLiteral("host-1");
        fresh.lastSeen = T0 - 5;
        WorkerSummary quiet;
        quiet.name = QStringLiteral("host-2");
        quiet.lastSeen = T0 - 121;
        o.workers = QList<WorkerSummary>{fresh, quiet};
        QCOMPARE(changes(e.observe(o)), QStringList{QStringLiteral("fired w host-2")});
        quiet.lastSeen = T0 + 5; // it heartbeated
        o.now = T0 + 10;
        o.workers = QList<WorkerSummary>{fresh, quiet};
        QCOMPARE(changes(e.observe(o)), QStringList{QStringLiteral("cleared w host-2")});

        AlertObservation down;
        down.connected = false;
        down.now = T0 + 100;
        QCOMPARE(e.observe(down).size(), 0);
        down.now = T0 + 131;
        const QList<AlertEvent> fired = e.observe(down);
        QCOMPARE(changes(fired), QStringList{QStringLiteral("fired c ")});
        QCOMPARE(fired.first().value, 31.0);
        AlertObservation up;
        up.now = T0 + 140;
        QCOMPARE(changes(e.observe(up)), QStringList{QStringLiteral("cleared c ")});
    }

    // qless leaves out a worker not seen for max-worker-age: that is no worker back, so its alert
    // stays on however long it is gone from the list, and clears only once the worker is seen
    // again. One seen again before it went (a clean exit deregisters it) goes on clearing.
    void aWorkerGoneFromTheListKeepsItsAlertOn()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WorkerNotSeenFor, 120)});
        WorkerSummary quiet;
        quiet.name = QStringLiteral("host-2");
        quiet.lastSeen = T0 - 121;
        WorkerSummary other;
        other.name = QStringLiteral("host-3");
        other.lastSeen = T0 - 121;
        AlertObservation o;
        o.now = T0;
        o.workers = QList<WorkerSummary>{quiet, other};
        QCOMPARE(changes(e.observe(o)),
                 (QStringList{QStringLiteral("fired w host-2"), QStringLiteral("fired w host-3")}));

        other.lastSeen = T0 + 10; // host-3 is back, then leaves for good before the hold is out
        o.now = T0 + 10;
        o.workers = QList<WorkerSummary>{quiet, other};
        QCOMPARE(changes(e.observe(o)), QStringList());
        o.now = T0 + 86400; // max-worker-age later: qless lists neither
        o.workers = QList<WorkerSummary>{};
        QCOMPARE(changes(e.observe(o)), QStringList{QStringLiteral("cleared w host-3")});
        o.now = T0 + 3 * 86400;
        QCOMPARE(changes(e.observe(o)), QStringList());
        QCOMPARE(e.active().size(), 1);
        QCOMPARE(e.active().first().subject, QStringLiteral("host-2"));

        quiet.lastSeen = o.now; // host-2 heartbeats again
        o.workers = QList<WorkerSummary>{quiet};
        QCOMPARE(changes(e.observe(o)), QStringList());
        o.now += AlertEvaluator::DefaultClearHoldSeconds;
        QCOMPARE(changes(e.observe(o)), QStringList{QStringLiteral("cleared w host-2")});
        QCOMPARE(e.active().size(), 0);
    }

    // Acknowledged, an alert whose worker qless no longer lists ends (Ended, not Cleared), with the
    // text it had while on, whichever came first: the acknowledgement or the worker's leaving the
    // list. One unacknowledged stays on; one acknowledged and still listed stays on, as before.
    // Listed again later under that name, the worker starts afresh.
    void anUnlistedAlertEndsWhenAcknowledged()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("w"), AlertRule::Kind::WorkerNotSeenFor, 120),
                    rule(QStringLiteral("q"), AlertRule::Kind::WaitingAbove, 1)});
        WorkerSummary gone;
        gone.name = QStringLiteral("host-1");
        gone.lastSeen = T0 - 121;
        WorkerSummary seenFirst;
        seenFirst.name = QStringLiteral("host-2");
        seenFirst.lastSeen = T0 - 121;
        WorkerSummary listed;
        listed.name = QStringLiteral("host-3");
        listed.lastSeen = T0 - 121;
        AlertObservation o = queues(T0, {queue(QStringLiteral("a"), 5)});
        o.workers = QList<WorkerSummary>{gone, seenFirst, listed};
        QCOMPARE(changes(e.observe(o)), (QStringList{QStringLiteral("fired w host-1"), QStringLiteral("fired w host-2"),
                                                     QStringLiteral("fired w host-3"), QStringLiteral("fired q a")}));
        const QString firedText = e.active().first().text;
        QVERIFY2(firedText.startsWith(QLatin1String("Worker host-1 not seen for")), qPrintable(firedText));

        // Acknowledged while listed: on, as before.
        QVERIFY(!e.acknowledge(QStringLiteral("w"), QStringLiteral("host-2"), T0 + 1));
        QVERIFY(!e.acknowledge(QStringLiteral("w"), QStringLiteral("host-3"), T0 + 1));
        QVERIFY(!e.acknowledge(QStringLiteral("q"), QStringLiteral("a"), T0 + 1));
        QVERIFY(!e.acknowledge(QStringLiteral("q"), QStringLiteral("host-1"), T0 + 1)); // no such alert
        QCOMPARE(changes(e.observe(o)), QStringList());
        QCOMPARE(e.active().size(), 4);

        // qless ages host-1 and host-2 out: host-2, acknowledged, ends; host-1 stays on.
        o.now = T0 + 86400;
        o.workers = QList<WorkerSummary>{listed};
        const QList<AlertEvent> left = e.observe(o);
        QCOMPARE(changes(left), QStringList{QStringLiteral("ended w host-2")});
        QVERIFY2(left.first().text.startsWith(QLatin1String("Worker host-2 not seen for")),
                 qPrintable(left.first().text));
        QCOMPARE(e.active().size(), 3);

        // host-1 acknowledged now: it ends at once, once.
        const std::optional<AlertEvent> ended = e.acknowledge(QStringLiteral("w"), QStringLiteral("host-1"), o.now + 5);
        QVERIFY(ended);
        QCOMPARE(changes({*ended}), QStringList{QStringLiteral("ended w host-1")});
        QCOMPARE(ended->at, o.now + 5);
        QCOMPARE(ended->text, firedText);
        QCOMPARE(e.active().size(), 2);
        QVERIFY(!e.acknowledge(QStringLiteral("w"), QStringLiteral("host-1"), o.now + 6));

        // Nothing more comes of them, however long they stay away.
        o.now += 3 * 86400;
        QCOMPARE(changes(e.observe(o)), QStringList());
        QCOMPARE(e.active().size(), 2);
        // Back under the same name and heard of: no alert; quiet again: a new one.
        gone.lastSeen = o.now;
        o.workers = QList<WorkerSummary>{gone, listed};
        QCOMPARE(changes(e.observe(o)), QStringList());
        o.now += 121;
        QCOMPARE(changes(e.observe(o)), QStringList{QStringLiteral("fired w host-1")});
    }

    // A queue no longer listed clears by itself after the hold; acknowledged before, it ends then.
    void anUnlistedQueueEndsWhenAcknowledgedInTheHold()
    {
        AlertEvaluator e;
        e.setRules({rule(QStringLiteral("q"), AlertRule::Kind::WaitingAbove, 1)});
        QCOMPARE(changes(e.observe(queues(T0, {queue(QStringLiteral("a"), 5)}))),
                 QStringList{QStringLiteral("fired q a")});
        QCOMPARE(changes(e.observe(queues(T0 + 5, {}))), QStringList());
        QVERIFY(e.acknowledge(QStringLiteral("q"), QStringLiteral("a"), T0 + 6));
        QCOMPARE(changes(e.observe(queues(T0 + 5 + AlertEvaluator::DefaultClearHoldSeconds, {}))), QStringList());
        QCOMPARE(e.active().size(), 0);

        // Acknowledged while listed, then forgotten: it clears by itself after the hold, as before.
        QCOMPARE(changes(e.observe(queues(T0 + 100, {queue(QStringLiteral("b"), 5)}))),
                 QStringList{QStringLiteral("fired q b")});
        QVERIFY(!e.acknowledge(QStringLiteral("q"), QStringLiteral("b"), T0 + 101));
        QCOMPARE(changes(e.observe(queues(T0 + 102, {}))), QStringList());
        QCOMPARE(changes(e.observe(queues(T0 + 102 + AlertEvaluator::DefaultClearHoldSeconds, {}))),
                 QStringList{QStringLiteral("cleared q b")});
    }

    void changingARuleEndsItsAlertsQuietly()
    {
        AlertEvaluator e;
        AlertRule w = rule(QStringLiteral("w"), AlertRule::Kind::WaitingAbove, 1);
        e.setRules({w});
        QCOMPARE(e.observe(queues(T0, {queue(QStringLiteral("a"), 5)})).size(), 1);
        e.setRules({w}); // the same rule again: its alert stays
        QCOMPARE(e.active().size(), 1);
        w.threshold = 10;
        e.setRules({w});
        QCOMPARE(e.active().size(), 0);
        QCOMPARE(e.observe(queues(T0 + 5, {queue(QStringLiteral("a"), 5)})).size(), 0);
    }

    void clearLevels()
    {
        QCOMPARE(AlertEvaluator::clearLevel(0), 0.0);
        QCOMPARE(AlertEvaluator::clearLevel(1), 0.0);
        QCOMPARE(AlertEvaluator::clearLevel(5), 4.0);
        QCOMPARE(AlertEvaluator::clearLevel(1000), 900.0);
    }

    void rulesReadAllOrNothing()
    {
        AlertRule grew = rule(QStringLiteral("f"), AlertRule::Kind::FailuresGrew, 50, QStringLiteral("Timeout"));
        AlertRule down = rule(QStringLiteral("c"), AlertRule::Kind::ConnectionDownFor, 30);
        down.enabled = false;
        QList<AlertRule> back;
        QString error;
        QVERIFY2(AlertRule::listFromJson(AlertRule::listToJson({grew, down}), &back, &error), qPrintable(error));
        QCOMPARE(back.size(), 2);
        QVERIFY(back.at(0) == grew);
        QVERIFY(back.at(1) == down);

        const auto refused = [](const QByteArray &json) {
            QList<AlertRule> rules{AlertRule()};
            QString why;
            const bool ok = AlertRule::listFromJson(QJsonDocument::fromJson(json).object(), &rules, &why);
            return ok ? QString() : why;
        };
        QVERIFY(refused(R"({"rules": []})").isEmpty());
        QVERIFY(refused(R"({"rule": []})").contains(QStringLiteral("rules")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "waiting-over", "threshold": 1}]})")
                    .contains(QStringLiteral("waiting-over")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "waiting-above", "threshold": "1"}]})")
                    .contains(QStringLiteral("number")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "waiting-above", "threshold": 1.5}]})")
                    .contains(QStringLiteral("whole")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "failures-grew", "threshold": 1}]})")
                    .contains(QStringLiteral("window")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "stalled-above", "threshold": 1},
                                      {"id": "x", "kind": "stalled-above", "threshold": 2}]})")
                    .contains(QStringLiteral("Two rules")));
        QVERIFY(refused(R"({"rules": [{"id": "x", "kind": "connection-down-for", "threshold": 1, "scope": "q"}]})")
                    .contains(QStringLiteral("connection")));
        QVERIFY(refused(R"({"rules": [7]})").contains(QStringLiteral("Entry 1")));
    }
};

QTEST_GUILESS_MAIN(TestAlertEvaluator)
#include "tst_alertevaluator.moc"
