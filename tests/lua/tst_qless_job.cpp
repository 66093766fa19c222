// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The unified qless.lua on one job: priority's arguments, log and the history it keeps,
// requeue, complete (who may, from which state, advancing, expiry of completed jobs) and cancel.
// Restates qless-core's test_job.py.
class TestQlessJob final : public QObject
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
    // put by "worker" into `queue`, klass "klass", data {}, no delay, then options.
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {},
                   const QByteArray &queue = "queue")
    {
        return lua("put", now, QList<QByteArray>{"worker", queue, jid, "klass", "{}", "0"} + options);
    }
    QJsonObject job(const QByteArray &jid) { return m_q.qlessJson("get", 0, {jid}).toObject(); }
    QByteArray field(const QByteArray &jid, const char *name) { return canonical(job(jid).value(QLatin1String(name))); }
    // A running job: put at 0, popped by "worker" at 1.
    void running(const QByteArray &jid = "jid")
    {
        put(0, jid);
        QCOMPARE(m_q.qlessJson("pop", 1, {"queue", "worker", "10"}).toArray().size(), 1);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    // --- priority, log, history ---
    void priorityNeedsJidAndNumber()
    {
        put(0, "jid");
        const QStringList accepted =
            m_q.notRefused({{"priority", "0"}, {"priority", "0", "jid"}, {"priority", "0", "jid", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void logAppendsAnEntryWithItsData()
    {
        put(0, "jid");
        QVERIFY(!lua("log", 0, {"jid", "foo", R"({"foo": "bar"})"}).isError());
        QCOMPARE(field("jid", "history"), canonicalJson(R"([{"q": "queue", "what": "put", "when": 0},
            {"foo": "bar", "what": "foo", "when": 0}])"));
    }
    void logOnUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("log", 0, {"jid", "foo", R"({"foo": "bar"})"}), "does not exist");
    }
    void historyKeepsFirstEntryAndTheMostRecent()
    {
        // max-job-history 5: the first entry stays, then the newest four.
        lua("config.set", 0, {"max-job-history", "5"});
        for (int now = 0; now < 100; ++now)
            put(now, "jid");
        QCOMPARE(field("jid", "history"), canonicalJson(R"([
            {"q": "queue", "what": "put", "when": 0}, {"q": "queue", "what": "put", "when": 96},
            {"q": "queue", "what": "put", "when": 97}, {"q": "queue", "what": "put", "when": 98},
            {"q": "queue", "what": "put", "when": 99}])"));
    }

    // --- requeue: put, but only for a job that exists ---
    void requeueMovesAnExistingJob()
    {
        put(0, "jid");
        QCOMPARE(lua("requeue", 1, {"worker", "queue-2", "jid", "klass", "{}", "0"}).bytes, QByteArray("jid"));
        QCOMPARE(field("jid", "queue"), QByteArray("\"queue-2\""));
    }
    void requeueOfCancelledJobIsRefused()
    {
        put(0, "jid");
        lua("cancel", 1, {"jid"});
        QLESS_VERIFY_REFUSED(lua("requeue", 2, {"worker", "queue-2", "jid", "klass", "{}", "0"}), "does not exist");
        QVERIFY(lua("get", 3, {"jid"}).isNil());
    }

    // --- complete ---
    void completeRefusesBadOptions()
    {
        // Each against a fresh job that could complete, so only the options are wrong. (qless-core
        // lists these against a job that does not exist; a bare 'next', 'delay' or 'depends' it
        // lists too, yet completes a real job with them, so they are not here.)
        const QList<QList<QByteArray>> options{{"delay", "foo"},
                                               {"delay", "5"}, // a delay without next
                                               {"depends", "[}"},
                                               {"depends", R"(["foo"])", "delay", "5"}, // depends with a delay
                                               {"depends", R"(["foo"])"}};              // depends without next
        for (const QList<QByteArray> &option : options) {
            m_q.flush();
            running();
            const QStringList accepted =
                m_q.notRefused({QList<QByteArray>{"complete", "2", "jid", "worker", "queue", "{}"} + option});
            QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
            QCOMPARE(field("jid", "state"), QByteArray("\"running\""));
        }
    }
    void completeOfWaitingJobIsRefused()
    {
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("complete", 1, {"jid", "worker", "queue", "{}"}), "waiting");
        lua("pop", 2, {"queue", "worker", "10"});
        QCOMPARE(lua("complete", 3, {"jid", "worker", "queue", "{}"}).bytes, QByteArray("complete"));
    }
    void completeOfDependentJobIsRefused()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        QLESS_VERIFY_REFUSED(lua("complete", 1, {"b", "worker", "queue", "{}"}), "depends");
    }
    void completeOfScheduledJobIsRefused()
    {
        lua("put", 0, {"worker", "queue", "jid", "klass", "{}", "1"});
        QLESS_VERIFY_REFUSED(lua("complete", 1, {"jid", "worker", "queue", "{}"}), "scheduled");
    }
    void completeOfUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("complete", 1, {"jid", "worker", "queue", "{}"}), "does not exist");
        running();
        QCOMPARE(lua("complete", 2, {"jid", "worker", "queue", "{}"}).bytes, QByteArray("complete"));
    }
    void completeOfFailedJobIsRefused()
    {
        running();
        lua("fail", 2, {"jid", "worker", "group", "message", "{}"});
        QLESS_VERIFY_REFUSED(lua("complete", 3, {"jid", "worker", "queue", "{}"}), "failed");
    }
    void completeClearsAnEarlierFailure()
    {
        put(0, "jid");
        lua("pop", 1, {"queue", "worker", "10"});
        lua("fail", 2, {"jid", "worker", "group", "message", "{}"});
        put(3, "jid");
        lua("pop", 4, {"queue", "worker", "10"});
        QCOMPARE(field("jid", "failure"),
                 canonicalJson(R"({"group": "group", "message": "message", "when": 2, "worker": "worker"})"));
        lua("complete", 6, {"jid", "worker", "queue", "{}"});
        QCOMPARE(field("jid", "failure"), QByteArray("{}"));
    }
    void completedJobAsStored()
    {
        running();
        QCOMPARE(lua("complete", 2, {"jid", "worker", "queue", "{}"}).bytes, QByteArray("complete"));
        QCOMPARE(json("get", 3, {"jid"}), canonicalJson(R"({"data": "{}", "dependencies": {},
            "dependents": {}, "expires": 0, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 1, "worker": "worker"},
                        {"what": "done", "when": 2}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "", "remaining": 5,
            "retries": 5, "state": "complete", "tags": {}, "tracked": false, "worker": "",
            "spawned_from_jid": false})"));
    }
    void completeCanAdvanceToAnotherQueue()
    {
        running();
        QCOMPARE(lua("complete", 2, {"jid", "worker", "queue", "{}", "next", "foo"}).bytes, QByteArray("waiting"));
        const QJsonArray popped = m_q.qlessJson("pop", 3, {"foo", "worker", "10"}).toArray();
        QCOMPARE(popped.size(), 1);
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("jid"));
    }
    void advancingKeepsAnEmptyArrayAsData()
    {
        lua("put", 0, {"worker", "queue", "jid", "klass", "[]", "0"});
        lua("pop", 1, {"queue", "worker", "10"});
        lua("complete", 2, {"jid", "worker", "queue", "[]", "next", "foo"});
        const QJsonArray popped = m_q.qlessJson("pop", 3, {"foo", "worker", "10"}).toArray();
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("data")).toString(), QStringLiteral("[]"));
    }
    void completeByAnotherWorkerIsRefused()
    {
        running();
        QLESS_VERIFY_REFUSED(lua("complete", 2, {"jid", "another", "queue", "{}"}), "another worker");
    }
    void completeInAnotherQueueIsRefused()
    {
        running();
        QLESS_VERIFY_REFUSED(lua("complete", 2, {"jid", "worker", "another-queue", "{}"}), "another queue");
    }
    void completedJobsBeyondTheCountAreDropped()
    {
        lua("config.set", 0, {"jobs-history-count", "5"});
        for (int i = 0; i < 10; ++i)
            put(0, QByteArray::number(i));
        lua("pop", 1, {"queue", "worker", "10"});
        for (int i = 0; i < 10; ++i)
            lua("complete", 2, {QByteArray::number(i), "worker", "queue", "{}"});
        int kept = 0;
        for (int i = 0; i < 10; ++i)
            kept += lua("get", 3, {QByteArray::number(i)}).isNil() ? 0 : 1;
        QCOMPARE(kept, 5);
    }
    void completedJobsOlderThanTheHistoryAreDropped()
    {
        lua("config.set", 0, {"jobs-history", "-1"});
        for (int i = 0; i < 10; ++i)
            put(0, QByteArray::number(i));
        lua("pop", 1, {"queue", "worker", "10"});
        for (int i = 0; i < 10; ++i)
            lua("complete", 2, {QByteArray::number(i), "worker", "queue", "{}"});
        for (int i = 0; i < 10; ++i)
            QVERIFY(lua("get", 3, {QByteArray::number(i)}).isNil());
    }

    // --- cancel ---
    void cancelWaitingJob()
    {
        put(0, "jid");
        QVERIFY(!lua("cancel", 0, {"jid"}).isError());
        QVERIFY(lua("get", 0, {"jid"}).isNil());
    }
    void cancelDependentJobReleasesItsDependency()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        lua("cancel", 0, {"b"});
        QVERIFY(lua("get", 0, {"b"}).isNil());
        QCOMPARE(field("a", "dependencies"), QByteArray("{}"));
        QCOMPARE(field("a", "dependents"), QByteArray("{}"));
    }
    void cancelOfJobOthersDependOnIsRefused()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        QLESS_VERIFY_REFUSED(lua("cancel", 0, {"a"}), "dependency");
        QVERIFY(!lua("get", 0, {"a"}).isNil());
    }
    void cancelScheduledJob()
    {
        lua("put", 0, {"worker", "queue", "jid", "klass", "{}", "1"});
        lua("cancel", 0, {"jid"});
        QVERIFY(lua("get", 0, {"jid"}).isNil());
    }
    void cancelOfUnknownJobIsNoError() { QVERIFY(!lua("cancel", 0, {"jid"}).isError()); }
    void cancelFailedJob()
    {
        running();
        lua("fail", 1, {"jid", "worker", "group", "message", "{}"});
        lua("cancel", 2, {"jid"});
        QVERIFY(lua("get", 3, {"jid"}).isNil());
    }
    void cancelRunningJobEndsItsHeartbeats()
    {
        running();
        QVERIFY(!lua("heartbeat", 2, {"jid", "worker", "{}"}).isError());
        lua("cancel", 3, {"jid"});
        QLESS_VERIFY_REFUSED(lua("heartbeat", 4, {"jid", "worker", "{}"}), "Job jid does not exist");
    }
    void cancelJobFailedByRetryRunningOut()
    {
        put(0, "jid", {"retries", "0"});
        lua("pop", 1, {"queue", "worker", "10"});
        QCOMPARE(field("jid", "state"), QByteArray("\"running\""));
        lua("retry", 3, {"jid", "queue", "worker"});
        QCOMPARE(field("jid", "state"), QByteArray("\"failed\""));
        lua("cancel", 4, {"jid"});
        QVERIFY(lua("get", 5, {"jid"}).isNil());
    }
    void cancelJobFailedByStallingOut()
    {
        lua("config.set", 0, {"heartbeat", "-10"});
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "0"});
        lua("pop", 1, {"queue", "worker", "10"});
        lua("pop", 2, {"queue", "worker", "10"});
        QCOMPARE(field("jid", "state"), QByteArray("\"failed\""));
        lua("cancel", 3, {"jid"});
        QVERIFY(lua("get", 4, {"jid"}).isNil());
    }
};

QTEST_GUILESS_MAIN(TestQlessJob)
#include "tst_qless_job.moc"
