// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// What the unified qless.lua publishes, in order: a JSON event on ql:log for state changes and
// config changes, the jid on ql:<event> for tracked jobs, and a worker's own ql:w:<worker> when it
// loses a job (lock_lost, canceled). Payloads are compared as JSON, whatever the key order.
// Restates qless-core's test_events.py.
class TestQlessEvents final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {},
                   const QByteArray &queue = "queue", const QByteArray &delay = "0",
                   const QByteArray &worker = "worker")
    {
        return lua("put", now, QList<QByteArray>{worker, queue, jid, "klass", "{}", delay} + options);
    }
    QJsonObject popOne(double now, const QByteArray &queue = "queue", const QByteArray &worker = "worker")
    {
        return m_q.qlessJson("pop", now, {queue, worker, "10"}).toArray().at(0).toObject();
    }
    void listen() { QVERIFY(m_q.listen()); }
    // One message as heard() gives it.
    static QByteArray event(const QByteArray &channel, const QByteArray &payload)
    {
        return channel + ' ' + canonicalJson(payload);
    }
    static QByteArray lockLost(const QByteArray &channel)
    {
        return event(channel, R"({"jid": "jid", "event": "lock_lost", "worker": "worker"})");
    }
    static QByteArray canceled(const QByteArray &channel, const QByteArray &jid = "jid",
                               const QByteArray &queue = "queue", const QByteArray &worker = "")
    {
        return event(channel, "{\"jid\": \"" + jid + "\", \"queue\": \"" + queue
                                  + "\", \"event\": \"canceled\", \"worker\": \"" + worker + "\"}");
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- tracked jobs ---
    void trackAndUntrack()
    {
        put(0, "jid");
        listen();
        lua("track", 0, {"track", "jid"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{"ql:track jid"});
        lua("track", 0, {"untrack", "jid"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{"ql:untrack jid"});
    }
    void trackedJobCanceled()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        listen();
        lua("cancel", 0, {"jid"});
        QCOMPARE(m_q.heard(), (QList<QByteArray>{canceled("ql:log"), "ql:canceled jid"}));
    }
    void trackedJobCompleted()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        popOne(0);
        listen();
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QCOMPARE(m_q.heard(),
                 (QList<QByteArray>{"ql:completed jid",
                                    event("ql:log", R"({"jid": "jid", "event": "completed", "queue": "queue"})")}));
    }
    void trackedJobFailed()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        popOne(0);
        listen();
        lua("fail", 0, {"jid", "worker", "grp", "mess", "{}"});
        QCOMPARE(m_q.heard(),
                 (QList<QByteArray>{event("ql:log",
                                          R"({"message": "mess", "jid": "jid", "group": "grp", "event": "failed",
                                "worker": "worker"})"),
                                    "ql:failed jid"}));
    }
    void trackedJobPopped()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        listen();
        popOne(0);
        QCOMPARE(m_q.heard(), QList<QByteArray>{"ql:popped jid"});
    }
    void trackedJobPut()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        listen();
        put(0, "jid");
        QCOMPARE(m_q.heard(), (QList<QByteArray>{event("ql:log", R"({"jid": "jid", "event": "put", "queue": "queue"})"),
                                                 "ql:put jid"}));
    }
    void trackedJobStalled()
    {
        put(0, "jid");
        lua("track", 0, {"track", "jid"});
        const QJsonObject job = popOne(0);
        listen();
        popOne(job.value(QStringLiteral("expires")).toDouble() + 10);
        QCOMPARE(m_q.heard(), (QList<QByteArray>{"ql:stalled jid", lockLost("ql:w:worker"), lockLost("ql:log")}));
    }
    void jobFailedByRetriesRunningOut()
    {
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "0"});
        const QJsonObject job = popOne(0);
        listen();
        QCOMPARE(canonical(m_q.qlessJson("pop", job.value(QStringLiteral("expires")).toDouble() + 10,
                                         {"queue", "worker", "10"})),
                 QByteArray("{}"));
        QCOMPARE(m_q.qlessJson("get", 0, {"jid"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("failed"));
        QCOMPARE(m_q.heard(),
                 (QList<QByteArray>{lockLost("ql:w:worker"), lockLost("ql:log"),
                                    event("ql:log", R"({"message": "Job exhausted retries in queue \u0022queue\u0022",
                                "jid": "jid", "group": "failed-retries-queue", "event": "failed",
                                "worker": "worker"})")}));
    }
    void trackedJobFailedByRetry()
    {
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "0"});
        lua("track", 0, {"track", "jid"});
        popOne(0);
        listen();
        QCOMPARE(lua("retry", 0, {"jid", "queue", "worker", "0", "group", "message"}).integer, -1);
        QCOMPARE(m_q.qlessJson("get", 0, {"jid"}).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("failed"));
        QCOMPARE(m_q.heard(), QList<QByteArray>{"ql:failed jid"});
    }

    // --- every job ---
    void completeAndAdvance()
    {
        put(0, "jid");
        popOne(0);
        listen();
        lua("complete", 0, {"jid", "worker", "queue", "{}", "next", "queue"});
        QCOMPARE(m_q.heard(),
                 QList<QByteArray>{
                     event("ql:log", R"({"jid": "jid", "to": "queue", "event": "advanced", "queue": "queue"})")});
    }
    void timeoutTellsTheWorker()
    {
        put(0, "jid");
        popOne(0);
        listen();
        QVERIFY(!lua("timeout", 0, {"jid"}).isError());
        QCOMPARE(m_q.heard(), (QList<QByteArray>{lockLost("ql:w:worker"), lockLost("ql:log")}));
    }
    void putIsLogged()
    {
        listen();
        put(0, "jid");
        QCOMPARE(m_q.heard(),
                 QList<QByteArray>{event("ql:log", R"({"jid": "jid", "event": "put", "queue": "queue"})")});
    }
    void puttingARunningJobElsewhereTellsItsWorker()
    {
        put(0, "jid");
        popOne(0);
        listen();
        put(0, "jid", {}, "another", "10", "another");
        QCOMPARE(m_q.heard(),
                 (QList<QByteArray>{event("ql:log", R"({"jid": "jid", "event": "put", "queue": "another"})"),
                                    lockLost("ql:w:worker"), lockLost("ql:log")}));
    }
    void configSetIsLogged()
    {
        listen();
        lua("config.set", 0, {"foo", "bar"});
        QCOMPARE(m_q.heard(),
                 QList<QByteArray>{event("ql:log", R"({"option": "foo", "event": "config_set", "value": "bar"})")});
    }
    void configUnsetIsLogged()
    {
        lua("config.set", 0, {"foo", "bar"});
        listen();
        lua("config.unset", 0, {"foo"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{event("ql:log", R"({"event": "config_unset", "option": "foo"})")});
    }
    void cancelWaitingJob()
    {
        put(0, "jid");
        listen();
        lua("cancel", 0, {"jid"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{canceled("ql:log")});
    }
    void cancelRunningJobTellsItsWorker()
    {
        put(0, "jid", {}, "q");
        popOne(0, "q", "wrk");
        listen();
        lua("cancel", 0, {"jid"});
        QCOMPARE(m_q.heard(),
                 (QList<QByteArray>{canceled("ql:log", "jid", "q", "wrk"), canceled("ql:w:wrk", "jid", "q", "wrk")}));
    }
    void cancelDependentJob()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        listen();
        lua("cancel", 0, {"b"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{canceled("ql:log", "b")});
    }
    void cancelScheduledJob()
    {
        put(0, "jid", {}, "queue", "10");
        listen();
        lua("cancel", 0, {"jid"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{canceled("ql:log")});
    }
    void cancelFailedJob()
    {
        put(0, "jid");
        popOne(0);
        lua("fail", 0, {"jid", "worker", "group", "message", "{}"});
        listen();
        lua("cancel", 0, {"jid"});
        QCOMPARE(m_q.heard(), QList<QByteArray>{canceled("ql:log")});
    }
    void puttingBackByItsOwnWorkerIsNoLockLost()
    {
        put(0, "jid");
        popOne(0);
        listen();
        put(0, "jid");
        QCOMPARE(m_q.heard(),
                 QList<QByteArray>{event("ql:log", R"({"jid": "jid", "event": "put", "queue": "queue"})")});
    }
};

QTEST_GUILESS_MAIN(TestQlessEvents)
#include "tst_qless_events.moc"
