// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// heartbeat: renews only the lock its worker holds, optionally replacing data.
class TestLuaHeartbeat final : public QObject
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
    void init()
    {
        m_qless.flush();
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w1", 1, T);
    }

    void renewsLock()
    {
        const RedisValue reply = m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 30)});
        QCOMPARE(reply.type, RedisValue::Type::Integer); // Lua numbers come back as integers
        QCOMPARE(reply.integer, qint64(T + 90));
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q-locks", "j"}).bytes.toDouble(), T + 90);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:w:w1:jobs", "j"}).bytes.toDouble(), T + 90);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:workers", "w1"}).bytes.toDouble(), T + 30);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("expires")).toDouble(), T + 90);
        // Still ours after the original expiry.
        QVERIFY(m_qless.pop("q", "w2", 1, T + 70).isEmpty());
    }

    void replacesData()
    {
        m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 1), "{\"progress\": 50}"});
        // Stored re-encoded, as current qless's heartbeat does (the seed kept the text as sent).
        QCOMPARE(m_qless.job("j").value(QStringLiteral("data")).toString(), QStringLiteral("{\"progress\":50}"));
    }

    void otherWorkerRefused()
    {
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w2", num(T + 1)}).isNil());
        QCOMPARE(m_qless.job("j").value(QStringLiteral("expires")).toDouble(), T + 60);
    }

    void movedJobRefused()
    {
        m_qless.put("other", "j", T + 1);
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 2)}).isNil());
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"nosuch", "w1", num(T + 2)}).isNil());
    }

    void rejectsBadArguments()
    {
        const auto error = [this](const QList<QByteArray> &args) {
            return m_qless.call(QStringLiteral("heartbeat"), args).bytes;
        };
        QVERIFY(error({}).contains("Heartbeat(): Arg \"jid\" missing"));
        QVERIFY(error({"j"}).contains("Heartbeat(): Arg \"worker\" missing"));
        QVERIFY(error({"j", "w1", "x"}).contains("Heartbeat(): Arg \"now\" not a number: x"));
        QVERIFY(error({"j", "w1", "1", "{bad"}).contains("Heartbeat(): Arg \"data\" not JSON: {bad"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("expires")).toDouble(), T + 60);
    }
};

QTEST_GUILESS_MAIN(TestLuaHeartbeat)
#include "tst_lua_heartbeat.moc"
