// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// put: creating jobs, moving them between queues, and refusing bad arguments.
class TestLuaPut final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200; // a UTC midnight
    QlessFixture m_qless;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void createsWaitingJob()
    {
        const RedisValue reply =
            m_qless.put("q1", "jid-1", T + 1, {"priority", "3", "tags", "[\"a\",\"b\"]", "retries", "2"}, 0,
                        "{\"x\": 1}", "My.Klass");
        QCOMPARE(reply.bytes, QByteArray("jid-1"));
        const QJsonObject job = m_qless.job("jid-1");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q1"));
        QCOMPARE(job.value(QStringLiteral("klass")).toString(), QStringLiteral("My.Klass"));
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"x\": 1}"));
        QCOMPARE(job.value(QStringLiteral("priority")).toDouble(), 3.0);
        QCOMPARE(job.value(QStringLiteral("retries")).toDouble(), 2.0);
        QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 2.0);
        QCOMPARE(job.value(QStringLiteral("tags")).toArray(), QJsonArray({QStringLiteral("a"), QStringLiteral("b")}));
        const QJsonArray history = job.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.at(0).toObject().value(QStringLiteral("what")).toString(), QStringLiteral("put"));
        QCOMPARE(history.at(0).toObject().value(QStringLiteral("q")).toString(), QStringLiteral("q1"));
        QCOMPARE(history.at(0).toObject().value(QStringLiteral("when")).toDouble(), T + 1);
        // As current qless: the history is a -history list, the hash has no history field.
        QCOMPARE(m_qless.command({"LLEN", "ql:j:jid-1-history"}).integer, 1);
        QCOMPARE(m_qless.command({"HEXISTS", "ql:j:jid-1", "history"}).integer, 0);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q1-work", "jid-1"}).bytes.toDouble(), 3 - (T + 1) / 1e10);
        QVERIFY(!m_qless.command({"ZSCORE", "ql:queues", "q1"}).isNil());
        QCOMPARE(m_qless.command({"ZSCORE", "ql:t:a", "jid-1"}).bytes.toDouble(), T + 1);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:tags", "a"}).bytes, QByteArray("1"));
        // The hash uses the field names current deployments read.
        QCOMPARE(m_qless.command({"HGET", "ql:j:jid-1", "klass"}).bytes, QByteArray("My.Klass"));
        QVERIFY(m_qless.command({"HEXISTS", "ql:j:jid-1", "type"}).integer == 0);
    }

    void defaults()
    {
        m_qless.put("q1", "j", T);
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("priority")).toDouble(), 0.0);
        QCOMPARE(job.value(QStringLiteral("retries")).toDouble(), 5.0);
        QCOMPARE(job.value(QStringLiteral("tags")).toArray(), QJsonArray());
        // As qless writes no tags (its JSON encoder's empty table); readers take it as a list.
        QCOMPARE(m_qless.command({"HGET", "ql:j:j", "tags"}).bytes, QByteArray("{}"));
    }

    void delayedJobIsScheduled()
    {
        m_qless.put("q1", "j", T, {}, 30);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:q1-scheduled", "j"}).bytes.toDouble(), T + 30);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-work"}).integer, 0);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("due")).toDouble(), T + 30);
        m_qless.put("q1", "w", T);
        QVERIFY(!m_qless.job("w").contains(QStringLiteral("due")));
    }

    void moveKeepsAttributesAndResetsRemaining()
    {
        m_qless.put("q1", "j", T, {"priority", "7", "tags", "[\"t\"]", "retries", "3"});
        m_qless.pop("q1", "w1", 1, T + 1);
        m_qless.put("q2", "j", T + 2);
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q2"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(job.value(QStringLiteral("priority")).toDouble(), 7.0);
        QCOMPARE(job.value(QStringLiteral("retries")).toDouble(), 3.0);
        QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 3.0);
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("tags")).toArray(), QJsonArray({QStringLiteral("t")}));
        QCOMPARE(job.value(QStringLiteral("history")).toArray().size(), 3); // put, popped, put
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q2-work"}).integer, 1);
        // Tags given on a move replace the old ones, in the index too.
        m_qless.put("q2", "j", T + 3, {"tags", "[\"u\"]"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:t"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:u"}).integer, 1);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:tags", "t"}).bytes, QByteArray("0")); // qless keeps it at 0
    }

    void moveOutOfFailureGroup()
    {
        m_qless.put("q1", "j", T);
        m_qless.pop("q1", "w1", 1, T + 1);
        m_qless.call(QStringLiteral("fail"), {"j", "w1", "boom", "trace", num(T + 2)});
        QCOMPARE(m_qless.command({"LLEN", "ql:f:boom"}).integer, 1);
        m_qless.put("q1", "j", T + 3);
        QCOMPARE(m_qless.command({"LLEN", "ql:f:boom"}).integer, 0);
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:failures", "boom"}).integer, 0);
        // As qless's put: the job leaves its group but keeps its last failure (desk.move and
        // the move face clear it; a plain put does not).
        QCOMPARE(m_qless.job("j").value(QStringLiteral("failure")).toObject().value(QStringLiteral("group")).toString(),
                 QStringLiteral("boom"));
        const QByteArray statsKey = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q1";
        QCOMPARE(m_qless.command({"HGET", statsKey, "failed"}).bytes, QByteArray("0"));
        QCOMPARE(m_qless.command({"HGET", statsKey, "failures"}).bytes, QByteArray("1"));
    }

    void completeJobPutBackLeavesCompletedSet()
    {
        m_qless.put("q1", "j", T);
        m_qless.pop("q1", "w", 1, T);
        m_qless.call(QStringLiteral("complete"), {"j", "w", "q1", num(T + 1), "{}"});
        QCOMPARE(m_qless.command({"ZCARD", "ql:completed"}).integer, 1);
        m_qless.put("q2", "j", T + 2);
        QCOMPARE(m_qless.command({"ZCARD", "ql:completed"}).integer, 0);
        // So expiring old completed jobs later cannot delete it while it waits.
        m_qless.call(QStringLiteral("config"), {"set", "jobs-history-count", "0"});
        m_qless.put("q1", "k", T + 3);
        m_qless.pop("q1", "w", 1, T + 3);
        m_qless.call(QStringLiteral("complete"), {"k", "w", "q1", num(T + 4), "{}"});
        QCOMPARE(m_qless.job("j").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
    }

    void dependsOnUnfinishedJobs()
    {
        m_qless.put("q1", "a", T);
        m_qless.put("q1", "b", T + 1, {"depends", "[\"a\", \"nosuch\"]"});
        QCOMPARE(m_qless.job("b").value(QStringLiteral("state")).toString(), QStringLiteral("depends"));
        QCOMPARE(m_qless.job("b").value(QStringLiteral("dependencies")).toArray(), QJsonArray({QStringLiteral("a")}));
        QCOMPARE(m_qless.job("a").value(QStringLiteral("dependents")).toArray(), QJsonArray({QStringLiteral("b")}));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-depends"}).integer, 1);
        // Depending only on jobs that do not exist (or are complete) means nothing to wait for.
        m_qless.put("q1", "c", T + 2, {"depends", "[\"nosuch\"]"});
        QCOMPARE(m_qless.job("c").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
    }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QList<QByteArray>>("keys");
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("error");
        const QList<QByteArray> q{"q1"};
        QTest::newRow("no queue") << QList<QByteArray>{} << QList<QByteArray>{"j", "K", "{}", "1", "0"}
                                  << QByteArray("Put(): Arg \"queue\" missing");
        QTest::newRow("no jid") << q << QList<QByteArray>{"", "K", "{}", "1", "0"}
                                << QByteArray("Put(): Arg \"jid\" missing");
        QTest::newRow("no klass") << q << QList<QByteArray>{"j"} << QByteArray("Put(): Arg \"klass\" missing");
        QTest::newRow("bad data") << q << QList<QByteArray>{"j", "K", "{nope", "1", "0"}
                                  << QByteArray("Put(): Arg \"data\" not JSON: {nope");
        QTest::newRow("bad now") << q << QList<QByteArray>{"j", "K", "{}", "x", "0"}
                                 << QByteArray("Put(): Arg \"now\" not a number: x");
        QTest::newRow("bad delay") << q << QList<QByteArray>{"j", "K", "{}", "1", "abc"}
                                   << QByteArray("Put(): Arg \"delay\" not a number: abc");
        QTest::newRow("negative delay") << q << QList<QByteArray>{"j", "K", "{}", "1", "-1"}
                                        << QByteArray("Put(): Arg \"delay\" negative: -1");
        QTest::newRow("bad priority") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "priority", "hi"}
                                      << QByteArray("Put(): Arg \"priority\" not a number: hi");
        QTest::newRow("bad tags") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "tags", "{\"a\":1}"}
                                  << QByteArray("Put(): Arg \"tags\" not a JSON array");
        QTest::newRow("bad retries") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "retries", "1.5"}
                                     << QByteArray("Put(): Arg \"retries\" not a whole number >= 0: 1.5");
        QTest::newRow("bad depends") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "depends", "a"}
                                     << QByteArray("Put(): Arg \"depends\" not JSON: a");
        QTest::newRow("unknown option") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "colour", "red"}
                                        << QByteArray("Put(): Arg \"colour\" unknown option");
        QTest::newRow("option without value") << q << QList<QByteArray>{"j", "K", "{}", "1", "0", "priority"}
                                              << QByteArray("Put(): Arg \"priority\" missing");
    }

    void rejectsBadArguments()
    {
        QFETCH(QList<QByteArray>, keys);
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, error);
        const RedisValue reply = m_qless.call(QStringLiteral("put"), args, keys);
        QVERIFY(reply.isError());
        QVERIFY2(reply.bytes.contains(error), reply.bytes.constData());
        QCOMPARE(m_qless.command({"DBSIZE"}).integer, 0); // nothing touched
    }
};

QTEST_GUILESS_MAIN(TestLuaPut)
#include "tst_lua_put.moc"
