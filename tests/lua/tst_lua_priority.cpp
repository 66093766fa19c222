// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// priority: changes rank at once, keeps put order among equals.
class TestLuaPriority final : public QObject
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

    void reranksWaitingJob()
    {
        m_qless.put("q", "a", T + 1);
        m_qless.put("q", "b", T + 2);
        m_qless.put("q", "c", T + 3, {"priority", "5"});
        QCOMPARE(m_qless.call(QStringLiteral("priority"), {"b", "5"}).integer, 5);
        QCOMPARE(m_qless.job("b").value(QStringLiteral("priority")).toDouble(), 5.0);
        // b was put before c: among priority 5 it comes first.
        QCOMPARE(m_qless.pop("q", "w", 3, T + 4), (QList<QByteArray>{"b", "c", "a"}));
    }

    void fractionalAndNegative()
    {
        m_qless.put("q", "a", T + 1);
        m_qless.put("q", "b", T + 2);
        QCOMPARE(m_qless.call(QStringLiteral("priority"), {"a", "-1.5"}).type, RedisValue::Type::Integer);
        QCOMPARE(m_qless.job("a").value(QStringLiteral("priority")).toDouble(), -1.5);
        QCOMPARE(m_qless.pop("q", "w", 2, T + 4), (QList<QByteArray>{"b", "a"}));
    }

    void runningJobKeepsItForNextQueue()
    {
        m_qless.put("q", "a", T);
        m_qless.pop("q", "w", 1, T);
        m_qless.call(QStringLiteral("priority"), {"a", "9"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-work"}).integer, 0); // not put back
        m_qless.call(QStringLiteral("complete"), {"a", "w", "q", num(T + 1), "{}", "next", "q2"});
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q2-work", "a"}).bytes.toDouble(), 9 - (T + 1) / 1e10);
    }

    void unknownJob()
    {
        QVERIFY(m_qless.call(QStringLiteral("priority"), {"nosuch", "1"}).isNil());
        QCOMPARE(m_qless.command({"DBSIZE"}).integer, 0);
    }

    void rejectsBadArguments()
    {
        m_qless.put("q", "a", T);
        QVERIFY(m_qless.call(QStringLiteral("priority"), {"a", "high"})
                    .bytes.contains("Priority(): Arg \"priority\" not a number: high"));
        QVERIFY(m_qless.call(QStringLiteral("priority"), {"a"}).bytes.contains("Priority(): Arg \"priority\" missing"));
        QVERIFY(m_qless.call(QStringLiteral("priority"), {"a", "inf"})
                    .bytes.contains("Priority(): Arg \"priority\" not a number: inf"));
        QCOMPARE(m_qless.job("a").value(QStringLiteral("priority")).toDouble(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLuaPriority)
#include "tst_lua_priority.moc"
