// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <optional>

// Issue #14, bounded cost per refresh: desk.queuepage counts at most 200 queues a call, and
// QlessQueueReads::queueCounts walks pages of 50 instead of one desk.queues over every queue.
class TestQlessDeskQueuePage final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;
    using Names = QList<QByteArray>;

    QlessFixture &q() { return m_base.fixture(); }
    RedisValue lua(const QByteArray &command, const Names &args = {}) { return q().qless(command, T, args); }
    QJsonValue json(const QByteArray &command, const Names &args = {}) { return q().qlessJson(command, T, args); }
    void put(double now, const QByteArray &queue, const QByteArray &jid, const Names &options = {},
             const QByteArray &delay = "0")
    {
        Names args{"w", queue, jid, "K", "{}", delay};
        args += options;
        const RedisValue reply = q().qless("put", now, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

    QlessReply<QList<QueueCounts>> allCounts()
    {
        QObject context;
        std::optional<QlessReply<QList<QueueCounts>>> out;
        m_base.client()->queueReads().queueCounts(&context,
                                                  [&out](const QlessReply<QList<QueueCounts>> &reply) { out = reply; });
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000)) {
            QlessReply<QList<QueueCounts>> timeout;
            timeout.error = RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply"));
            return timeout;
        }
        return *out;
    }

    static bool sameCounts(const QueueCounts &c, const QJsonObject &o)
    {
        return c.name == o.value(QStringLiteral("name")).toString()
               && c.waiting == o.value(QStringLiteral("waiting")).toInteger()
               && c.running == o.value(QStringLiteral("running")).toInteger()
               && c.stalled == o.value(QStringLiteral("stalled")).toInteger()
               && c.scheduled == o.value(QStringLiteral("scheduled")).toInteger()
               && c.depends == o.value(QStringLiteral("depends")).toInteger()
               && c.recurring == o.value(QStringLiteral("recurring")).toInteger()
               && c.paused == o.value(QStringLiteral("paused")).toBool()
               && c.maxConcurrency == o.value(QStringLiteral("max_concurrency")).toInteger();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
        m_base.client()->setClock([] { return T; });
    }
    void cleanupTestCase() { m_base.stopQless(); }
    void init() { q().flush(); }

    // 450 queues, first seen in an order that is not their names' order: queueCounts hands back
    // all 450 once, in desk.queues' order with its counts, one call a page of QueuePageSize.
    void queueCountsWalksThePagesInDeskQueuesOrder()
    {
        Names zadd{"ZADD", "ql:queues"};
        for (int i = 0; i < 450; ++i)
            zadd << num(T - 1000 + (i * 7) % 450) << "q" + QByteArray::number(1000 + i);
        QVERIFY(!q().command(zadd).isError());
        put(T, "q1003", "a");
        put(T, "q1003", "b");
        put(T, "q1449", "c", {}, "60");
        QVERIFY(!lua("pause", {"q1100"}).isError());

        const QJsonArray expected = json("desk.queues").toArray();
        QCOMPARE(expected.size(), 450);
        q().command({"CONFIG", "RESETSTAT"});
        const auto counts = allCounts();
        QVERIFY2(counts.ok(), qPrintable(counts.error.message));
        QCOMPARE(counts.value.size(), 450);
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY2(sameCounts(counts.value.at(i), expected.at(i).toObject()), qPrintable(counts.value.at(i).name));
        QCOMPARE(counts.value.at(0).name, QStringLiteral("q1000"));
        QCOMPARE(counts.value.at(1).name, QStringLiteral("q1193")); // score T - 999: (193 * 7) % 450 == 1
        const QByteArray stats = q().command({"INFO", "commandstats"}).bytes;
        const int pages = (450 + QlessQueueReads::QueuePageSize - 1) / QlessQueueReads::QueuePageSize;
        const QByteArray calls = "cmdstat_evalsha:calls=" + QByteArray::number(pages) + ',';
        QVERIFY2(stats.contains(calls), stats.constData());
    }

    // A queue whose sets hold other types (a string for `work`, a hash for `locks`): its other
    // counts still read, each unreadable part is named in `damaged` with what the key holds,
    // and the queues beside it count as ever.
    void aKeyOfAnotherTypeIsNamedNotFatal()
    {
        put(T, "good", "g1");
        put(T, "bad", "b1", {}, "60");
        put(T - 100, "bad", "b2", {}, "10"); // due: counted as waiting with the work set unread
        QVERIFY(!q().command({"SET", "ql:q:bad-work", "oops"}).isError());
        QVERIFY(!q().command({"HSET", "ql:q:bad-locks", "x", "1"}).isError());
        const QJsonArray queues =
            json("desk.queuepage", {"0", "50"}).toObject().value(QStringLiteral("queues")).toArray();
        QCOMPARE(queues.size(), 2);
        QJsonObject bad, good;
        for (const QJsonValue &v : queues)
            (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("bad") ? bad : good) = v.toObject();
        QCOMPARE(good.value(QStringLiteral("waiting")).toInt(), 1);
        QVERIFY(!good.contains(QStringLiteral("damaged")));
        const QJsonObject damaged = bad.value(QStringLiteral("damaged")).toObject();
        QCOMPARE(damaged.value(QStringLiteral("work")).toString(),
                 QStringLiteral("ql:q:bad-work holds a string, not a sorted set"));
        QCOMPARE(damaged.value(QStringLiteral("locks")).toString(),
                 QStringLiteral("ql:q:bad-locks holds a hash, not a sorted set"));
        QCOMPARE(damaged.size(), 2);
        QCOMPARE(bad.value(QStringLiteral("waiting")).toInt(), 1);
        QCOMPARE(bad.value(QStringLiteral("scheduled")).toInt(), 1);
        QCOMPARE(bad.value(QStringLiteral("running")).toInt(), 0);
        QCOMPARE(bad.value(QStringLiteral("stalled")).toInt(), 0);
    }

    void noQueuesIsAnEmptyList()
    {
        const auto counts = allCounts();
        QVERIFY2(counts.ok(), qPrintable(counts.error.message));
        QVERIFY(counts.value.isEmpty());
        const QJsonObject page = json("desk.queuepage", {"0", "200"}).toObject();
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 0);
        QVERIFY(page.value(QStringLiteral("queues")).isArray());
    }

    void countIsOneToTwoHundred()
    {
        put(T, "q", "a");
        QCOMPARE(json("desk.queuepage", {"0", "200"}).toObject().value(QStringLiteral("queues")).toArray().size(), 1);
        QCOMPARE(json("desk.queuepage", {"0", "1"}).toObject().value(QStringLiteral("total")).toInt(), 1);
        QCOMPARE(json("desk.queuepage", {"5", "1"}).toObject().value(QStringLiteral("queues")).toArray().size(), 0);
        QLESS_VERIFY_REFUSED(lua("desk.queuepage", {"0", "0"}), "Arg \"count\" must be 1 to 200");
        QLESS_VERIFY_REFUSED(lua("desk.queuepage", {"0", "201"}), "Arg \"count\" must be 1 to 200");
        QLESS_VERIFY_REFUSED(lua("desk.queuepage", {"0"}), "count");
        QLESS_VERIFY_REFUSED(lua("desk.queuepage", {"-1", "10"}), "offset");
        QLESS_VERIFY_REFUSED(lua("desk.queuepage", {"x", "10"}), "offset");
    }

    // A page's object for a queue is desk.queues <queue>'s, every count of it.
    void aQueuesCountsAreDeskQueuesOnes()
    {
        put(T - 100, "other", "o");
        put(T - 50, "q", "w1");
        put(T - 40, "q", "run");
        put(T - 30, "q", "stall");
        put(T - 20, "q", "due", {}, "10");
        put(T - 20, "q", "later", {}, "3600");
        put(T - 10, "q", "dep", {"depends", R"(["w1"])"});
        QVERIFY(!q().qless("pop", T - 5, {"q", "w", "2"}).isError()); // w1 and run, running until T + 55
        QVERIFY(!lua("recur", {"q", "rj", "K", "{}", "interval", "60", "0"}).isError());
        QVERIFY(!lua("pause", {"q"}).isError());
        QVERIFY(!lua("config.set", {"q-max-concurrency", "3"}).isError());

        const QJsonObject page = json("desk.queuepage", {"1", "1"}).toObject();
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 2);
        const QJsonObject one = page.value(QStringLiteral("queues")).toArray().at(0).toObject();
        QCOMPARE(one.value(QStringLiteral("name")).toString(), QStringLiteral("q"));
        QCOMPARE(one, json("desk.queues", {"q"}).toObject());
        QVERIFY(one.value(QStringLiteral("running")).toInt() + one.value(QStringLiteral("stalled")).toInt() == 2);
        QCOMPARE(one.value(QStringLiteral("depends")).toInt(), 1);
        QCOMPARE(one.value(QStringLiteral("recurring")).toInt(), 1);
        QCOMPARE(one.value(QStringLiteral("scheduled")).toInt(), 1);
        QCOMPARE(one.value(QStringLiteral("paused")).toBool(), true);
        QCOMPARE(one.value(QStringLiteral("max_concurrency")).toInt(), 3);
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskQueuePage)
#include "tst_qless_deskqueuepage.moc"
