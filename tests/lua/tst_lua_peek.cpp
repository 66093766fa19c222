// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// peek: what the next pop would hand out, without moving or spawning anything.
class TestLuaPeek final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    QList<QByteArray> peek(int count, double now)
    {
        const RedisValue reply = m_qless.call(QStringLiteral("peek"), {QByteArray::number(count), num(now)}, {"q"});
        QList<QByteArray> jids;
        for (const RedisValue &element : reply.elements)
            jids << element.json().toObject().value(QStringLiteral("jid")).toString().toUtf8();
        return jids;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void showsWhatPopWouldGiveAndChangesNothing()
    {
        // No grace period: the pop below takes the stalled job back at once, as peek shows it.
        m_qless.call(QStringLiteral("config"), {"set", "grace-period", "0"});
        m_qless.put("q", "stalled", T);
        m_qless.pop("q", "w", 1, T);
        m_qless.put("q", "a", T + 1);
        m_qless.put("q", "due", T, {"priority", "2"}, 10);
        m_qless.put("q", "later", T, {}, 1000);
        const QList<QByteArray> before = m_qless.snapshot();
        const QList<QByteArray> peeked = peek(10, T + 100);
        QCOMPARE(peeked, (QList<QByteArray>{"stalled", "due", "a"}));
        QCOMPARE(m_qless.snapshot(), before);
        QCOMPARE(m_qless.pop("q", "w2", 3, T + 100), peeked);
    }

    void spawnsNoRecurringJob()
    {
        // Unlike pop (and the reference peek), peek leaves due templates unspawned.
        m_qless.call(QStringLiteral("recur"), {"on", "q", "tpl", "K", "{}", num(T), "interval", "60", "0"});
        const QList<QByteArray> before = m_qless.snapshot();
        QVERIFY(peek(10, T + 100).isEmpty());
        QCOMPARE(m_qless.snapshot(), before);
        QCOMPARE(m_qless.pop("q", "w", 10, T + 100), (QList<QByteArray>{"tpl-1", "tpl-2"}));
    }

    void returnsFullJobs()
    {
        m_qless.put("q", "a", T, {"tags", "[\"x\"]"});
        const RedisValue reply = m_qless.call(QStringLiteral("peek"), {"1", num(T)}, {"q"});
        const QJsonObject job = reply.elements.value(0).json().toObject();
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(job.value(QStringLiteral("tags")).toArray(), QJsonArray({QStringLiteral("x")}));
        QCOMPARE(peek(0, T).size(), 0);
    }

    void rejectsBadArguments()
    {
        QVERIFY(m_qless.call(QStringLiteral("peek"), {"x", "1"}, {"q"})
                    .bytes.contains("Peek(): Arg \"count\" not a number: x"));
        QVERIFY(m_qless.call(QStringLiteral("peek"), {"1"}, {"q"}).bytes.contains("Peek(): Arg \"now\" missing"));
        QVERIFY(m_qless.call(QStringLiteral("peek"), {"1", "1"}).bytes.contains("Peek(): Arg \"queue\" missing"));
    }
};

QTEST_GUILESS_MAIN(TestLuaPeek)
#include "tst_lua_peek.moc"
