// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonObject>
#include <QTest>

// The unified qless.lua as a whole: how it is called (no keys, a known command, a numeric `now`),
// config.get/set/unset, and the lookups by jid and queue (get, multiget, length, queue.forget).
class TestQlessGeneral final : public QObject
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
    void put(const QByteArray &queue, const QByteArray &jid, double now = 0)
    {
        QCOMPARE(lua("put", now, {"worker", queue, jid, "klass", "{}", "0"}).bytes, jid);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
        qInfo().noquote() << "unified script:" << m_q.qlessScriptPath();
    }
    void init() { m_q.flush(); }

    // --- calling convention ---
    void keysAreRefused()
    {
        // Everything is addressed through ARGV; a key count above zero is a caller's mistake.
        QVERIFY(m_q.qlessRaw({"foo"}, {"get", "0", "jid"}).isError());
    }
    void unknownCommandIsRefused()
    {
        QVERIFY(lua("foo", 0).isError());
        QVERIFY(m_q.qlessRaw({}, {}).isError()); // no command at all
    }
    void missingNowIsRefused() { QVERIFY(m_q.qlessRaw({}, {"put"}).isError()); }
    void nonNumericNowIsRefused() { QVERIFY(m_q.qlessRaw({}, {"put", "foo"}).isError()); }

    // --- config ---
    void configDefaults()
    {
        QCOMPARE(json("config.get", 0), canonicalJson(R"({"application": "qless",
            "grace-period": 10, "heartbeat": 60, "histogram-history": 7, "jobs-history": 604800,
            "jobs-history-count": 50000, "stats-history": 30})"));
    }
    void configGetEachKey()
    {
        // One option at a time reads the same value as the whole table shows.
        const QJsonObject all = m_q.qlessJson("config.get", 0).toObject();
        QVERIFY(!all.isEmpty());
        for (auto it = all.begin(); it != all.end(); ++it)
            QCOMPARE(json("config.get", 0, {it.key().toUtf8()}), canonical(it.value()));
    }
    void configSetThenGet()
    {
        QVERIFY(!lua("config.set", 0, {"foo", "bar"}).isError());
        QCOMPARE(lua("config.get", 0, {"foo"}).bytes, QByteArray("bar"));
    }
    void configUnsetRestoresDefault()
    {
        const QByteArray before = json("config.get", 0, {"heartbeat"});
        QCOMPARE(before, QByteArray("60"));
        lua("config.set", 0, {"heartbeat", "100"});
        QCOMPARE(json("config.get", 0, {"heartbeat"}), QByteArray("100"));
        lua("config.unset", 0, {"heartbeat"});
        QCOMPARE(json("config.get", 0, {"heartbeat"}), before);
    }
    void configUnsetWithoutDefaultIsNil()
    {
        QVERIFY(lua("config.get", 0, {"foo"}).isNil());
        lua("config.set", 0, {"foo", "5"});
        QCOMPARE(json("config.get", 0, {"foo"}), QByteArray("5"));
        lua("config.unset", 0, {"foo"});
        QVERIFY(lua("config.get", 0, {"foo"}).isNil());
    }

    // --- lookups not pinned by a qless-core test, but part of the API clients call ---
    void getUnknownJobIsNil() { QVERIFY(lua("get", 0, {"nope"}).isNil()); }
    void multigetKeepsOrder()
    {
        put("queue", "a");
        put("queue", "b");
        const QJsonArray jobs = m_q.qlessJson("multiget", 0, {"b", "a"}).toArray();
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("b"));
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("a"));
    }
    void lengthCountsWaitingRunningScheduled()
    {
        put("queue", "a");
        put("queue", "b");
        QCOMPARE(lua("put", 0, {"worker", "queue", "c", "klass", "{}", "100"}).bytes, QByteArray("c"));
        QCOMPARE(lua("length", 0, {"queue"}).integer, 3);
        lua("pop", 1, {"queue", "worker", "1"});
        QCOMPARE(lua("length", 1, {"queue"}).integer, 3);
        QCOMPARE(lua("length", 1, {"other"}).integer, 0);
    }
    void queueForgetDropsItFromQueues()
    {
        put("queue", "a");
        put("other", "b");
        QCOMPARE(m_q.qlessJson("queues", 0).toArray().size(), 2);
        lua("queue.forget", 0, {"other"});
        const QJsonArray queues = m_q.qlessJson("queues", 0).toArray();
        QCOMPARE(queues.size(), 1);
        QCOMPARE(queues.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("queue"));
    }
};

QTEST_GUILESS_MAIN(TestQlessGeneral)
#include "tst_qless_general.moc"
