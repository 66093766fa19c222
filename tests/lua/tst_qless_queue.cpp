// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

// The unified qless.lua's views of a queue: `jobs` by state (order, paging, argument checks) and
// `queues` counts (waiting, running, stalled, scheduled, depends, recurring, paused; the list in
// name order), pause and unpause. Restates TestJobs and TestQueue of qless-core's test_queue.py.
class TestQlessQueue final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QByteArray json(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return canonical(m_q.qlessJson(command, now, args));
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {},
                   const QByteArray &delay = "0")
    {
        return lua("put", now, QList<QByteArray>{"worker", "queue", jid, "klass", "{}", delay} + options);
    }
    QList<QByteArray> jobs(double now, const QList<QByteArray> &args)
    {
        QList<QByteArray> out;
        for (const QJsonValue &jid : m_q.qlessJson("jobs", now, args).toArray())
            out << jid.toString().toUtf8();
        return out;
    }
    static QList<QByteArray> numbers(int from, int to)
    {
        QList<QByteArray> out;
        for (int i = from; i < to; ++i)
            out << QByteArray::number(i);
        return out;
    }
    // One queue's counts: all zero but those given.
    static QByteArray counts(const QByteArray &changes, const QByteArray &name = "queue")
    {
        QJsonObject object{{QStringLiteral("name"), QString::fromUtf8(name)}, {QStringLiteral("paused"), false}};
        for (const char *count : {"stalled", "waiting", "running", "depends", "scheduled", "recurring"})
            object.insert(QLatin1String(count), 0);
        RedisValue asText;
        asText.type = RedisValue::Type::String;
        asText.bytes = changes;
        const QJsonObject override = asText.json().toObject();
        for (auto it = override.begin(); it != override.end(); ++it)
            object.insert(it.key(), it.value());
        return canonical(object);
    }
    // `queues` for the one queue and as the whole list must both show `expected`.
    void expectCounts(double now, const QByteArray &expected)
    {
        QCOMPARE(json("queues", now, {"queue"}), expected);
        QCOMPARE(json("queues", now), "[" + expected + "]");
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- jobs ---
    void jobsRefusesBadArguments()
    {
        const QStringList accepted = m_q.notRefused({{"jobs", "0", "complete", "foo"},
                                                     {"jobs", "0", "complete", "0", "foo"},
                                                     {"jobs", "0", "running"},
                                                     {"jobs", "0", "running", "queue", "foo"},
                                                     {"jobs", "0", "running", "queue", "0", "foo"},
                                                     {"jobs", "0", "stalled"},
                                                     {"jobs", "0", "stalled`", "queue", "foo"},
                                                     {"jobs", "0", "stalled", "queue", "0", "foo"},
                                                     {"jobs", "0", "scheduled"},
                                                     {"jobs", "0", "scheduled", "queue", "foo"},
                                                     {"jobs", "0", "scheduled", "queue", "0", "foo"},
                                                     {"jobs", "0", "depends"},
                                                     {"jobs", "0", "depends", "queue", "foo"},
                                                     {"jobs", "0", "depends", "queue", "0", "foo"},
                                                     {"jobs", "0", "recurring"},
                                                     {"jobs", "0", "recurring", "queue", "foo"},
                                                     {"jobs", "0", "recurring", "queue", "0", "foo"},
                                                     {"jobs", "0", "foo", "queue", "0", "25"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void completeJobsNewestFirst()
    {
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid);
            lua("pop", i, {"queue", "worker", "10"});
            lua("complete", i, {jid, "worker", "queue", "{}"});
            const QList<QByteArray> complete = jobs(i, {"complete"});
            QCOMPARE(complete.size(), i + 1);
            QCOMPARE(complete.first(), jid);
        }
    }
    void runningJobsOldestLockFirst()
    {
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid);
            lua("pop", i, {"queue", "worker", "10"});
            const QList<QByteArray> running = jobs(i, {"running", "queue"});
            QCOMPARE(running.size(), i + 1);
            QCOMPARE(running.last(), jid);
        }
    }
    void stalledJobs()
    {
        lua("config.set", 0, {"heartbeat", "10"});
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid);
            lua("pop", i, {"queue", "worker", "10"});
            const QList<QByteArray> stalled = jobs(i + 20, {"stalled", "queue"});
            QCOMPARE(stalled.size(), i + 1);
            QCOMPARE(stalled.last(), jid);
        }
    }
    void scheduledJobsSoonestFirst()
    {
        for (int i = 1; i <= 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid, {}, jid);
            const QList<QByteArray> scheduled = jobs(0, {"scheduled", "queue"});
            QCOMPARE(scheduled.size(), i);
            QCOMPARE(scheduled.last(), jid);
        }
    }
    void dependsJobs()
    {
        put(0, "a");
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid, {"depends", R"(["a"])"});
            const QList<QByteArray> depends = jobs(0, {"depends", "queue"});
            QCOMPARE(depends.size(), i + 1);
            QCOMPARE(depends.last(), jid);
        }
    }
    void recurringJobs()
    {
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            lua("recur", i, {"queue", jid, "klass", "{}", "interval", "60", "0"});
            const QList<QByteArray> recurring = jobs(0, {"recurring", "queue"});
            QCOMPARE(recurring.size(), i + 1);
            QCOMPARE(recurring.last(), jid);
        }
    }
    void recurringJobsWithAnOffsetAreListed()
    {
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            lua("recur", i, {"queue", jid, "klass", "{}", "interval", "60", "10"});
            const QList<QByteArray> recurring = jobs(0, {"recurring", "queue"});
            QCOMPARE(recurring.size(), i + 1);
            QCOMPARE(recurring.last(), jid);
        }
    }
    void dueScheduledJobsAreNotScheduled()
    {
        put(0, "jid", {}, "10");
        QCOMPARE(jobs(20, {"scheduled", "queue"}).size(), 0);
    }
    void completeJobsInPages()
    {
        for (int i = 0; i < 100; ++i) {
            const QByteArray jid = QByteArray::number(i);
            put(i, jid);
            lua("pop", i, {"queue", "worker", "10"});
            lua("complete", i, {jid, "worker", "queue", "{}"});
        }
        QList<QByteArray> newestFirst = numbers(0, 100);
        std::reverse(newestFirst.begin(), newestFirst.end());
        QCOMPARE(jobs(0, {"complete", "0", "50"}), newestFirst.mid(0, 50));
        QCOMPARE(jobs(0, {"complete", "50", "50"}), newestFirst.mid(50));
    }
    void runningJobsInPages()
    {
        lua("config.set", 0, {"heartbeat", "1000"});
        for (int i = 0; i < 100; ++i) {
            put(i, QByteArray::number(i));
            lua("pop", i, {"queue", "worker", "10"});
        }
        QCOMPARE(jobs(100, {"running", "queue", "0", "50"}), numbers(0, 50));
        QCOMPARE(jobs(100, {"running", "queue", "50", "50"}), numbers(50, 100));
    }

    // --- queues (grace period 0 throughout, as in qless-core) ---
    void countsStalled()
    {
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid");
        const QJsonObject job = m_q.qlessJson("pop", 1, {"queue", "worker", "10"}).toArray().at(0).toObject();
        expectCounts(job.value(QStringLiteral("expires")).toDouble() + 10, counts(R"({"stalled": 1})"));
    }
    void countsWaiting()
    {
        put(0, "jid");
        expectCounts(0, counts(R"({"waiting": 1})"));
    }
    void countsRunning()
    {
        put(0, "jid");
        lua("pop", 1, {"queue", "worker", "10"});
        expectCounts(0, counts(R"({"running": 1})"));
    }
    void countsDepends()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        expectCounts(0, counts(R"({"depends": 1, "waiting": 1})"));
    }
    void countsScheduled()
    {
        put(0, "jid", {}, "10");
        expectCounts(0, counts(R"({"scheduled": 1})"));
    }
    void countsRecurring()
    {
        lua("recur", 0, {"queue", "jid", "klass", "{}", "interval", "60", "0"});
        expectCounts(0, counts(R"({"recurring": 1})"));
    }
    void countsRecurringWithAnOffset()
    {
        lua("recur", 0, {"queue", "jid", "klass", "{}", "interval", "60", "10"});
        expectCounts(0, counts(R"({"recurring": 1})"));
    }
    void pausedQueueHandsOutNothing()
    {
        for (int i = 0; i < 10; ++i)
            put(0, QByteArray::number(i));
        lua("pause", 0, {"queue"});
        QCOMPARE(m_q.qlessJson("pop", 0, {"queue", "worker", "100"}).toArray().size(), 0);
        expectCounts(0, counts(R"({"paused": true, "waiting": 10})"));
        lua("unpause", 0, {"queue"});
        QCOMPARE(m_q.qlessJson("pop", 0, {"queue", "worker", "100"}).toArray().size(), 10);
    }
    void advancingMakesTheNextQueueKnown()
    {
        put(0, "jid");
        lua("pop", 0, {"queue", "worker", "10"});
        lua("complete", 0, {"jid", "worker", "queue", "{}", "next", "another"});
        QCOMPARE(json("queues", 0), "[" + counts(R"({"waiting": 1})", "another") + "," + counts("{}") + "]");
    }
    void movingARecurringJobMakesItsQueueKnown()
    {
        lua("recur", 0, {"queue", "jid", "klass", "{}", "interval", "60", "0"});
        lua("recur.update", 0, {"jid", "queue", "another"});
        QCOMPARE(json("queues", 0), "[" + counts(R"({"recurring": 1})", "another") + "," + counts("{}") + "]");
    }
    void dueScheduledJobCountsAsWaiting()
    {
        put(0, "jid", {}, "10");
        QCOMPARE(json("queues", 20), "[" + counts(R"({"waiting": 1})") + "]");
        QCOMPARE(json("queues", 20, {"queue"}), counts(R"({"waiting": 1})"));
    }
};

QTEST_GUILESS_MAIN(TestQlessQueue)
#include "tst_qless_queue.moc"
