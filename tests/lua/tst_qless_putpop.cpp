// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

// The unified qless.lua putting, peeking and popping: put's arguments and the job it stores,
// putting an existing job again (a move: what is kept, what is replaced), peek and pop order
// (priority, then put time), recurring jobs seen by peek, and a queue's max-concurrency.
// Restates TestPut, TestPeek and TestPop of qless-core's test_queue.py.
class TestQlessPutPop final : public QObject
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
                   const QByteArray &queue = "queue", const QByteArray &delay = "0", const QByteArray &data = "{}")
    {
        return lua("put", now, QList<QByteArray>{"worker", queue, jid, "klass", data, delay} + options);
    }
    QJsonValue field(const QByteArray &jid, const char *name)
    {
        return m_q.qlessJson("get", 0, {jid}).toObject().value(QLatin1String(name));
    }
    QStringList sorted(const QByteArray &jid, const char *name)
    {
        QStringList out;
        for (const QJsonValue &item : field(jid, name).toArray())
            out << item.toString();
        std::sort(out.begin(), out.end());
        return out;
    }
    static QList<QByteArray> jidsOf(const QJsonValue &jobs)
    {
        QList<QByteArray> out;
        for (const QJsonValue &job : jobs.toArray())
            out << job.toObject().value(QStringLiteral("jid")).toString().toUtf8();
        return out;
    }
    QList<QByteArray> peek(double now, const QByteArray &queue = "queue", const QByteArray &count = "100")
    {
        return jidsOf(m_q.qlessJson("peek", now, {queue, count}));
    }
    QList<QByteArray> pop(double now, const QByteArray &queue = "queue", const QByteArray &count = "10")
    {
        return jidsOf(m_q.qlessJson("pop", now, {queue, "worker", count}));
    }
    static QList<QByteArray> numbers(int from, int to, int step = 1)
    {
        QList<QByteArray> out;
        for (int i = from; step > 0 ? i < to : i > to; i += step)
            out << QByteArray::number(i);
        return out;
    }
    static QByteArray waitingJob(const QByteArray &queue, int when)
    {
        return canonicalJson(R"({"data": "{}", "dependencies": {}, "dependents": {}, "expires": 0,
            "failure": {}, "history": [{"q": ")"
                             + queue + R"(", "what": "put", "when": )" + QByteArray::number(when)
                             + R"(}], "jid": "jid", "klass": "klass", "priority": 0,
            "queue": ")" + queue
                             + R"(", "remaining": 5, "retries": 5, "state": "waiting",
            "tags": {}, "tracked": false, "worker": "", "spawned_from_jid": false})");
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- put ---
    void putRefusesBadArguments()
    {
        const QList<QByteArray> base{"put", "12345", "worker", "foo", "bar", "whiz"};
        const QStringList accepted = m_q.notRefused({{"put", "12345"},                         // no worker
                                                     {"put", "12345", "worker"},               // no queue
                                                     {"put", "12345", "worker", "foo"},        // no jid
                                                     {"put", "12345", "worker", "foo", "bar"}, // no klass
                                                     base,                                     // no data
                                                     base + QList<QByteArray>{"{}"},           // no delay
                                                     base + QList<QByteArray>{"{]"},           // data not JSON
                                                     base + QList<QByteArray>{"{}", "number"}, // delay not a number
                                                     base + QList<QByteArray>{"{}", "1", "retries"},
                                                     base + QList<QByteArray>{"{}", "1", "retries", "foo"},
                                                     base + QList<QByteArray>{"{}", "1", "tags"},
                                                     base + QList<QByteArray>{"{}", "1", "tags", "{]"},
                                                     base + QList<QByteArray>{"{}", "1", "priority"},
                                                     base + QList<QByteArray>{"{}", "1", "priority", "foo"},
                                                     base + QList<QByteArray>{"{}", "1", "depends"},
                                                     base + QList<QByteArray>{"{}", "1", "depends", "{]"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
        QVERIFY(lua("get", 0, {"whiz"}).isNil());
    }
    void putStoresTheJob()
    {
        QCOMPARE(put(12345, "jid").bytes, QByteArray("jid"));
        QCOMPARE(json("get", 12345, {"jid"}), waitingJob("queue", 12345));
    }
    void emptyArrayDataStaysAnArray()
    {
        put(12345, "jid", {}, "queue", "0", "[]");
        QCOMPARE(field("jid", "data").toString(), QStringLiteral("[]"));
    }
    void putWithDelayIsScheduled()
    {
        put(0, "jid", {}, "queue", "1");
        QCOMPARE(field("jid", "state").toString(), QStringLiteral("scheduled"));
        QCOMPARE(pop(0).size(), 0);
        QCOMPARE(pop(2).size(), 1);
    }
    void putWithRetries()
    {
        put(12345, "jid", {"retries", "2"});
        QCOMPARE(field("jid", "retries").toInt(), 2);
        QCOMPARE(field("jid", "remaining").toInt(), 2);
    }
    void putWithTags()
    {
        put(12345, "jid", {"tags", R"(["foo"])"});
        QCOMPARE(canonical(field("jid", "tags")), QByteArray(R"(["foo"])"));
    }
    void putWithPriority()
    {
        put(12345, "jid", {"priority", "1"});
        QCOMPARE(field("jid", "priority").toInt(), 1);
    }
    void putWithDepends()
    {
        put(12345, "a");
        put(12345, "b", {"depends", R"(["a"])"});
        QCOMPARE(sorted("a", "dependents"), QStringList{QStringLiteral("b")});
        QCOMPARE(sorted("b", "dependencies"), QStringList{QStringLiteral("a")});
        QCOMPARE(field("b", "state").toString(), QStringLiteral("depends"));
    }
    void putWithDependsAndDelayWaitsForTheDependency()
    {
        put(12345, "a");
        put(12345, "b", {"depends", R"(["a"])"}, "queue", "1");
        QCOMPARE(sorted("a", "dependents"), QStringList{QStringLiteral("b")});
        QCOMPARE(sorted("b", "dependencies"), QStringList{QStringLiteral("a")});
        QCOMPARE(field("b", "state").toString(), QStringLiteral("depends"));
    }
    void puttingAgainMovesTheJob()
    {
        put(0, "jid", {}, "queue", "0", R"({"foo": "bar"})");
        put(0, "jid", {}, "other", "0", R"({"foo": "bar"})");
        QCOMPARE(json("get", 1, {"jid"}), canonicalJson(R"({"data": "{\u0022foo\u0022: \u0022bar\u0022}",
            "dependencies": {}, "dependents": {}, "expires": 0, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 0}, {"q": "other", "what": "put", "when": 0}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "other", "remaining": 5,
            "retries": 5, "state": "waiting", "tags": {}, "tracked": false, "worker": "",
            "spawned_from_jid": false})"));
    }
    void puttingAgainKeepsWhatIsNotGiven_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("first");
        QTest::addColumn<QByteArray>("second");
        QTest::newRow("priority") << QByteArray("priority") << QByteArray("1") << QByteArray("2");
        QTest::newRow("tags") << QByteArray("tags") << QByteArray(R"(["foo"])") << QByteArray(R"(["bar"])");
        QTest::newRow("retries") << QByteArray("retries") << QByteArray("2") << QByteArray("3");
    }
    void puttingAgainKeepsWhatIsNotGiven()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, first);
        QFETCH(QByteArray, second);
        put(0, "jid", {option, first});
        put(0, "jid", {}, "other");
        QCOMPARE(canonical(field("jid", option.constData())), canonicalJson(first));
        put(0, "jid", {option, second});
        QCOMPARE(canonical(field("jid", option.constData())), canonicalJson(second));
    }
    void puttingAgainKeepsOrReplacesDependencies()
    {
        put(0, "a");
        put(0, "b");
        put(0, "c", {"depends", R"(["a"])"});
        put(0, "c", {}, "other"); // dependencies carried along
        QCOMPARE(sorted("a", "dependents"), QStringList{QStringLiteral("c")});
        QCOMPARE(canonical(field("b", "dependents")), QByteArray("{}"));
        QCOMPARE(sorted("c", "dependencies"), QStringList{QStringLiteral("a")});
        put(0, "c", {"depends", R"(["b"])"}); // replaced
        QCOMPARE(canonical(field("a", "dependents")), QByteArray("{}"));
        QCOMPARE(sorted("b", "dependents"), QStringList{QStringLiteral("c")});
        QCOMPARE(sorted("c", "dependencies"), QStringList{QStringLiteral("b")});
    }

    // --- peek ---
    void peekRefusesBadArguments()
    {
        const QStringList accepted =
            m_q.notRefused({{"peek", "12345"}, {"peek", "12345", "foo"}, {"peek", "12345", "foo", "number"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void peekShowsWaitingJobs()
    {
        QCOMPARE(json("peek", 0, {"foo", "10"}), QByteArray("{}"));
        put(0, "jid", {}, "foo");
        QCOMPARE(json("peek", 1, {"foo", "10"}), "[" + waitingJob("foo", 0) + "]");
        put(2, "jid2", {}, "foo");
        QCOMPARE(peek(3, "foo", "10"), (QList<QByteArray>{"jid", "jid2"}));
    }
    void peekHighestPriorityFirst()
    {
        for (int priority = -10; priority < 10; ++priority)
            put(0, QByteArray::number(priority), {"priority", QByteArray::number(priority)});
        QCOMPARE(peek(1), numbers(9, -11, -1));
    }
    void peekInPutOrderAtEqualPriority()
    {
        for (int time = 0; time < 100; ++time)
            put(time, QByteArray::number(time));
        QCOMPARE(peek(200), numbers(0, 100));
    }
    void peekFollowsAMove()
    {
        put(0, "jid");
        put(0, "jid", {}, "other");
        QCOMPARE(peek(1).size(), 0);
        QCOMPARE(peek(1, "other"), QList<QByteArray>{"jid"});
    }
    void peekShowsDueRecurringJobs()
    {
        lua("recur", 0, {"queue", "jid", "klass", "{}", "interval", "10", "0"});
        QCOMPARE(peek(99).size(), 10);
    }
    void priorityChangeReordersTheQueue()
    {
        put(0, "a", {"priority", "0"});
        put(0, "b", {"priority", "1"});
        QCOMPARE(peek(0), (QList<QByteArray>{"b", "a"}));
        QVERIFY(!lua("priority", 0, {"a", "2"}).isError());
        QCOMPARE(peek(0), (QList<QByteArray>{"a", "b"}));
    }

    // --- pop ---
    void popRefusesBadArguments()
    {
        const QStringList accepted = m_q.notRefused({{"pop", "12345"},
                                                     {"pop", "12345", "queue"},
                                                     {"pop", "12345", "queue", "worker"},
                                                     {"pop", "12345", "queue", "worker", "number"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void popHandsOutTheJobLocked()
    {
        QCOMPARE(json("pop", 0, {"queue", "worker", "10"}), QByteArray("{}"));
        put(0, "jid");
        QCOMPARE(json("pop", 1, {"queue", "worker", "1"}), canonicalJson(R"([{"data": "{}",
            "dependencies": {}, "dependents": {}, "expires": 61, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 1, "worker": "worker"}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "queue", "remaining": 5,
            "retries": 5, "state": "running", "tags": {}, "tracked": false, "worker": "worker",
            "spawned_from_jid": false}])"));
    }
    void popTakesAtMostCount()
    {
        for (int i = 0; i < 10; ++i)
            put(i, QByteArray::number(i));
        QCOMPARE(pop(100, "queue", "7"), numbers(0, 7));
        QCOMPARE(pop(100, "queue", "10"), numbers(7, 10));
    }
    void popHighestPriorityFirst()
    {
        for (int priority = -10; priority < 10; ++priority)
            put(0, QByteArray::number(priority), {"priority", QByteArray::number(priority)});
        QCOMPARE(pop(1, "queue", "100"), numbers(9, -11, -1));
    }
    void popInPutOrderAtEqualPriority()
    {
        for (int time = 0; time < 100; ++time)
            put(time, QByteArray::number(time));
        QCOMPARE(pop(200, "queue", "100"), numbers(0, 100));
    }
    void popFollowsAMove()
    {
        put(0, "jid");
        put(0, "jid", {}, "other");
        QCOMPARE(pop(1).size(), 0);
        QCOMPARE(pop(1, "other"), QList<QByteArray>{"jid"});
    }
    void maxConcurrencyLimitsRunningJobs()
    {
        lua("config.set", 0, {"queue-max-concurrency", "5"});
        for (int i = 0; i < 10; ++i)
            put(i, QByteArray::number(i));
        QCOMPARE(pop(10).size(), 5);
        for (int i = 0; i < 5; ++i) {
            lua("complete", 10, {QByteArray::number(i), "worker", "queue", "{}"});
            QCOMPARE(pop(10).size(), 1);
        }
    }
    void loweredMaxConcurrencyWaitsForRunningJobsToEnd()
    {
        for (int i = 0; i < 100; ++i)
            put(i, QByteArray::number(i));
        pop(100);
        lua("config.set", 100, {"queue-max-concurrency", "5"});
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(pop(100).size(), 0);
            lua("complete", 100, {QByteArray::number(i), "worker", "queue", "{}"});
        }
        QCOMPARE(pop(100).size(), 1);
    }
    void stalledJobsArePoppedDespiteMaxConcurrency()
    {
        lua("config.set", 0, {"queue-max-concurrency", "1"});
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "5"});
        const QJsonObject first = m_q.qlessJson("pop", 0, {"queue", "worker", "10"}).toArray().at(0).toObject();
        const QJsonObject again =
            m_q.qlessJson("pop", first.value(QStringLiteral("expires")).toDouble() + 10, {"queue", "worker", "10"})
                .toArray()
                .at(0)
                .toObject();
        QCOMPARE(again.value(QStringLiteral("jid")).toString(), QStringLiteral("jid"));
        QCOMPARE(again.value(QStringLiteral("remaining")).toInt(), 4);
    }
    void failingMakesRoomUnderMaxConcurrency()
    {
        lua("config.set", 0, {"queue-max-concurrency", "1"});
        put(0, "a");
        put(1, "b");
        pop(2);
        lua("fail", 3, {"a", "worker", "group", "message", "{}"});
        QCOMPARE(pop(4), QList<QByteArray>{"b"});
    }
};

QTEST_GUILESS_MAIN(TestQlessPutPop)
#include "tst_qless_putpop.moc"
