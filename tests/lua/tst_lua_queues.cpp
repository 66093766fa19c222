// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// queues: counts per state for every queue, due scheduled jobs counted as waiting.
class TestLuaQueues final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void countsEveryState()
    {
        m_qless.put("b", "other", T);
        m_qless.put("a", "run", T + 1);
        m_qless.put("a", "stall", T + 1);
        m_qless.pop("a", "w", 2, T + 1);
        m_qless.call(QStringLiteral("heartbeat"), {"run", "w", num(T + 100)});
        m_qless.put("a", "wait", T + 2);
        m_qless.put("a", "due", T + 2, {}, 10);
        m_qless.put("a", "later", T + 2, {}, 1000);
        m_qless.put("a", "dep", T + 2, {"depends", "[\"wait\"]"});
        m_qless.call(QStringLiteral("recur"), {"on", "a", "tpl", "K", "{}", num(T), "interval", "60", "0"});
        m_qless.command({"SADD", "ql:paused_queues", "b"});
        const QList<QByteArray> before = m_qless.snapshot();

        const QJsonArray all = m_qless.json(QStringLiteral("queues"), {num(T + 100)}).toArray();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("b"));
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("paused")).toBool(), true);
        const QJsonObject a = all.at(1).toObject();
        QCOMPARE(a.value(QStringLiteral("name")).toString(), QStringLiteral("a"));
        QCOMPARE(a.value(QStringLiteral("waiting")).toInt(), 2);
        QCOMPARE(a.value(QStringLiteral("running")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("stalled")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("scheduled")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("depends")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("recurring")).toInt(), 1);
        QCOMPARE(a.value(QStringLiteral("paused")).toBool(), false);

        const QJsonObject one = m_qless.json(QStringLiteral("queues"), {num(T + 100), "a"}).toObject();
        QCOMPARE(one, a);
        QCOMPARE(m_qless.snapshot(), before);
    }

    void timedOutJobsAndMaxConcurrency()
    {
        // A job current qless timed out sits in the work set at +inf, state stalled, no lock:
        // waiting, as qless counts it, and not stalled. `<queue>-max-concurrency` is reported.
        m_qless.put("a", "slow", T);
        m_qless.put("a", "wait", T + 1);
        m_qless.pop("a", "w", 1, T + 2);
        m_qless.command({"ZREM", "ql:q:a-locks", "slow"});
        m_qless.command({"ZADD", "ql:q:a-work", "+inf", "slow"});
        m_qless.command({"HSET", "ql:j:slow", "state", "stalled", "expires", "0"});
        m_qless.command({"HSET", "ql:config", "a-max-concurrency", "3"});
        const QJsonObject a = m_qless.json(QStringLiteral("queues"), {num(T + 1000), "a"}).toObject();
        QCOMPARE(a.value(QStringLiteral("waiting")).toInt(), 2);
        QCOMPARE(a.value(QStringLiteral("stalled")).toInt(), 0);
        QCOMPARE(a.value(QStringLiteral("running")).toInt(), 0);
        QCOMPARE(a.value(QStringLiteral("max_concurrency")).toInt(), 3);
        // First in the waiting list, as qless's pop hands it out.
        QCOMPARE(m_qless.call(QStringLiteral("jobs"), {"waiting", num(T + 1000), "a"}).elements.at(0).bytes,
                 QByteArray("slow"));
        m_qless.command({"HDEL", "ql:config", "a-max-concurrency"});
        QCOMPARE(m_qless.json(QStringLiteral("queues"), {num(T), "a"})
                     .toObject()
                     .value(QStringLiteral("max_concurrency"))
                     .toInt(-1),
                 0);
    }

    void emptyIsAList()
    {
        QCOMPARE(m_qless.call(QStringLiteral("queues"), {num(T)}).bytes, QByteArray("[]"));
        const QJsonObject unknown = m_qless.json(QStringLiteral("queues"), {num(T), "nosuch"}).toObject();
        QCOMPARE(unknown.value(QStringLiteral("waiting")).toInt(-1), 0);
    }

    void rejectsBadArguments()
    {
        QVERIFY(m_qless.call(QStringLiteral("queues"), {}).bytes.contains("Queues(): Arg \"now\" missing"));
        QVERIFY(m_qless.call(QStringLiteral("queues"), {"x"}).bytes.contains("Queues(): Arg \"now\" not a number: x"));
        QVERIFY(
            m_qless.call(QStringLiteral("queues"), {"1", "a", "b"}).bytes.contains("Queues(): Arg \"3\" unexpected"));
    }
};

QTEST_GUILESS_MAIN(TestLuaQueues)
#include "tst_lua_queues.moc"
