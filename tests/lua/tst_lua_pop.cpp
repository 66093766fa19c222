// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// pop: priority order, FIFO within a priority, scheduled jobs falling due, stalled locks
// reclaimed, retries running out, paused queues, workers registered.
class TestLuaPop final : public QObject
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

    void higherPriorityFirstThenPutOrder()
    {
        m_qless.put("q", "low-1", T + 1, {"priority", "-5"});
        m_qless.put("q", "mid-1", T + 2);
        m_qless.put("q", "high-1", T + 3, {"priority", "10"});
        m_qless.put("q", "mid-2", T + 4);
        m_qless.put("q", "high-2", T + 5, {"priority", "10"});
        m_qless.put("q", "mid-3", T + 6);
        QCOMPARE(m_qless.pop("q", "w", 2, T + 10), (QList<QByteArray>{"high-1", "high-2"}));
        QCOMPARE(m_qless.pop("q", "w", 10, T + 11), (QList<QByteArray>{"mid-1", "mid-2", "mid-3", "low-1"}));
        QVERIFY(m_qless.pop("q", "w", 10, T + 12).isEmpty());
    }

    void fifoWithMillisecondPutTimes()
    {
        for (int i = 0; i < 20; ++i)
            m_qless.put("q", "j" + QByteArray::number(i), T + i * 0.001);
        QList<QByteArray> expected;
        for (int i = 0; i < 20; ++i)
            expected << "j" + QByteArray::number(i);
        QCOMPARE(m_qless.pop("q", "w", 20, T + 1), expected);
    }

    void poppedJobIsLocked()
    {
        m_qless.put("q", "j", T);
        const RedisValue reply = m_qless.call(QStringLiteral("pop"), {"w1", "1", num(T + 5)}, {"q"});
        QCOMPARE(reply.elements.size(), 1);
        const QJsonObject job = reply.elements.at(0).json().toObject();
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));
        QCOMPARE(job.value(QStringLiteral("expires")).toDouble(), T + 65);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q-locks", "j"}).bytes.toDouble(), T + 65);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:w:w1:jobs", "j"}).bytes.toDouble(), T + 65);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:workers", "w1"}).bytes.toDouble(), T + 5);
        const QJsonObject popped = job.value(QStringLiteral("history")).toArray().at(1).toObject();
        QCOMPARE(popped.value(QStringLiteral("what")).toString(), QStringLiteral("popped"));
        QCOMPARE(popped.value(QStringLiteral("when")).toDouble(), T + 5);
        QCOMPARE(popped.value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));
        // The wait (5 s) went into today's wait figures.
        const QByteArray wait = "ql:s:wait:" + QByteArray::number(qint64(T)) + ":q";
        QCOMPARE(m_qless.command({"HGET", wait, "s5"}).bytes, QByteArray("1"));
    }

    void queueHeartbeatSetsLockLength()
    {
        m_qless.call(QStringLiteral("config"), {"set", "q-heartbeat", "10"});
        m_qless.put("q", "j", T);
        m_qless.pop("q", "w", 1, T);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("expires")).toDouble(), T + 10);
    }

    void scheduledJobBecomesWaitingWhenDue()
    {
        m_qless.put("q", "later", T, {}, 60);
        m_qless.put("q", "now", T + 1);
        QCOMPARE(m_qless.pop("q", "w", 5, T + 30), QList<QByteArray>{"now"});
        QCOMPARE(m_qless.job("later").value(QStringLiteral("state")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(m_qless.pop("q", "w", 5, T + 60), QList<QByteArray>{"later"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-scheduled"}).integer, 0);
    }

    void dueScheduledRankedByPriorityThenAsOfThePop()
    {
        m_qless.put("q", "sched-high", T, {"priority", "5"}, 10);
        m_qless.put("q", "sched-early", T, {}, 5);
        m_qless.put("q", "waiting-late", T + 8);
        // As qless's pop: due jobs join work as of the pop (T+20), so at equal priority a job
        // waiting since T+8 comes first; priority 5 beats both.
        QCOMPARE(m_qless.pop("q", "w", 3, T + 20), (QList<QByteArray>{"sched-high", "waiting-late", "sched-early"}));
    }

    void stalledLockReclaimedByAnotherWorker()
    {
        m_qless.call(QStringLiteral("config"), {"set", "grace-period", "0"}); // taken back at once
        m_qless.put("q", "j", T, {"retries", "2"});
        QCOMPARE(m_qless.pop("q", "w1", 1, T), QList<QByteArray>{"j"});
        // Lock expires at T+60; before that nobody else gets it.
        QVERIFY(m_qless.pop("q", "w2", 1, T + 59).isEmpty());
        QCOMPARE(m_qless.pop("q", "w2", 1, T + 61), QList<QByteArray>{"j"});
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QStringLiteral("w2"));
        QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 1.0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w2:jobs"}).integer, 1);
        // w1 has lost it: its heartbeat and complete fail.
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 62)}).isNil());
        QVERIFY(m_qless.call(QStringLiteral("complete"), {"j", "w1", "q", num(T + 62), "{}"}).isNil());
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q";
        QCOMPARE(m_qless.command({"HGET", stats, "retries"}).bytes, QByteArray("1"));
    }

    void stalledJobFailsWhenRetriesRunOut()
    {
        m_qless.call(QStringLiteral("config"), {"set", "grace-period", "0"}); // taken back at once
        m_qless.put("q", "j", T, {"retries", "1"});
        m_qless.pop("q", "w1", 1, T);
        QCOMPARE(m_qless.pop("q", "w2", 1, T + 100), QList<QByteArray>{"j"}); // remaining 0
        QCOMPARE(m_qless.job("j").value(QStringLiteral("remaining")).toDouble(), 0.0);
        QVERIFY(m_qless.pop("q", "w3", 1, T + 200).isEmpty()); // remaining would be -1: failed
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        const QJsonObject failure = job.value(QStringLiteral("failure")).toObject();
        QCOMPARE(failure.value(QStringLiteral("group")).toString(), QStringLiteral("failed-retries-q"));
        QCOMPARE(failure.value(QStringLiteral("message")).toString(),
                 QStringLiteral("Job exhausted retries in queue \"q\""));
        QCOMPARE(failure.value(QStringLiteral("when")).toDouble(), T + 200);
        QCOMPARE(m_qless.command({"LRANGE", "ql:f:failed-retries-q", "0", "-1"}).strings(), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w2:jobs"}).integer, 0);
    }

    void stalledComeBeforeWaiting()
    {
        m_qless.call(QStringLiteral("config"), {"set", "grace-period", "0"}); // taken back at once
        m_qless.put("q", "old", T);
        m_qless.pop("q", "w1", 1, T);
        m_qless.put("q", "new", T + 1, {"priority", "100"});
        QCOMPARE(m_qless.pop("q", "w2", 2, T + 61), (QList<QByteArray>{"old", "new"}));
    }

    void gracePeriodWarnsBeforeTakingBack()
    {
        // qless's grace-period (default 10): the first pop after the lock expired only tells
        // w1 (lock_lost) and extends the lock by the grace; the next pop after that takes it.
        m_qless.put("q", "j", T, {"retries", "2"});
        m_qless.pop("q", "w1", 1, T);
        QVERIFY(m_qless.pop("q", "w2", 1, T + 61).isEmpty());
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q-locks", "j"}).bytes.toDouble(), T + 71);
        QCOMPARE(m_qless.job("j")
                     .value(QStringLiteral("history"))
                     .toArray()
                     .last()
                     .toObject()
                     .value(QStringLiteral("what"))
                     .toString(),
                 QStringLiteral("timed-out"));
        QVERIFY(m_qless.pop("q", "w2", 1, T + 70).isEmpty());
        QCOMPARE(m_qless.pop("q", "w2", 1, T + 72), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.job("j").value(QStringLiteral("remaining")).toDouble(), 1.0);
    }

    void pausedQueueGivesNothing()
    {
        m_qless.put("q", "j", T);
        m_qless.command({"SADD", "ql:paused_queues", "q"});
        QVERIFY(m_qless.pop("q", "w", 1, T).isEmpty());
        m_qless.command({"SREM", "ql:paused_queues", "q"});
        QCOMPARE(m_qless.pop("q", "w", 1, T), QList<QByteArray>{"j"});
    }

    void longGoneWorkersLeftToTheWorkersCommand()
    {
        // As qless's pop: it registers its worker and prunes nobody (qless's `workers` does);
        // the seed's read-only `workers` leaves the old one out of its listing.
        m_qless.command({"ZADD", "ql:workers", num(T - 90000), "ancient"});
        m_qless.pop("q", "w", 1, T);
        QVERIFY(!m_qless.command({"ZSCORE", "ql:workers", "ancient"}).isNil());
        QVERIFY(!m_qless.command({"ZSCORE", "ql:workers", "w"}).isNil());
        QVERIFY(!m_qless.call(QStringLiteral("workers"), {num(T)}).bytes.contains("ancient"));
    }

    void danglingJidsSkipped()
    {
        m_qless.command({"ZADD", "ql:q:q-work", "1", "ghost"});
        m_qless.put("q", "real", T);
        QCOMPARE(m_qless.pop("q", "w", 2, T), QList<QByteArray>{"real"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-work"}).integer, 0);
    }

    void unreadableFieldsDoNotBreakThePop()
    {
        // Another writer stored numbers JSON cannot carry: the job is still handed out (nothing
        // is written and then lost to a failed reply), its odd fields shown as text.
        m_qless.put("q", "j", T);
        m_qless.command({"HSET", "ql:j:j", "retries", "inf", "remaining", "nan", "tags", "[1e999]"});
        const RedisValue reply = m_qless.call(QStringLiteral("pop"), {"w", "1", num(T)}, {"q"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        const QJsonObject job = reply.elements.value(0).json().toObject();
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("j"));
        QCOMPARE(job.value(QStringLiteral("retries")).toString(), QStringLiteral("inf"));
        QCOMPARE(job.value(QStringLiteral("tags")).toString(), QStringLiteral("[1e999]"));
    }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QList<QByteArray>>("keys");
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("no queue") << QList<QByteArray>{} << QList<QByteArray>{"w", "1", "1"}
                                  << QByteArray("Pop(): Arg \"queue\" missing");
        QTest::newRow("no worker") << QList<QByteArray>{"q"} << QList<QByteArray>{}
                                   << QByteArray("Pop(): Arg \"worker\" missing");
        QTest::newRow("bad count") << QList<QByteArray>{"q"} << QList<QByteArray>{"w", "-1", "1"}
                                   << QByteArray("Pop(): Arg \"count\" not a whole number >= 0: -1");
        QTest::newRow("bad now") << QList<QByteArray>{"q"} << QList<QByteArray>{"w", "1", "soon"}
                                 << QByteArray("Pop(): Arg \"now\" not a number: soon");
        QTest::newRow("extra") << QList<QByteArray>{"q"} << QList<QByteArray>{"w", "1", "1", "x"}
                               << QByteArray("Pop(): Arg \"4\" unexpected: x");
    }

    void rejectsBadArguments()
    {
        QFETCH(QList<QByteArray>, keys);
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, error);
        const RedisValue reply = m_qless.call(QStringLiteral("pop"), args, keys);
        QVERIFY(reply.isError());
        QVERIFY2(reply.bytes.contains(error), reply.bytes.constData());
        QCOMPARE(m_qless.command({"DBSIZE"}).integer, 0);
    }
};

QTEST_GUILESS_MAIN(TestLuaPop)
#include "tst_lua_pop.moc"
