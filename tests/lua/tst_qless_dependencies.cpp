// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

// The unified qless.lua on dependencies: jobs put or completed with `depends` wait until every
// dependency completes (then wait, or are scheduled when a delay was given), missing or complete
// dependencies count as met, `depends on/off` changes them only in the depends state, and cancel
// refuses to leave a dependent orphaned. Restates qless-core's test_dependencies.py.
class TestQlessDependencies final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    RedisValue put(double now, const QByteArray &jid, const QList<QByteArray> &options = {},
                   const QByteArray &delay = "0")
    {
        return lua("put", now, QList<QByteArray>{"worker", "queue", jid, "klass", "{}", delay} + options);
    }
    QJsonArray pop(double now, const QByteArray &queue = "queue", const QByteArray &count = "10")
    {
        return m_q.qlessJson("pop", now, {queue, "worker", count}).toArray();
    }
    QByteArray state(const QByteArray &jid, double now = 0)
    {
        return m_q.qlessJson("get", now, {jid}).toObject().value(QStringLiteral("state")).toString().toUtf8();
    }
    // A job's dependencies or dependents, sorted (their order is a set's).
    QStringList sorted(const QByteArray &jid, const char *field)
    {
        const QJsonValue value = m_q.qlessJson("get", 0, {jid}).toObject().value(QLatin1String(field));
        QStringList out;
        for (const QJsonValue &item : value.toArray())
            out << item.toString();
        std::sort(out.begin(), out.end());
        return out;
    }
    QByteArray rawField(const QByteArray &jid, const char *field)
    {
        return canonical(m_q.qlessJson("get", 0, {jid}).toObject().value(QLatin1String(field)));
    }
    static QByteArray jidOf(const QJsonValue &job)
    {
        return job.toObject().value(QStringLiteral("jid")).toString().toUtf8();
    }
    void complete(double now, const QByteArray &jid, const QList<QByteArray> &options = {})
    {
        const RedisValue reply = lua("complete", now, QList<QByteArray>{jid, "worker", "queue", "{}"} + options);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    void completingADependencyReleasesTheDependent()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"});
        QCOMPARE(pop(1).size(), 1); // only a
        complete(2, "a");
        QCOMPARE(jidOf(pop(3).at(0)), QByteArray("b"));
    }
    void releasedDependentWithDelayIsScheduled()
    {
        put(0, "a");
        put(0, "b", {"depends", R"(["a"])"}, "1000");
        QCOMPARE(pop(1).size(), 1);
        complete(2, "a");
        QCOMPARE(state("b", 3), QByteArray("scheduled"));
        QCOMPARE(m_q.qlessJson("peek", 1000, {"queue", "10"}).toArray().size(), 1);
        QCOMPARE(state("b", 1001), QByteArray("waiting"));
    }
    void delayWithDependenciesAlreadyMetIsScheduled()
    {
        put(0, "a", {"depends", R"(["b"])"}, "10"); // b does not exist
        QCOMPARE(state("a", 1), QByteArray("scheduled"));
    }
    void completeWithNextDependsAndDelay()
    {
        put(0, "a");
        put(1, "b");
        QCOMPARE(pop(2, "queue", "1").size(), 1);
        complete(3, "a", {"next", "foo", "depends", R"(["b"])", "delay", "10"});
        QCOMPARE(state("a", 4), QByteArray("depends"));
        pop(5, "queue", "1");
        complete(6, "b");
        QCOMPARE(state("a", 7), QByteArray("scheduled"));
        QCOMPARE(m_q.qlessJson("peek", 13, {"foo", "10"}).toArray().size(), 1);
        QCOMPARE(state("a", 14), QByteArray("waiting"));
    }
    void completeCanAddDependencies()
    {
        put(0, "b");
        put(1, "a");
        pop(2, "queue", "1");
        complete(3, "b", {"depends", R"(["a"])", "next", "queue"});
        QCOMPARE(state("b"), QByteArray("depends"));
        QCOMPARE(sorted("b", "dependencies"), QStringList{QStringLiteral("a")});
        QCOMPARE(sorted("a", "dependents"), QStringList{QStringLiteral("b")});
        QCOMPARE(m_q.qlessJson("peek", 7, {"queue", "10"}).toArray().size(), 1);
    }
    void completedDependencyCountsAsMet()
    {
        put(0, "a");
        pop(1, "queue", "1");
        complete(2, "a");
        QCOMPARE(state("a"), QByteArray("complete"));
        put(4, "b", {"depends", R"(["a"])"});
        QCOMPARE(state("b"), QByteArray("waiting"));
        QCOMPARE(jidOf(m_q.qlessJson("peek", 6, {"queue", "10"}).toArray().at(0)), QByteArray("b"));
    }
    void missingDependencyCountsAsMet()
    {
        put(0, "b", {"depends", R"(["a"])"});
        QCOMPARE(state("b"), QByteArray("waiting"));
        QCOMPARE(jidOf(m_q.qlessJson("peek", 2, {"queue", "10"}).toArray().at(0)), QByteArray("b"));
    }
    void cancellingAWholeChainTogether()
    {
        put(0, "a");
        put(1, "b", {"depends", R"(["a"])"});
        QVERIFY(!lua("cancel", 2, {"a", "b"}).isError());
        QVERIFY(lua("get", 3, {"a"}).isNil());
        QVERIFY(lua("get", 4, {"b"}).isNil());
    }
    void cancellingPartOfAChainIsRefused()
    {
        put(0, "a");
        put(1, "b", {"depends", R"(["a"])"});
        put(2, "c", {"depends", R"(["b"])"});
        QLESS_VERIFY_REFUSED(lua("cancel", 3, {"a", "b"}), "is a dependency");
        QVERIFY(!lua("get", 4, {"a"}).isNil());
        QVERIFY(!lua("get", 4, {"b"}).isNil());
    }
    void cancelSkipsJobsAlreadyGone()
    {
        put(0, "a");
        put(1, "b");
        QVERIFY(!lua("cancel", 2, {"a", "b", "c"}).isError());
        QVERIFY(lua("get", 3, {"a"}).isNil());
        QVERIFY(lua("get", 4, {"b"}).isNil());
    }
    void cancelTakesAChainInAnyOrder()
    {
        put(0, "a");
        put(1, "b", {"depends", R"(["a"])"});
        QVERIFY(!lua("cancel", 2, {"b", "a"}).isError());
        QVERIFY(lua("get", 3, {"a"}).isNil());
        QVERIFY(lua("get", 4, {"b"}).isNil());
    }
    void dependentWaitsForEveryDependency()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < 10; ++i) {
            jids << QByteArray::number(i);
            put(i, jids.last());
        }
        put(20, "jid", {"depends", "[\"" + jids.join("\", \"") + "\"]"});
        for (const QByteArray &jid : jids) {
            QCOMPARE(state("jid", 30), QByteArray("depends"));
            pop(30, "queue", "1");
            complete(30, jid);
        }
        QCOMPARE(state("jid", 40), QByteArray("waiting"));
    }
    void chainUnlocksOneLinkAtATime()
    {
        put(0, "0");
        for (int i = 1; i < 10; ++i)
            put(i, QByteArray::number(i), {"depends", "[\"" + QByteArray::number(i - 1) + "\"]"});
        for (int i = 0; i < 10; ++i) {
            const QJsonArray popped = pop(100);
            QCOMPARE(popped.size(), 1);
            QCOMPARE(jidOf(popped.at(0)), QByteArray::number(i));
            complete(100, QByteArray::number(i));
        }
    }
    void dependsOnAddsADependency()
    {
        put(0, "a");
        put(1, "b");
        put(2, "c", {"depends", R"(["a"])"});
        QVERIFY(!lua("depends", 3, {"c", "on", "b"}).isError());
        QCOMPARE(sorted("c", "dependencies"), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    }
    void dependsOffReleasesWhenNoneAreLeft()
    {
        QList<QByteArray> jids;
        for (int i = 0; i < 10; ++i) {
            jids << QByteArray::number(i);
            put(i, jids.last());
        }
        put(100, "jid", {"depends", "[\"" + jids.join("\", \"") + "\"]"});
        for (const QByteArray &jid : jids) {
            QCOMPARE(state("jid", 100), QByteArray("depends"));
            QVERIFY(!lua("depends", 100, {"jid", "off", jid}).isError());
        }
        QCOMPARE(state("jid", 100), QByteArray("waiting"));
    }
    void puttingAgainWithDependsReplacesThem()
    {
        put(0, "a");
        put(1, "b");
        put(2, "c", {"depends", R"(["a"])"});
        put(3, "c", {"depends", R"(["b"])"});
        QCOMPARE(sorted("c", "dependencies"), QStringList{QStringLiteral("b")});
        QCOMPARE(rawField("a", "dependents"), QByteArray("{}"));
        QCOMPARE(sorted("b", "dependents"), QStringList{QStringLiteral("c")});
        pop(7);
        complete(8, "a");
        QCOMPARE(pop(9).size(), 0); // a no longer holds c
        complete(10, "b");
        QCOMPARE(jidOf(pop(9).at(0)), QByteArray("c"));
    }

    // depends on/off only in the depends state, with the words clients match on.
    void dependsOfWaitingJobIsRefused()
    {
        put(0, "jid");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "on", "a"}), "in the depends state");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "off", "a"}), "in the depends state");
    }
    void dependsOfScheduledJobIsRefused()
    {
        put(0, "jid", {}, "1");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "on", "a"}), "in the depends state");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "off", "a"}), "in the depends state");
    }
    void dependsOfUnknownJobIsRefused()
    {
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "on", "a"}), "in the depends state");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "off", "a"}), "in the depends state");
    }
    void dependsOfFailedJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        lua("fail", 1, {"jid", "worker", "group", "message", "{}"});
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "on", "a"}), "in the depends state");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "off", "a"}), "in the depends state");
    }
    void dependsOfRunningJobIsRefused()
    {
        put(0, "jid");
        pop(0);
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "on", "a"}), "in the depends state");
        QLESS_VERIFY_REFUSED(lua("depends", 0, {"jid", "off", "a"}), "in the depends state");
    }
};

QTEST_GUILESS_MAIN(TestQlessDependencies)
#include "tst_qless_dependencies.moc"
