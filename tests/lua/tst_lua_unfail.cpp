// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// unfail: the oldest `count` jobs of a group back into a queue, each exactly once.
class TestLuaUnfail final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    void failJobs(int n, const QByteArray &group = "g")
    {
        for (int i = 0; i < n; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_qless.put("src", jid, T + i, {"retries", "4"});
            m_qless.pop("src", "w", 1, T + i);
            m_qless.call(QStringLiteral("fail"), {jid, "w", group, "m", num(T + i + 0.5)});
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void oldestFirstWithCount()
    {
        failJobs(5);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "dst", "2"}).integer, 2);
        QCOMPARE(m_qless.command({"LRANGE", "ql:f:g", "0", "-1"}).strings(), (QList<QByteArray>{"j4", "j3", "j2"}));
        for (const QByteArray jid : {"j0", "j1"}) {
            const QJsonObject job = m_qless.job(jid);
            QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
            QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("dst"));
            QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 4.0);
            QCOMPARE(job.value(QStringLiteral("failure")).toObject(), QJsonObject());
        }
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:dst-work"}).integer, 2);
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":src";
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("3"));
        QVERIFY(!m_qless.command({"ZSCORE", "ql:queues", "dst"}).isNil());
    }

    void defaultCountIs25AndGroupEmpties()
    {
        failJobs(30);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "src"}).integer, 25);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "src", "100"}).integer, 5);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:src-work"}).integer, 30);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "src", "100"}).integer, 0);
    }

    void wholeGroupInBatchesMovesEachOnce()
    {
        failJobs(1000);
        qint64 moved = 0;
        for (int batch = 0; batch < 20; ++batch)
            moved += m_qless.call(QStringLiteral("unfail"), {num(T + 2000), "g", "dst", "77"}).integer;
        QCOMPARE(moved, 1000);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:dst-work"}).integer, 1000);
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
    }

    void movingNothingRegistersNoQueue()
    {
        failJobs(1);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "nosuchgroup", "typo"}).integer, 0);
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "typo2", "0"}).integer, 0);
        QVERIFY(m_qless.command({"ZSCORE", "ql:queues", "typo"}).isNil());
        QVERIFY(m_qless.command({"ZSCORE", "ql:queues", "typo2"}).isNil());
        QVERIFY(m_qless.command({"EXISTS", "ql:q:typo-work"}).integer == 0);
    }

    void staleEntriesDropped()
    {
        failJobs(2);
        m_qless.command({"RPUSH", "ql:f:g", "ghost"}); // oldest end: a jid whose job is gone
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "g", "dst", "2"}).integer, 1);
        QCOMPARE(m_qless.command({"LRANGE", "ql:f:g", "0", "-1"}).strings(), QList<QByteArray>{"j1"});
    }

    void rejectsBadArguments()
    {
        failJobs(1);
        const auto error = [this](const QList<QByteArray> &args) {
            return m_qless.call(QStringLiteral("unfail"), args).bytes;
        };
        QVERIFY(error({}).contains("Unfail(): Arg \"now\" missing"));
        QVERIFY(error({"1"}).contains("Unfail(): Arg \"group\" missing"));
        QVERIFY(error({"1", "g"}).contains("Unfail(): Arg \"queue\" missing"));
        QVERIFY(error({"1", "g", "q", "many"}).contains("Unfail(): Arg \"count\" not a number: many"));
        QVERIFY(error({"1", "g", "q", "-3"}).contains("Unfail(): Arg \"count\" not a whole number >= 0: -3"));
        QCOMPARE(m_qless.command({"LLEN", "ql:f:g"}).integer, 1);
    }
};

QTEST_GUILESS_MAIN(TestLuaUnfail)
#include "tst_lua_unfail.moc"
