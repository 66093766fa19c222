// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The unified qless.lua failing jobs: fail (who may, from which state, the job it leaves),
// failed (groups, a group's jobs newest first, paging) and unfail. Restates qless-core's
// test_fail.py.
class TestQlessFail final : public QObject
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
                   const QByteArray &delay = "0")
    {
        return lua("put", now, QList<QByteArray>{"worker", "queue", jid, "klass", "{}", delay} + options);
    }
    QByteArray field(const QByteArray &jid, const char *name)
    {
        return canonical(m_q.qlessJson("get", 0, {jid}).toObject().value(QLatin1String(name)));
    }
    void running(const QByteArray &jid = "jid", double now = 1)
    {
        put(now - 1, jid);
        QCOMPARE(m_q.qlessJson("pop", now, {"queue", "worker", "10"}).toArray().size(), 1);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    void failNeedsWorkerGroupMessageAndJsonData()
    {
        // Each against a running job, so only the arguments are wrong. (Data may be left out:
        // qless-core's failed tests fail jobs without it.)
        const QList<QList<QByteArray>> calls{{"fail", "2"},
                                             {"fail", "2", "jid"},
                                             {"fail", "2", "jid", "worker"},
                                             {"fail", "2", "jid", "worker", "group"},
                                             {"fail", "2", "jid", "worker", "group", "message", "[}"}};
        for (const QList<QByteArray> &call : calls) {
            m_q.flush();
            running();
            const QStringList accepted = m_q.notRefused({call});
            QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
            QCOMPARE(field("jid", "state"), QByteArray("\"running\""));
        }
    }
    void failedJobAsStored()
    {
        running();
        QCOMPARE(lua("fail", 2, {"jid", "worker", "group", "message", "{}"}).bytes, QByteArray("jid"));
        QCOMPARE(json("get", 3, {"jid"}), canonicalJson(R"({"data": "{}", "dependencies": {},
            "dependents": {}, "expires": 0,
            "failure": {"group": "group", "message": "message", "when": 2, "worker": "worker"},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 1, "worker": "worker"},
                        {"group": "group", "what": "failed", "when": 2, "worker": "worker"}],
            "jid": "jid", "klass": "klass", "priority": 0, "queue": "queue", "remaining": 5,
            "retries": 5, "state": "failed", "tags": {}, "tracked": false, "worker": "",
            "spawned_from_jid": false})"));
    }
    void failedJobCanBePutAgain()
    {
        running();
        lua("fail", 2, {"jid", "worker", "group", "message", "{}"});
        put(3, "jid");
        QCOMPARE(m_q.qlessJson("peek", 4, {"queue", "10"}).toArray().size(), 1);
    }
    void failOfWaitingJobIsRefused()
    {
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("fail", 1, {"jid", "worker", "group", "message", "{}"}), "waiting");
        lua("pop", 2, {"queue", "worker", "10"});
        QCOMPARE(lua("fail", 3, {"jid", "worker", "group", "message", "{}"}).bytes, QByteArray("jid"));
    }
    void failOfDependentJobIsRefused()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        QLESS_VERIFY_REFUSED(lua("fail", 1, {"b", "worker", "group", "message", "{}"}), "depends");
    }
    void failOfScheduledJobIsRefused()
    {
        put(0, "jid", {}, "1");
        QLESS_VERIFY_REFUSED(lua("fail", 1, {"jid", "worker", "group", "message", "{}"}), "scheduled");
    }
    void failOfUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("fail", 1, {"jid", "worker", "group", "message", "{}"}), "does not exist");
        running();
        QCOMPARE(lua("fail", 2, {"jid", "worker", "group", "message", "{}"}).bytes, QByteArray("jid"));
    }
    void failOfCompletedJobIsRefused()
    {
        running();
        lua("complete", 1, {"jid", "worker", "queue", "{}"});
        QLESS_VERIFY_REFUSED(lua("fail", 2, {"jid", "worker", "group", "message", "{}"}), "complete");
    }
    void failByFormerOwnerIsRefused()
    {
        running();
        put(2, "jid"); // put back and popped by someone else
        lua("pop", 3, {"queue", "another-worker", "10"});
        QLESS_VERIFY_REFUSED(lua("fail", 4, {"jid", "worker", "group", "message", "{}"}), "another worker");
    }

    // --- failed ---
    void failedRefusesNonNumericPaging()
    {
        const QStringList accepted =
            m_q.notRefused({{"failed", "0", "foo", "foo"}, {"failed", "0", "foo", "0", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void failedListsGroupsAndTheirJobs()
    {
        running();
        lua("fail", 1, {"jid", "worker", "group", "message"});
        QCOMPARE(json("failed", 1), canonicalJson(R"({"group": 1})"));
        QCOMPARE(json("failed", 1, {"group"}), canonicalJson(R"({"total": 1, "jobs": ["jid"]})"));
    }
    void jobsOutOfRetriesAreFailedIntoTheirQueuesGroup()
    {
        lua("config.set", 0, {"grace-period", "0"});
        put(0, "jid", {"retries", "0"});
        const QJsonObject job = m_q.qlessJson("pop", 0, {"queue", "worker", "10"}).toArray().at(0).toObject();
        const double expires = job.value(QStringLiteral("expires")).toDouble();
        QVERIFY(expires > 0);
        lua("pop", expires + 10, {"queue", "worker", "10"});
        QCOMPARE(json("failed", 0), canonicalJson(R"({"failed-retries-queue": 1})"));
        QCOMPARE(json("failed", 0, {"failed-retries-queue"}), canonicalJson(R"({"total": 1, "jobs": ["jid"]})"));
    }
    void failedPagesNewestFirst()
    {
        QList<QByteArray> newestFirst;
        for (int i = 0; i < 100; ++i) {
            const QByteArray jid = QByteArray::number(i);
            lua("put", i, {"worker", "queue", jid, "klass", "{}", "0"});
            lua("pop", i, {"queue", "worker", "10"});
            lua("fail", i, {jid, "worker", "group", "message"});
            newestFirst.prepend(jid);
        }
        const auto page = [&](const QByteArray &start) {
            QList<QByteArray> jids;
            const QJsonArray jobs =
                m_q.qlessJson("failed", 0, {"group", start, "50"}).toObject().value(QStringLiteral("jobs")).toArray();
            for (const QJsonValue &jid : jobs)
                jids << jid.toString().toUtf8();
            return jids;
        };
        QCOMPARE(page("0"), newestFirst.mid(0, 50));
        QCOMPARE(page("50"), newestFirst.mid(50));
    }

    // --- unfail ---
    void unfailPutsAGroupBackToWaiting()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < 10; ++i) {
            const QByteArray jid = QByteArray::number(i);
            jids << jid;
            put(0, jid);
            lua("pop", 0, {"queue", "worker", "10"});
            lua("fail", 0, {jid, "worker", "group", "message"});
            QCOMPARE(field(jid, "state"), QByteArray("\"failed\""));
        }
        QCOMPARE(lua("unfail", 0, {"queue", "group", "100"}).integer, 10);
        for (const QByteArray &jid : jids)
            QCOMPARE(field(jid, "state"), QByteArray("\"waiting\""));
    }
};

QTEST_GUILESS_MAIN(TestQlessFail)
#include "tst_qless_fail.moc"
