// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// cancel: deletes every trace, refuses while dependents remain, leaves complete jobs alone.
class TestLuaCancel final : public QObject
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

    void deletesEverything()
    {
        m_qless.put("q", "j", T, {"tags", "[\"t\"]"});
        m_qless.pop("q", "w", 1, T);
        m_qless.call(QStringLiteral("track"), {"track", "j", num(T)});
        const RedisValue reply = m_qless.call(QStringLiteral("cancel"), {"j"});
        QCOMPARE(reply.strings(), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:j"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:t"}).integer, 0);
        // As qless's cancel: the tag's count drops to 0 (the entry stays), and the jid stays in
        // ql:tracked, listed as expired (the 2012 face took both out).
        QCOMPARE(m_qless.command({"ZSCORE", "ql:tags", "t"}).bytes, QByteArray("0"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:tracked"}).integer, 1);
        QVERIFY(m_qless.call(QStringLiteral("track"), {}).bytes.contains("\"expired\":[\"j\"]"));
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w", num(T + 1)}).isNil());
        QVERIFY(m_qless.call(QStringLiteral("complete"), {"j", "w", "q", num(T + 1), "{}"}).isNil());
        QVERIFY(m_qless.job("j").isEmpty());
    }

    void cancelsFailedJob()
    {
        m_qless.put("q", "j", T);
        m_qless.call(QStringLiteral("fail"), {"j", "w", "g", "m", num(T)});
        m_qless.call(QStringLiteral("cancel"), {"j"});
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    void refusedWhileDependentsExist()
    {
        m_qless.put("q", "a", T);
        m_qless.put("q", "b", T, {"depends", "[\"a\"]"});
        const RedisValue reply = m_qless.call(QStringLiteral("cancel"), {"a"});
        QVERIFY(reply.isError());
        QVERIFY2(reply.bytes.contains("Cancel(): a is a dependency of b but is not mentioned to be canceled"),
                 reply.bytes.constData());
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:a"}).integer, 1);
        // Together they go, and b's bookkeeping with them.
        QCOMPARE(m_qless.call(QStringLiteral("cancel"), {"a", "b"}).strings().size(), 2);
        QCOMPARE(m_qless.command({"KEYS", "*"}).strings(), QList<QByteArray>{"ql:queues"});
    }

    void cancellingDependentDetachesIt()
    {
        m_qless.put("q", "a", T);
        m_qless.put("q", "b", T, {"depends", "[\"a\"]"});
        m_qless.call(QStringLiteral("cancel"), {"b"});
        QCOMPARE(m_qless.command({"SCARD", "ql:j:a-dependents"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-depends"}).integer, 0);
        QCOMPARE(m_qless.call(QStringLiteral("cancel"), {"a"}).strings(), QList<QByteArray>{"a"});
    }

    void completeAndUnknownLeftAlone()
    {
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T);
        m_qless.call(QStringLiteral("complete"), {"j", "w", "q", num(T + 1), "{}"});
        QVERIFY(m_qless.call(QStringLiteral("cancel"), {"j", "nosuch"}).strings().isEmpty());
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("complete"));
    }

    void rejectsBadArguments()
    {
        QVERIFY(m_qless.call(QStringLiteral("cancel"), {}).bytes.contains("Cancel(): Arg \"jid\" missing"));
        m_qless.put("q", "j", T);
        QVERIFY(m_qless.call(QStringLiteral("cancel"), {"j", ""}).bytes.contains("Cancel(): Arg \"jid\" missing"));
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:j"}).integer, 1);
    }
};

QTEST_GUILESS_MAIN(TestLuaCancel)
#include "tst_lua_cancel.moc"
