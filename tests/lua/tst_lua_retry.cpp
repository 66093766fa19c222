// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// retry: a worker hands its job back, spending one retry; none left means failed.
class TestLuaRetry final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    RedisValue retry(const QByteArray &jid, const QByteArray &worker, double now, const QList<QByteArray> &extra = {})
    {
        return m_qless.call(QStringLiteral("retry"), QList<QByteArray>{jid, "q", worker, num(now)} + extra);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init()
    {
        m_qless.flush();
        m_qless.put("q", "j", T, {"retries", "1"});
        m_qless.pop("q", "w", 1, T);
    }

    void retriesThenFails()
    {
        QCOMPARE(retry("j", "w", T + 1).integer, 0);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w:jobs"}).integer, 0);
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q";
        // As qless's retry: the day's `retries` figure counts stalled jobs only, not a retry
        // the worker asked for.
        QCOMPARE(m_qless.command({"HEXISTS", stats, "retries"}).integer, 0);

        QCOMPARE(m_qless.pop("q", "w", 1, T + 2), QList<QByteArray>{"j"});
        QCOMPARE(retry("j", "w", T + 3).integer, -1);
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(job.value(QStringLiteral("failure")).toObject().value(QStringLiteral("group")).toString(),
                 QStringLiteral("failed-retries-q"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-work"}).integer, 0);
    }

    void withDelay()
    {
        QCOMPARE(retry("j", "w", T + 1, {"30"}).integer, 0);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q-scheduled", "j"}).bytes.toDouble(), T + 31);
    }

    void onlyTheHolder()
    {
        QVERIFY(retry("j", "other", T + 1).isNil());
        QVERIFY(m_qless.call(QStringLiteral("retry"), {"j", "wrong", "w", num(T + 1)}).isNil());
        QVERIFY(retry("nosuch", "w", T + 1).isNil());
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }

    void rejectsBadArguments()
    {
        QVERIFY(retry("j", "w", T, {"soon"}).bytes.contains("Retry(): Arg \"delay\" not a number: soon"));
        QVERIFY(retry("j", "w", T, {"-2"}).bytes.contains("Retry(): Arg \"delay\" negative: -2"));
        QVERIFY(m_qless.call(QStringLiteral("retry"), {"j"}).bytes.contains("Retry(): Arg \"queue\" missing"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }
};

QTEST_GUILESS_MAIN(TestLuaRetry)
#include "tst_lua_retry.moc"
