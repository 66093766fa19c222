// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

#include <algorithm>

// complete: finishing, moving on with next, run-time stats, dependency chains, and how long
// completed jobs are kept.
class TestLuaComplete final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    RedisValue complete(const QByteArray &jid, const QByteArray &worker, const QByteArray &queue, double now,
                        const QList<QByteArray> &options = {})
    {
        return m_qless.call(QStringLiteral("complete"),
                            QList<QByteArray>{jid, worker, queue, num(now), "{\"done\":true}"} + options);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void completes()
    {
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T + 10);
        QCOMPARE(complete("j", "w", "q", T + 75).bytes, QByteArray("complete"));
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("complete"));
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"done\":true}"));
        const QJsonObject done = job.value(QStringLiteral("history")).toArray().last().toObject();
        QCOMPARE(done.value(QStringLiteral("what")).toString(), QStringLiteral("done"));
        QCOMPARE(done.value(QStringLiteral("when")).toDouble(), T + 75);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:completed", "j"}).bytes.toDouble(), T + 75);
        // Ran 65 s: bin m1.
        const QByteArray run = "ql:s:run:" + QByteArray::number(qint64(T)) + ":q";
        QCOMPARE(m_qless.command({"HGET", run, "m1"}).bytes, QByteArray("1"));
        QCOMPARE(m_qless.command({"HGET", run, "total"}).bytes, QByteArray("1"));
    }

    void refusesWhenNotHolder()
    {
        m_qless.put("q", "j", T);
        QVERIFY(complete("j", "w", "q", T).isNil()); // not running
        m_qless.pop("q", "w", 1, T);
        QVERIFY(complete("j", "other", "q", T).isNil());
        QVERIFY(complete("j", "w", "wrong-queue", T).isNil());
        QVERIFY(complete("nosuch", "w", "q", T).isNil());
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }

    void nextQueue()
    {
        m_qless.put("a", "j", T, {"priority", "4", "retries", "3"});
        m_qless.pop("a", "w", 1, T);
        // Lock expired: qless's pop first only warns (grace-period 10) and w keeps the job.
        QVERIFY(m_qless.pop("a", "w", 1, T + 100).isEmpty());
        QCOMPARE(complete("j", "w", "a", T + 101, {"next", "b"}).bytes, QByteArray("waiting"));
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("b"));
        QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 3.0);
        // put, popped, timed-out, done, put (into b): qless's events.
        QCOMPARE(job.value(QStringLiteral("history")).toArray().size(), 5);
        QCOMPARE(job.value(QStringLiteral("history")).toArray().last().toObject().value(QStringLiteral("q")).toString(),
                 QStringLiteral("b"));
        QVERIFY(!m_qless.command({"ZSCORE", "ql:queues", "b"}).isNil());
        QCOMPARE(m_qless.pop("b", "w2", 1, T + 102), QList<QByteArray>{"j"});

        QCOMPARE(complete("j", "w2", "b", T + 103, {"next", "c", "delay", "50"}).bytes, QByteArray("scheduled"));
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:c-scheduled", "j"}).bytes.toDouble(), T + 153);
    }

    void nextWithDepends()
    {
        m_qless.put("a", "dep", T);
        m_qless.put("a", "j", T + 1);
        m_qless.pop("a", "w", 1, T + 2); // j has put time T+1 but dep pops first (FIFO)
        m_qless.pop("a", "w", 1, T + 2);
        QCOMPARE(complete("j", "w", "a", T + 3, {"next", "b", "depends", "[\"dep\"]"}).bytes, QByteArray("depends"));
        QCOMPARE(complete("dep", "w", "a", T + 4).bytes, QByteArray("complete"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
    }

    void dependencyChainReleasedInOrder()
    {
        m_qless.put("q", "a", T);
        m_qless.put("q", "b", T + 1, {"depends", "[\"a\"]"});
        m_qless.put("q", "c", T + 2, {"depends", "[\"b\"]"});
        m_qless.put("q", "d", T + 3, {"depends", "[\"a\", \"b\"]"});
        QCOMPARE(m_qless.pop("q", "w", 10, T + 4), QList<QByteArray>{"a"});
        complete("a", "w", "q", T + 5);
        QCOMPARE(m_qless.job("b").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(m_qless.job("d").value(QStringLiteral("state")).toString(), QStringLiteral("depends"));
        QCOMPARE(m_qless.job("d").value(QStringLiteral("dependencies")).toArray(), QJsonArray({QStringLiteral("b")}));
        QCOMPARE(m_qless.pop("q", "w", 10, T + 6), QList<QByteArray>{"b"});
        complete("b", "w", "q", T + 7);
        // Released together, as qless ranks them: by the release, not by their put times.
        QList<QByteArray> released = m_qless.pop("q", "w", 10, T + 8);
        std::sort(released.begin(), released.end());
        QCOMPARE(released, (QList<QByteArray>{"c", "d"}));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-depends"}).integer, 0);
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:a-dependents"}).integer, 0);
    }

    void releasedWithDelayStillRunningIsScheduled()
    {
        m_qless.put("q", "a", T);
        m_qless.put("q", "b", T, {"depends", "[\"a\"]"}, 100);
        m_qless.pop("q", "w", 1, T + 1);
        complete("a", "w", "q", T + 2);
        QCOMPARE(m_qless.job("b").value(QStringLiteral("state")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q-scheduled", "b"}).bytes.toDouble(), T + 100);
    }

    void jobsHistoryCountExpiry()
    {
        m_qless.call(QStringLiteral("config"), {"set", "jobs-history-count", "3"});
        for (int i = 0; i < 5; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_qless.put("q", jid, T + i, {"tags", "[\"keep\"]"});
            m_qless.pop("q", "w", 1, T + i);
            complete(jid, "w", "q", T + i + 0.5);
        }
        QCOMPARE(m_qless.command({"ZRANGE", "ql:completed", "0", "-1"}).strings(),
                 (QList<QByteArray>{"j2", "j3", "j4"}));
        QVERIFY(m_qless.job("j0").isEmpty());
        QVERIFY(m_qless.job("j1").isEmpty());
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:j1"}).integer, 0);
        QCOMPARE(m_qless.job("j2").value(QStringLiteral("state")).toString(), QStringLiteral("complete"));
        // Expired jobs left the tag index too.
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:keep"}).integer, 3);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:tags", "keep"}).bytes, QByteArray("3"));
    }

    void jobsHistoryAgeExpiry()
    {
        m_qless.call(QStringLiteral("config"), {"set", "jobs-history", "100"});
        m_qless.put("q", "old", T);
        m_qless.pop("q", "w", 1, T);
        complete("old", "w", "q", T + 1);
        m_qless.put("q", "new", T + 50);
        m_qless.pop("q", "w", 1, T + 50);
        complete("new", "w", "q", T + 99);
        QVERIFY(!m_qless.job("old").isEmpty()); // 98 s old: kept
        m_qless.put("q", "newer", T + 150);
        m_qless.pop("q", "w", 1, T + 150);
        complete("newer", "w", "q", T + 150);
        QVERIFY(m_qless.job("old").isEmpty()); // 149 s old: gone
        QVERIFY(!m_qless.job("new").isEmpty());
        QCOMPARE(m_qless.command({"ZCARD", "ql:completed"}).integer, 2);
    }

    void rejectsBadArguments()
    {
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T);
        const auto error = [this](const QList<QByteArray> &args) {
            return m_qless.call(QStringLiteral("complete"), args).bytes;
        };
        QVERIFY(error({"j", "w", "q", "1"}).contains("Complete(): Arg \"data\" missing"));
        QVERIFY(error({"j", "w", "q", "1", "nope"}).contains("Complete(): Arg \"data\" not JSON: nope"));
        QVERIFY(error({"j", "w", "q", "1", "{}", "delay", "5"})
                    .contains("Complete(): Arg \"delay\" given without \"next\""));
        QVERIFY(error({"j", "w", "q", "1", "{}", "next", "b", "delay", "x"})
                    .contains("Complete(): Arg \"delay\" not a number: x"));
        QVERIFY(error({"j", "w", "q", "1", "{}", "next", "b", "depends", "[1]"})
                    .contains("Complete(): Arg \"depends\" not a JSON array of non-empty strings"));
        QVERIFY(error({"j", "w", "q", "1", "{}", "later", "b"}).contains("Complete(): Arg \"later\" unknown option"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }
};

QTEST_GUILESS_MAIN(TestLuaComplete)
#include "tst_lua_complete.moc"
