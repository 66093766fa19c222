// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// Jobs as current qless deployments (the Ruby gem, qless-py) write them: history in a
// ql:j:<jid>-history list of [when, what, {extra}] entries, data verbatim, a float `time`, extra
// fields. Our scripts must read them, move, unfail and cancel them, and write history in their
// form, so that those deployments' workers carry on with the jobs.
class TestLuaInterop final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    static constexpr const char *Data = "{\"url\": \"http://x\",   \"depth\": [1, 2]}";

    void writeDeploymentJob(const QByteArray &jid, const QByteArray &queue, const QByteArray &state)
    {
        m_qless.command({"HSET",      "ql:j:" + jid,
                         "jid",       jid,
                         "klass",     "Crawl::Job",
                         "data",      Data,
                         "priority",  "0",
                         "tags",      "[\"site\"]",
                         "state",     state,
                         "worker",    "",
                         "expires",   "0",
                         "queue",     queue,
                         "retries",   "5",
                         "remaining", "5",
                         "time",      "1763683200.12345678901234567890",
                         "failure",   "{}",
                         "throttles", "[\"ql:q:" + queue + "\"]"});
        m_qless.command({"RPUSH", "ql:j:" + jid + "-history", "[1763683200,\"put\",{\"q\":\"" + queue + "\"}]"});
        m_qless.command({"ZADD", "ql:t:site", num(T), jid});
        m_qless.command({"ZINCRBY", "ql:tags", "1", "site"});
        m_qless.command({"ZADD", "ql:queues", "NX", num(T), queue});
    }

    void writeWaiting(const QByteArray &jid, const QByteArray &queue)
    {
        writeDeploymentJob(jid, queue, "waiting");
        m_qless.command({"ZADD", "ql:q:" + queue + "-work", num(0 - T / 1e10), jid});
    }

    void writeRunning(const QByteArray &jid, const QByteArray &queue, const QByteArray &worker)
    {
        writeDeploymentJob(jid, queue, "running");
        m_qless.command({"HSET", "ql:j:" + jid, "worker", worker, "expires", num(T + 60)});
        m_qless.command(
            {"RPUSH", "ql:j:" + jid + "-history", "[1763683210,\"popped\",{\"worker\":\"" + worker + "\"}]"});
        m_qless.command({"ZADD", "ql:q:" + queue + "-locks", num(T + 60), jid});
        m_qless.command({"ZADD", "ql:w:" + worker + ":jobs", num(T + 60), jid});
        m_qless.command({"ZADD", "ql:workers", num(T + 10), worker});
    }

    void writeFailed(const QByteArray &jid, const QByteArray &queue, const QByteArray &group)
    {
        writeDeploymentJob(jid, queue, "failed");
        m_qless.command({"HSET", "ql:j:" + jid, "failure",
                         "{\"group\":\"" + group + "\",\"message\":\"boom\",\"when\":1763683220,\"worker\":\"w\"}"});
        m_qless.command({"RPUSH", "ql:j:" + jid + "-history",
                         "[1763683220,\"failed\",{\"group\":\"" + group + "\",\"worker\":\"w\"}]"});
        m_qless.command({"LPUSH", "ql:f:" + group, jid});
        m_qless.command({"SADD", "ql:failures", group});
    }

    QList<QByteArray> historyList(const QByteArray &jid)
    {
        return m_qless.command({"LRANGE", "ql:j:" + jid + "-history", "0", "-1"}).strings();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init() { m_qless.flush(); }

    void readsListHistory()
    {
        writeRunning("j", "q", "w1");
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("klass")).toString(), QStringLiteral("Crawl::Job"));
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QString::fromLatin1(Data));
        const QJsonArray history = job.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 2);
        const QJsonObject put = history.at(0).toObject();
        QCOMPARE(put.value(QStringLiteral("what")).toString(), QStringLiteral("put"));
        QCOMPARE(put.value(QStringLiteral("when")).toDouble(), T);
        QCOMPARE(put.value(QStringLiteral("q")).toString(), QStringLiteral("q"));
        QCOMPARE(history.at(1).toObject().value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));
    }

    void popHeartbeatCompleteKeepTheirForm()
    {
        writeWaiting("j", "q");
        QCOMPARE(m_qless.pop("q", "w", 1, T + 30), QList<QByteArray>{"j"});
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w", num(T + 40)}).integer > 0);
        QCOMPARE(m_qless.call(QStringLiteral("complete"), {"j", "w", "q", num(T + 50), Data}).bytes,
                 QByteArray("complete"));
        QCOMPARE(historyList("j"),
                 (QList<QByteArray>{"[1763683200,\"put\",{\"q\":\"q\"}]", "[1763683230,\"popped\",{\"worker\":\"w\"}]",
                                    "[1763683250,\"done\"]"})); // qless's entries, byte for byte
        // No stage-form history field was started beside the list.
        QCOMPARE(m_qless.command({"HEXISTS", "ql:j:j", "history"}).integer, 0);
        // Wait from the float `time` (30 s), run from the `time` the pop wrote (20 s).
        const QJsonObject stats = m_qless.json(QStringLiteral("stats"), {"q", num(T)}).toObject();
        QCOMPARE(
            stats.value(QStringLiteral("wait")).toObject().value(QStringLiteral("histogram")).toArray().at(29).toInt(),
            1);
        QCOMPARE(
            stats.value(QStringLiteral("run")).toObject().value(QStringLiteral("histogram")).toArray().at(20).toInt(),
            1);
        // Fields we do not know survive.
        QCOMPARE(m_qless.command({"HGET", "ql:j:j", "throttles"}).bytes, QByteArray("[\"ql:q:q\"]"));
    }

    void moveRunningJob()
    {
        writeRunning("j", "q", "w1");
        QCOMPARE(m_qless.put("other", "j", T + 20, {}, 0, Data, "Crawl::Job").bytes, QByteArray("j"));
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("other"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-locks"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:w:w1:jobs"}).integer, 0);
        QVERIFY(m_qless.call(QStringLiteral("heartbeat"), {"j", "w1", num(T + 21)}).isNil());
        QCOMPARE(historyList("j").last(), QByteArray("[1763683220,\"put\",{\"q\":\"other\"}]"));
        QCOMPARE(m_qless.command({"HGET", "ql:j:j", "data"}).bytes, QByteArray(Data));
        // The work score is in the form deployments pop by: priority - now / 1e10.
        QCOMPARE(m_qless.command({"ZSCORE", "ql:q:other-work", "j"}).bytes.toDouble(), 0 - (T + 20) / 1e10);
        QCOMPARE(m_qless.pop("other", "w2", 1, T + 22), QList<QByteArray>{"j"});
    }

    void unfailFailedJob()
    {
        writeFailed("old", "q", "boom");
        writeFailed("new", "q", "boom");
        QCOMPARE(m_qless.call(QStringLiteral("unfail"), {num(T + 100), "boom", "q", "1"}).integer, 1);
        QCOMPARE(m_qless.job("old").value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(m_qless.job("new").value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(historyList("old").last(), QByteArray("[1763683300,\"put\",{\"q\":\"q\"}]"));
        QCOMPARE(m_qless.job("old").value(QStringLiteral("failure")).toObject(), QJsonObject());
        QCOMPARE(m_qless.pop("q", "w", 5, T + 101), QList<QByteArray>{"old"});
    }

    void cancelJob()
    {
        writeFailed("j", "q", "boom");
        QCOMPARE(m_qless.call(QStringLiteral("cancel"), {"j"}).strings(), QList<QByteArray>{"j"});
        QCOMPARE(m_qless.command({"EXISTS", "ql:j:j", "ql:j:j-history", "ql:f:boom"}).integer, 0);
        QCOMPARE(m_qless.command({"ZCARD", "ql:t:site"}).integer, 0);
        QCOMPARE(m_qless.command({"SCARD", "ql:failures"}).integer, 0);
    }

    void stalledStateAndBrokenFieldsAreShown()
    {
        writeRunning("j", "q", "w1");
        m_qless.command({"HSET", "ql:j:j", "state", "stalled", "tags", "not json", "priority", "high"});
        m_qless.command({"RPUSH", "ql:j:j-history", "garbage"});
        const QJsonObject job = m_qless.job("j");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("stalled"));
        QCOMPARE(job.value(QStringLiteral("tags")).toString(), QStringLiteral("not json"));
        QCOMPARE(job.value(QStringLiteral("priority")).toString(), QStringLiteral("high"));
        const QJsonObject last = job.value(QStringLiteral("history")).toArray().last().toObject();
        QCOMPARE(last.value(QStringLiteral("what")).toString(), QStringLiteral("invalid"));
        QCOMPARE(last.value(QStringLiteral("raw")).toString(), QStringLiteral("garbage"));
        // And reclaiming it after its lock expired still works (no grace period: at once).
        m_qless.call(QStringLiteral("config"), {"set", "grace-period", "0"});
        QCOMPARE(m_qless.pop("q", "w2", 1, T + 100), QList<QByteArray>{"j"});
    }
};

QTEST_GUILESS_MAIN(TestLuaInterop)
#include "tst_lua_interop.moc"
