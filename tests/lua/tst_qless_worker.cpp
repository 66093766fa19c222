// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The unified qless.lua's workers: a worker's jobs and stalled jobs, the list with counts, jobs
// leaving a worker (lock lost, cancel, fail, complete, put elsewhere, retry), registration
// lapsing after max-worker-age (heartbeats renew it), and worker.deregister. Restates qless-core's
// test_worker.py (grace period 0 throughout, as there).
class TestQlessWorker final : public QObject
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
    RedisValue put(double now, const QByteArray &jid = "jid")
    {
        return lua("put", now, {"worker", "queue", jid, "klass", "{}", "0"});
    }
    double popExpires(double now, const QByteArray &worker = "worker")
    {
        return m_q.qlessJson("pop", now, {"queue", worker, "10"})
            .toArray()
            .at(0)
            .toObject()
            .value(QStringLiteral("expires"))
            .toDouble();
    }
    static QByteArray holding(const char *jobs, const char *stalled)
    {
        return canonicalJson(QByteArray("{\"jobs\": ") + jobs + ", \"stalled\": " + stalled + "}");
    }
    static QByteArray listed(int jobs, int stalled)
    {
        return canonicalJson("[{\"name\": \"worker\", \"jobs\": " + QByteArray::number(jobs)
                             + ", \"stalled\": " + QByteArray::number(stalled) + "}]");
    }
    // The worker holds "jid" at 2, then `action` at 3 takes it away.
    void expectReleasedBy(const QByteArray &command, const QList<QByteArray> &args)
    {
        put(0);
        popExpires(1);
        QCOMPARE(json("workers", 2, {"worker"}), holding(R"(["jid"])", "{}"));
        const RedisValue reply = lua(command, 3, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(json("workers", 4, {"worker"}), holding("{}", "{}"));
        QCOMPARE(json("workers", 4), listed(0, 0));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init()
    {
        m_q.flush();
        QVERIFY(!lua("config.set", 0, {"grace-period", "0"}).isError());
    }

    void workerAndItsJobs()
    {
        put(0);
        popExpires(1);
        QCOMPARE(json("workers", 2, {"worker"}), holding(R"(["jid"])", "{}"));
        QCOMPARE(json("workers", 2), listed(1, 0));
    }
    void workerLapsesAfterMaxWorkerAge()
    {
        lua("config.set", 0, {"max-worker-age", "10"});
        lua("pop", 1, {"queue", "worker", "1"});
        QCOMPARE(json("workers", 15), QByteArray("{}"));
    }
    void heartbeatRenewsTheRegistration()
    {
        lua("config.set", 0, {"max-worker-age", "10"});
        put(0);
        popExpires(1);
        QVERIFY(!lua("heartbeat", 10, {"jid", "worker", "{}"}).isError());
        QCOMPARE(json("workers", 15), listed(1, 0));
    }
    void stalledJobsShowAsStalled()
    {
        put(0);
        const double expired = popExpires(1) + 10;
        lua("peek", expired, {"queue", "10"});
        QCOMPARE(json("workers", expired, {"worker"}), holding("{}", R"(["jid"])"));
        QCOMPARE(json("workers", expired), listed(0, 1));
    }
    void jobHandedOnLeavesTheWorker()
    {
        put(0);
        const double expires = popExpires(1);
        QCOMPARE(json("workers", 2, {"worker"}), holding(R"(["jid"])", "{}"));
        popExpires(expires + 10, "another");
        QCOMPARE(json("workers", expires + 10, {"worker"}), holding("{}", "{}"));
    }
    void cancelledJobLeavesTheWorker() { expectReleasedBy("cancel", {"jid"}); }
    void failedJobLeavesTheWorker() { expectReleasedBy("fail", {"jid", "worker", "group", "message", "{}"}); }
    void completedJobLeavesTheWorker() { expectReleasedBy("complete", {"jid", "worker", "queue", "{}"}); }
    void jobPutAgainLeavesTheWorker() { expectReleasedBy("put", {"worker", "queue", "jid", "klass", "{}", "0"}); }
    void deregisteredWorkersAreNotListed()
    {
        for (int i = 0; i < 10; ++i)
            put(0, QByteArray::number(i));
        for (int i = 0; i < 10; ++i)
            lua("pop", 1, {"queue", QByteArray::number(i), "1"});
        const auto names = [&] {
            QStringList out;
            for (const QJsonValue &worker : m_q.qlessJson("workers", 2).toArray())
                out << worker.toObject().value(QStringLiteral("name")).toString();
            return out;
        };
        for (int i = 0; i < 10; ++i) {
            const QString worker = QString::number(i);
            QVERIFY(names().contains(worker));
            QVERIFY(!lua("worker.deregister", 2, {worker.toUtf8()}).isError());
            QVERIFY(!names().contains(worker));
        }
    }
    void idleWorkersExpire()
    {
        lua("config.set", 0, {"max-worker-age", "3600"});
        put(0);
        popExpires(0);
        lua("complete", 0, {"jid", "worker", "queue", "{}"});
        QCOMPARE(json("workers", 3600), QByteArray("{}"));
    }
    void unknownWorkerHoldsNothing() { QCOMPARE(json("workers", 3600, {"worker"}), holding("{}", "{}")); }
    void workersMostRecentlySeenFirst()
    {
        // Not pinned by qless-core's tests; its workers list is ordered this way all the same.
        put(0, "a");
        put(0, "b");
        lua("pop", 1, {"queue", "early", "1"});
        lua("pop", 2, {"queue", "late", "1"});
        QStringList names;
        for (const QJsonValue &worker : m_q.qlessJson("workers", 3).toArray())
            names << worker.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names, (QStringList{QStringLiteral("late"), QStringLiteral("early")}));
    }
    void retriedJobLeavesTheWorker()
    {
        put(0);
        popExpires(0);
        lua("retry", 0, {"jid", "queue", "worker", "0"});
        QCOMPARE(json("workers", 3600, {"worker"}), holding("{}", "{}"));
    }
};

QTEST_GUILESS_MAIN(TestQlessWorker)
#include "tst_qless_worker.moc"
