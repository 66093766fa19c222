// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonDocument>
#include <QTest>

// move: an existing job into a queue in one step, keeping what it has; the state guard.
class TestLuaMove final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    RedisValue move(const QList<QByteArray> &args) { return m_qless.call(QStringLiteral("move"), args); }
    QString field(const QByteArray &jid, const char *name)
    {
        return m_qless.job(jid).value(QLatin1String(name)).toString();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void keepsTheJobAndResetsRemaining()
    {
        m_qless.put("q1", "j", T, {"priority", "7", "tags", "[\"x\",\"y\"]", "retries", "3"}, 0, "{\"k\":1}",
                    "My.Klass");
        QCOMPARE(m_qless.pop("q1", "w1", 1, T + 1), QList<QByteArray>{"j"});
        // One retry used up: remaining 2 of 3.
        QCOMPARE(m_qless.call(QStringLiteral("retry"), {"j", "q1", "w1", num(T + 2)}).integer, 2);
        QCOMPARE(m_qless.pop("q1", "w1", 1, T + 3), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.job("j").value(QStringLiteral("remaining")).toDouble(), 2.0);

        SyncRedis worker;
        QVERIFY(worker.connectUnix(m_qless.server().socketPath()));
        worker.setTimeout(5000);
        QCOMPARE(worker.command({"SUBSCRIBE", "ql:w:w1"}).elements.value(0).bytes, QByteArray("subscribe"));

        const RedisValue reply = move({"j", "q2", num(T + 10)});
        QCOMPARE(reply.bytes, QByteArray("waiting"));

        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q2"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(job.value(QStringLiteral("klass")).toString(), QStringLiteral("My.Klass"));
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"k\":1}"));
        QCOMPARE(job.value(QStringLiteral("priority")).toDouble(), 7.0);
        QCOMPARE(job.value(QStringLiteral("tags")).toArray(), (QJsonArray{QStringLiteral("x"), QStringLiteral("y")}));
        QCOMPARE(job.value(QStringLiteral("retries")).toDouble(), 3.0);
        QCOMPARE(job.value(QStringLiteral("remaining")).toDouble(), 3.0);
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("time")).toDouble(), T + 10);
        const QJsonArray history = job.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.last().toObject().value(QStringLiteral("q")).toString(), QStringLiteral("q2"));
        // Written as current qless writes it: a `put` event in ql:j:<jid>-history (no 2012 stage).
        QCOMPARE(history.last().toObject().value(QStringLiteral("what")).toString(), QStringLiteral("put"));
        QCOMPARE(history.last().toObject().value(QStringLiteral("when")).toDouble(), T + 10);
        QCOMPARE(m_qless.command({"HEXISTS", "ql:j:j", "history"}).integer, 0);

        // Out of q1 and away from its worker, who was told and can no longer act on it.
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-work"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        QCOMPARE(m_qless.command({"ZRANGE", "ql:q:q2-work", "0", "-1"}).strings(), QList<QByteArray>{"j"});
        QVERIFY(!m_qless.command({"ZSCORE", "ql:queues", "q2"}).isNil());
        const RedisValue message = worker.nextMessage();
        QCOMPARE(message.elements.value(1).bytes, QByteArray("ql:w:w1"));
        const QJsonObject told = QJsonDocument::fromJson(message.elements.value(2).bytes).object();
        QCOMPARE(told.value(QStringLiteral("jid")).toString(), QStringLiteral("j"));
        QCOMPARE(told.value(QStringLiteral("event")).toString(), QStringLiteral("lock_lost"));
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 11)}).isNil());
        QVERIFY(m_qless.call(QStringLiteral("complete"), {"j", "w1", "q1", num(T + 11), "{}"}).isNil());

        // Tags stay indexed once.
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:x"}).integer, 1);
        QCOMPARE(m_qless.command({"ZSCORE", "ql:tags", "x"}).bytes, QByteArray("1"));
        // The next pop from q2 hands it out.
        QCOMPARE(m_qless.pop("q2", "w2", 1, T + 12), QList<QByteArray>{"j"});
    }

    void leavesItsFailureGroup()
    {
        m_qless.put("q1", "j", T);
        m_qless.pop("q1", "w1", 1, T);
        m_qless.call(QStringLiteral("fail"), {"j", "w1", "g", "broke", num(T + 1)});
        const QByteArray stats = "ql:s:stats:" + QByteArray::number(qint64(T)) + ":q1";
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("1"));

        QCOMPARE(move({"j", "q2", num(T + 5)}).bytes, QByteArray("waiting"));
        QCOMPARE(m_qless.command({"EXISTS", "ql:f:g"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("failure")).toObject(), QJsonObject());
        QCOMPARE(m_qless.command({"HGET", stats, "failed"}).bytes, QByteArray("0"));
        QCOMPARE(field("j", "queue"), QStringLiteral("q2"));
    }

    void emptyQueueMeansItsOwn()
    {
        m_qless.put("q1", "j", T, {"retries", "2"});
        m_qless.pop("q1", "w1", 1, T);
        m_qless.call(QStringLiteral("fail"), {"j", "w1", "g", "broke", num(T + 1)});
        QCOMPARE(move({"j", "", num(T + 5), "failed"}).bytes, QByteArray("waiting"));
        QCOMPARE(field("j", "queue"), QStringLiteral("q1"));
        QCOMPARE(m_qless.command({"ZRANGE", "ql:q:q1-work", "0", "-1"}).strings(), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.job("j").value(QStringLiteral("remaining")).toDouble(), 2.0);

        // A job whose hash names no queue has none to go back to; nothing changes.
        m_qless.command({"HSET", "ql:j:orphan", "jid", "orphan", "state", "failed", "klass", "K", "data", "{}"});
        const QList<QByteArray> before = m_qless.snapshot();
        const RedisValue reply = move({"orphan", "", num(T + 6)});
        QVERIFY(reply.isError());
        QVERIFY2(reply.bytes.contains("Move(): orphan has no queue of its own to go back to"), reply.bytes.constData());
        QCOMPARE(m_qless.snapshot(), before);
    }

    void stateGuard()
    {
        m_qless.put("q1", "j", T);
        const QList<QByteArray> before = m_qless.snapshot();
        // Waiting, not failed: refused, nothing changed.
        QVERIFY(move({"j", "q2", num(T + 1), "failed"}).isNil());
        QVERIFY(move({"j", "", num(T + 1), "running"}).isNil());
        QCOMPARE(m_qless.snapshot(), before);
        // The state it is in: moved.
        QCOMPARE(move({"j", "q2", num(T + 2), "waiting"}).bytes, QByteArray("waiting"));
        QCOMPARE(field("j", "queue"), QStringLiteral("q2"));
        // A replayed guarded step after the job went on changes nothing.
        m_qless.pop("q2", "w1", 1, T + 3);
        const QList<QByteArray> running = m_qless.snapshot();
        QVERIFY(move({"j", "q3", num(T + 4), "waiting"}).isNil());
        QCOMPARE(m_qless.snapshot(), running);
    }

    void missingJob()
    {
        QVERIFY(move({"nosuch", "q2", num(T)}).isNil());
        QVERIFY(move({"nosuch", "", num(T), "failed"}).isNil());
        QCOMPARE(m_qless.command({"DBSIZE"}).integer, 0);
    }

    void keepsUnfinishedDependencies()
    {
        m_qless.put("q1", "a", T);
        m_qless.put("q1", "b", T + 1, {"depends", "[\"a\"]"});
        QCOMPARE(move({"b", "q2", num(T + 2)}).bytes, QByteArray("depends"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q1-depends"}).integer, 0);
        QCOMPARE(m_qless.command({"ZRANGE", "ql:q:q2-depends", "0", "-1"}).strings(), QList<QByteArray>{"b"});
        QCOMPARE(m_qless.command({"SMEMBERS", "ql:j:b-dependencies"}).strings(), QList<QByteArray>{"a"});
        // When a completes, b is released in q2.
        QCOMPARE(m_qless.pop("q1", "w1", 1, T + 3), QList<QByteArray>{"a"});
        QCOMPARE(m_qless.call(QStringLiteral("complete"), {"a", "w1", "q1", num(T + 4), "{}"}).bytes,
                 QByteArray("complete"));
        QCOMPARE(field("b", "state"), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"ZRANGE", "ql:q:q2-work", "0", "-1"}).strings(), QList<QByteArray>{"b"});
    }

    void completeJobLeavesCompletedSet()
    {
        m_qless.put("q1", "j", T);
        m_qless.pop("q1", "w1", 1, T);
        m_qless.call(QStringLiteral("complete"), {"j", "w1", "q1", num(T + 1), "{}"});
        QCOMPARE(move({"j", "q2", num(T + 2)}).bytes, QByteArray("waiting"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:completed"}).integer, 0);
    }

    void historyListOfCurrentDeployments()
    {
        m_qless.put("q1", "j", T);
        m_qless.command({"HDEL", "ql:j:j", "history"});
        m_qless.command({"RPUSH", "ql:j:j-history", "[1763683200,\"put\",{\"q\":\"q1\"}]"});
        QCOMPARE(move({"j", "q2", num(T + 5)}).bytes, QByteArray("waiting"));
        QCOMPARE(m_qless.command({"LINDEX", "ql:j:j-history", "-1"}).bytes,
                 QByteArray("[1763683205,\"put\",{\"q\":\"q2\"}]"));
    }

    void rejectsBadArguments()
    {
        m_qless.put("q1", "j", T);
        const QList<QByteArray> before = m_qless.snapshot();
        const auto error = [this](const QList<QByteArray> &args) { return move(args).bytes; };
        QVERIFY(error({}).contains("Move(): Arg \"jid\" missing"));
        QVERIFY(error({""}).contains("Move(): Arg \"jid\" missing"));
        QVERIFY(error({"j"}).contains("Move(): Arg \"queue\" missing"));
        QVERIFY(error({"j", "q2"}).contains("Move(): Arg \"now\" missing"));
        QVERIFY(error({"j", "q2", "soon"}).contains("Move(): Arg \"now\" not a number: soon"));
        QVERIFY(error({"j", "q2", "1", ""}).contains("Move(): Arg \"state\" missing"));
        QVERIFY(error({"j", "q2", "1", "waiting", "more"}).contains("Move(): Arg \"5\" unexpected: more"));
        QCOMPARE(m_qless.snapshot(), before);
    }
};

QTEST_GUILESS_MAIN(TestLuaMove)
#include "tst_lua_move.moc"
