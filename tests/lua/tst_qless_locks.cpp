// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The unified qless.lua on locks: heartbeat (who may, from which state), losing a lock when it
// expires, the retries counter a lost lock spends, retry (who may, delay, running out) and the
// grace period before an expired lock is handed on. Restates qless-core's test_locks.py.
class TestQlessLocks final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    QByteArray json(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return canonical(m_q.qlessJson(command, now, args));
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {},
                   const QByteArray &delay = "0", const QByteArray &queue = "queue")
    {
        return lua("put", now, QList<QByteArray>{"worker", queue, jid, "klass", "{}", delay} + options);
    }
    QJsonArray pop(double now, const QByteArray &worker = "worker")
    {
        return m_q.qlessJson("pop", now, {"queue", worker, "10"}).toArray();
    }
    // The one job a pop hands out (an empty object when there is none).
    QJsonObject popOne(double now, const QByteArray &worker = "worker") { return pop(now, worker).at(0).toObject(); }
    static double expiresOf(const QJsonObject &job) { return job.value(QStringLiteral("expires")).toDouble(); }
    QByteArray field(const QByteArray &jid, const char *name)
    {
        return canonical(m_q.qlessJson("get", 0, {jid}).toObject().value(QLatin1String(name)));
    }
    void noGrace() { QVERIFY(!lua("config.set", 0, {"grace-period", "0"}).isError()); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- heartbeat ---
    void heartbeatNeedsWorkerAndJsonData()
    {
        put(0, "jid");
        pop(1);
        const QStringList accepted =
            m_q.notRefused({{"heartbeat", "2"}, {"heartbeat", "2", "jid"}, {"heartbeat", "2", "jid", "worker", "[}"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void movingAJobEndsItsLock()
    {
        noGrace();
        put(0, "jid");
        pop(1);
        QVERIFY(!lua("heartbeat", 2, {"jid", "worker", "{}"}).isError());
        put(3, "jid", {}, "0", "other");
        QLESS_VERIFY_REFUSED(lua("heartbeat", 4, {"jid", "worker", "{}"}), "waiting");
    }
    void expiredLockIsHandedToTheNextPop()
    {
        noGrace();
        put(0, "jid");
        const QJsonObject job = popOne(1);
        QCOMPARE(expiresOf(job), 61.0);
        QCOMPARE(pop(2).size(), 0); // the lock still holds
        QCOMPARE(canonical(pop(expiresOf(job) + 10, "another")), canonicalJson(R"([{"data": "{}",
            "dependencies": {}, "dependents": {}, "expires": 131, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 1, "worker": "worker"},
                        {"what": "timed-out", "when": 71},
                        {"what": "popped", "when": 71, "worker": "another"}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "queue", "remaining": 4,
            "retries": 5, "state": "running", "tags": {}, "tracked": false, "worker": "another",
            "spawned_from_jid": false}])"));
        QLESS_VERIFY_REFUSED(lua("heartbeat", 1000, {"jid", "worker", "{}"}), "given out to another");
    }
    void heartbeatExtendsTheLock()
    {
        noGrace();
        put(0, "jid");
        const QJsonObject job = popOne(1);
        QCOMPARE(pop(2).size(), 0);
        const RedisValue expires = lua("heartbeat", 3, {"jid", "worker", "{}"});
        QVERIFY2(!expires.isError(), expires.bytes.constData());
        QVERIFY(m_q.qlessJson("heartbeat", 4, {"jid", "worker", "{}"}).toDouble() > expiresOf(job));
    }
    void heartbeatOfWaitingJobIsRefused()
    {
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("heartbeat", 1, {"jid", "worker", "{}"}), "waiting");
        pop(2);
        QVERIFY(!lua("heartbeat", 3, {"jid", "worker", "{}"}).isError());
    }
    void heartbeatOfFailedJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        lua("fail", 0, {"jid", "worker", "foo", "bar", "{}"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "failed");
    }
    void heartbeatOfDependentJobIsRefused()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"b", "worker", "{}"}), "depends");
    }
    void heartbeatOfScheduledJobIsRefused()
    {
        put(0, "jid", {}, "1");
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "scheduled");
    }
    void heartbeatOfUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "does not exist");
        put(0, "jid");
        pop(0);
        QVERIFY(!lua("heartbeat", 0, {"jid", "worker", "{}"}).isError());
    }
    void heartbeatOfCompletedJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "complete");
    }
    void heartbeatByAnotherWorkerIsRefused()
    {
        put(0, "jid");
        pop(1);
        QLESS_VERIFY_REFUSED(lua("heartbeat", 2, {"jid", "another", "{}"}), "another worker");
        QVERIFY(!lua("heartbeat", 2, {"jid", "worker", "{}"}).isError());
    }

    // --- retries spent by lost locks (heartbeat -10: every lock is expired at once) ---
    void lostLockSpendsOneRetry()
    {
        noGrace();
        lua("config.set", 0, {"heartbeat", "-10"});
        put(0, "jid", {"retries", "5"});
        pop(0);
        const QJsonObject job = popOne(0, "another");
        QCOMPARE(job.value(QStringLiteral("retries")).toInt(), 5);
        QCOMPARE(job.value(QStringLiteral("remaining")).toInt(), 4);
    }
    void jobOutOfRetriesCanStillBeMoved()
    {
        noGrace();
        lua("config.set", 0, {"heartbeat", "-10"});
        put(0, "jid", {"retries", "0"});
        pop(0);
        QCOMPARE(json("pop", 0, {"queue", "worker", "10"}), QByteArray("{}"));
        QCOMPARE(field("jid", "state"), QByteArray("\"failed\""));
        put(0, "jid");
        QCOMPARE(field("jid", "state"), QByteArray("\"waiting\""));
    }
    void completingResetsTheRetries()
    {
        noGrace();
        lua("config.set", 0, {"heartbeat", "-10"});
        put(0, "jid", {"retries", "5"});
        pop(0);
        pop(0);
        lua("complete", 0, {"jid", "worker", "queue", "{}", "next", "queue"});
        QCOMPARE(popOne(0).value(QStringLiteral("remaining")).toInt(), 5);
    }
    void puttingAgainResetsTheRetries()
    {
        noGrace();
        lua("config.set", 0, {"heartbeat", "-10"});
        put(0, "jid", {"retries", "5"});
        pop(0);
        pop(0);
        put(0, "jid"); // without retries: the job's own count stays
        QCOMPARE(popOne(0).value(QStringLiteral("remaining")).toInt(), 5);
    }

    // --- retry ---
    void retryNeedsQueueWorkerAndNumericDelay()
    {
        put(0, "jid");
        pop(0);
        const QStringList accepted = m_q.notRefused({{"retry", "0"},
                                                     {"retry", "0", "jid"},
                                                     {"retry", "0", "jid", "queue"},
                                                     {"retry", "0", "jid", "queue", "worker", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
        QCOMPARE(field("jid", "state"), QByteArray("\"running\""));
    }
    void retryOfWaitingJobIsRefused()
    {
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("retry", 0, {"jid", "queue", "worker", "0"}), "not currently running");
    }
    void retryOfCompletedJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QLESS_VERIFY_REFUSED(lua("retry", 0, {"jid", "queue", "worker", "0"}), "not currently running");
    }
    void retryOfFailedJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        lua("fail", 0, {"jid", "worker", "group", "message", "{}"});
        QLESS_VERIFY_REFUSED(lua("retry", 0, {"jid", "queue", "worker", "0"}), "not currently running");
    }
    void retryByAnotherWorkerIsRefused()
    {
        put(0, "jid");
        pop(0);
        QLESS_VERIFY_REFUSED(lua("retry", 0, {"jid", "queue", "another", "0"}), "another worker");
    }
    void retriedJobCannotBeCompleted()
    {
        put(0, "jid");
        pop(0);
        QCOMPARE(lua("retry", 0, {"jid", "queue", "worker", "0"}).integer, 4);
        QLESS_VERIFY_REFUSED(lua("complete", 0, {"jid", "worker", "queue", "{}"}), "not currently running");
    }
    void retriedJobCannotBeFailed()
    {
        put(0, "jid");
        pop(0);
        lua("retry", 0, {"jid", "queue", "worker", "0"});
        QLESS_VERIFY_REFUSED(lua("fail", 0, {"jid", "worker", "group", "message", "{}"}), "not currently running");
    }
    void retriedJobCannotBeHeartbeaten()
    {
        put(0, "jid");
        pop(0);
        lua("retry", 0, {"jid", "queue", "worker", "0"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "not currently running");
    }
    void retryOfUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("retry", 0, {"jid", "queue", "another", "0"}), "does not exist");
    }
    void retryOutOfRetriesFailsWithTheGivenGroupAndMessage()
    {
        put(0, "jid", {"retries", "0"});
        pop(0);
        QCOMPARE(lua("retry", 0, {"jid", "queue", "worker", "0", "group", "message"}).integer, -1);
        QCOMPARE(json("get", 0, {"jid"}), canonicalJson(R"({"data": "{}", "dependencies": {},
            "dependents": {}, "expires": 0,
            "failure": {"group": "group", "message": "message", "when": 0, "worker": "worker"},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 0, "worker": "worker"},
                        {"group": "group", "what": "failed", "when": 0}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "queue", "remaining": -1,
            "retries": 0, "state": "failed", "tags": {}, "tracked": false, "worker": "",
            "spawned_from_jid": false})"));
    }
    void retryWithDelaySchedulesTheJob()
    {
        put(0, "jid");
        pop(0);
        lua("retry", 0, {"jid", "queue", "worker", "10"});
        QCOMPARE(pop(0).size(), 0);
        QCOMPARE(field("jid", "state"), QByteArray("\"scheduled\""));
    }
    void retriedJobIsNoLongerHeldByTheWorker()
    {
        // qless-core's "wrong queue" case: after a retry the job runs nowhere.
        put(0, "jid");
        pop(0);
        lua("retry", 0, {"jid", "queue", "worker", "0"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 0, {"jid", "worker", "{}"}), "not currently running");
    }
    void retryOutOfRetriesFailsIntoTheQueuesGroup()
    {
        put(0, "jid", {"retries", "0"});
        pop(0);
        QCOMPARE(lua("retry", 0, {"jid", "queue", "worker", "0"}).integer, -1);
        QCOMPARE(json("get", 0, {"jid"}), canonicalJson(R"({"data": "{}", "dependencies": {},
            "dependents": {}, "expires": 0,
            "failure": {"group": "failed-retries-queue",
                        "message": "Job exhausted retries in queue \u0022queue\u0022", "when": 0, "worker": ""},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 0, "worker": "worker"},
                        {"group": "failed-retries-queue", "what": "failed", "when": 0}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "queue", "remaining": -1,
            "retries": 0, "state": "failed", "tags": {}, "tracked": false, "worker": "",
            "spawned_from_jid": false})"));
    }

    // --- timeout (not pinned by qless-core's tests beyond its events; its source's behaviour) ---
    void timeoutHandsTheJobOnAtOnce()
    {
        put(0, "low");
        put(0, "jid");
        lua("pop", 1, {"queue", "worker", "1"}); // takes "low", put first
        put(1, "other");
        QCOMPARE(popOne(2).value(QStringLiteral("jid")).toString(), QStringLiteral("jid"));
        const RedisValue reply = lua("timeout", 3, {"jid"});
        QVERIFY2(reply.isNil(), describe(reply).constData());
        QCOMPARE(field("jid", "state"), QByteArray("\"stalled\""));
        // Ahead of every waiting job, for anyone, with no grace period to wait out.
        QCOMPARE(popOne(4, "another").value(QStringLiteral("jid")).toString(), QStringLiteral("jid"));
        QLESS_VERIFY_REFUSED(lua("heartbeat", 5, {"jid", "worker", "{}"}), "another worker");
    }
    void timeoutOfAJobNotRunningIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("timeout", 0, {"jid"}), "does not exist");
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("timeout", 0, {"jid"}), "not running");
        QCOMPARE(field("jid", "state"), QByteArray("\"waiting\""));
    }

    // --- grace period (10 s here) ---
    void expiredLockWaitsOutTheGracePeriod()
    {
        lua("config.set", 0, {"grace-period", "10"});
        put(0, "jid");
        const double expired = expiresOf(popOne(1)) + 10;
        QCOMPARE(pop(expired, "another").size(), 0); // the owner is warned first
        QCOMPARE(pop(expired + 10, "another").size(), 1);
    }
    void everyLostLockGetsItsGracePeriod()
    {
        lua("config.set", 0, {"grace-period", "10"});
        put(0, "jid", {"retries", "20"});
        QJsonObject job = popOne(0);
        for (int round = 0; round < 10; ++round) {
            const double expired = expiresOf(job) + 10;
            QCOMPARE(pop(expired).size(), 0);
            job = popOne(expired + 10);
            QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("jid"));
        }
    }
    void jobCanFailDuringTheGracePeriod()
    {
        lua("config.set", 0, {"grace-period", "10"});
        put(0, "jid");
        const double expired = expiresOf(popOne(0)) + 10;
        pop(expired);
        QCOMPARE(lua("fail", expired, {"jid", "worker", "foo", "bar", "{}"}).bytes, QByteArray("jid"));
        QCOMPARE(pop(expired + 10).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestQlessLocks)
#include "tst_qless_locks.moc"
