// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// fail: into a group, from any state but complete, with the worker shut out afterwards.
class TestLuaFail final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    RedisValue fail(const QByteArray &jid, const QByteArray &worker, const QByteArray &group, double now,
                    const QList<QByteArray> &extra = {})
    {
        return m_qless.call(QStringLiteral("fail"),
                            QList<QByteArray>{jid, worker, group, "Traceback: line 1\nline 2", num(now)} + extra);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void failsRunningJob()
    {
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T);
        QCOMPARE(fail("j", "w", "IOError", T + 5, {"{\"partial\":1}"}).bytes, QByteArray("j"));
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q"));
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"partial\":1}"));
        const QJsonObject failure = job.value(QStringLiteral("failure")).toObject();
        QCOMPARE(failure.value(QStringLiteral("group")).toString(), QStringLiteral("IOError"));
        QCOMPARE(failure.value(QStringLiteral("message")).toString(), QStringLiteral("Traceback: line 1\nline 2"));
        QCOMPARE(failure.value(QStringLiteral("when")).toDouble(), T + 5);
        QCOMPARE(failure.value(QStringLiteral("worker")).toString(), QStringLiteral("w"));
        const QJsonObject failed = job.value(QStringLiteral("history")).toArray().last().toObject();
        QCOMPARE(failed.value(QStringLiteral("what")).toString(), QStringLiteral("failed"));
        QCOMPARE(failed.value(QStringLiteral("when")).toDouble(), T + 5);
        QCOMPARE(failed.value(QStringLiteral("group")).toString(), QStringLiteral("IOError"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"SMEMBERS", "ql:failures"}).strings(), QList<QByteArray>{"IOError"});
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q";
        QCOMPARE(m_qless.command({"HGET", stats, "failures"}).bytes, QByteArray("1"));
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("1"));
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w", num(T + 6)}).isNil());
    }

    void groupListIsNewestFirst()
    {
        for (const QByteArray jid : {"a", "b", "c"}) {
            m_qless.put("q", jid, T);
            fail(jid, "w", "g", T + 1);
        }
        QCOMPARE(m_qless.command({"LRANGE", "ql:f:g", "0", "-1"}).strings(), (QList<QByteArray>{"c", "b", "a"}));
    }

    void waitingJobCanFail()
    {
        m_qless.put("q", "j", T, {}, 100);
        QCOMPARE(fail("j", "operator", "bad-input", T + 1).bytes, QByteArray("j"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-scheduled"}).integer, 0);
    }

    void refailingMovesGroup()
    {
        m_qless.put("q", "j", T);
        fail("j", "w", "first", T + 1);
        fail("j", "w", "second", T + 2);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:first"}).integer, 0);
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:failures", "first"}).integer, 0);
        QCOMPARE(m_qless.command({"LLEN", "ql:f:second"}).integer, 1);
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q";
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("1"));
        QCOMPARE(m_qless.command({"HGET", stats, "failures"}).bytes, QByteArray("2"));
    }

    void completeOrMissingRefused()
    {
        QVERIFY(fail("nosuch", "w", "g", T).isNil());
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T);
        m_qless.call(QStringLiteral("complete"), {"j", "w", "q", num(T + 1), "{}"});
        QVERIFY(fail("j", "w", "g", T + 2).isNil());
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
    }

    void rejectsBadArguments()
    {
        m_qless.put("q", "j", T);
        const auto error = [this](const QList<QByteArray> &args) {
            return m_qless.call(QStringLiteral("fail"), args).bytes;
        };
        QVERIFY(error({"j", "w"}).contains("Fail(): Arg \"group\" missing"));
        QVERIFY(error({"j", "w", "g"}).contains("Fail(): Arg \"message\" missing"));
        QVERIFY(error({"j", "w", "g", "m", "x"}).contains("Fail(): Arg \"now\" not a number: x"));
        QVERIFY(error({"j", "w", "g", "m", "1", "{"}).contains("Fail(): Arg \"data\" not JSON: {"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
    }
};

QTEST_GUILESS_MAIN(TestLuaFail)
#include "tst_lua_fail.moc"
