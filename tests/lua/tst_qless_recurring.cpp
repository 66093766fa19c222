// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// The unified qless.lua's recurring jobs: recur's arguments, jobs spawned as <jid>-<n> by pop
// once each interval is due (offset, backlog, several at once, put at the time they fell due),
// what they inherit (tags, priority, retries, data), recur.get, recur.update, recur.tag/untag,
// unrecur, and recurring the same jid again. Restates qless-core's test_recurring.py.
class TestQlessRecurring final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;

    RedisValue lua(const QByteArray &command, double now, const QList<QByteArray> &args = {})
    {
        return m_q.qless(command, now, args);
    }
    // recur "jid" into "queue" every `interval` from `offset`, klass "klass", data {}.
    RedisValue recur(double now, const QList<QByteArray> &options = {}, const QByteArray &interval = "60",
                     const QByteArray &offset = "0", const QByteArray &data = "{}")
    {
        return lua("recur", now,
                   QList<QByteArray>{"queue", "jid", "klass", data, "interval", interval, offset} + options);
    }
    QJsonArray pop(double now, const QByteArray &queue = "queue", const QByteArray &count = "10")
    {
        return m_q.qlessJson("pop", now, {queue, "worker", count}).toArray();
    }
    QJsonValue first(double now, const char *field, const QByteArray &queue = "queue")
    {
        return pop(now, queue).at(0).toObject().value(QLatin1String(field));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(!m_q.qlessScriptPath().isEmpty(), "no unified qless.lua to test");
    }
    void init() { m_q.flush(); }

    void recurRefusesBadArguments()
    {
        const QList<QByteArray> spec{"recur", "0", "queue", "jid", "klass", "{}", "interval", "60", "0"};
        const QStringList accepted =
            m_q.notRefused({{"recur", "0"},
                            {"recur", "0", "queue"},
                            {"recur", "0", "queue", "jid"},
                            {"recur", "0", "queue", "jid", "klass"},
                            {"recur", "0", "queue", "jid", "klass", "{}"},
                            {"recur", "0", "queue", "jid", "klass", "[}"},
                            {"recur", "0", "queue", "jid", "klass", "{}", "foo"},
                            {"recur", "0", "queue", "jid", "klass", "{}", "interval"},
                            {"recur", "0", "queue", "jid", "klass", "{}", "interval", "foo"},
                            {"recur", "0", "queue", "jid", "klass", "{}", "interval", "60", "foo"},
                            spec + QList<QByteArray>{"tags"},
                            spec + QList<QByteArray>{"tags", "[}"},
                            spec + QList<QByteArray>{"priority"},
                            spec + QList<QByteArray>{"priority", "foo"},
                            spec + QList<QByteArray>{"retries"},
                            spec + QList<QByteArray>{"retries", "foo"},
                            spec + QList<QByteArray>{"backlog"},
                            spec + QList<QByteArray>{"backlog", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
        QVERIFY(lua("recur.get", 0, {"jid"}).isNil());
    }
    void recurUpdateRefusesBadArguments()
    {
        recur(0);
        const QStringList accepted = m_q.notRefused({{"recur.update", "0", "jid", "priority"},
                                                     {"recur.update", "0", "jid", "priority", "foo"},
                                                     {"recur.update", "0", "jid", "interval"},
                                                     {"recur.update", "0", "jid", "interval", "foo"},
                                                     {"recur.update", "0", "jid", "retries"},
                                                     {"recur.update", "0", "jid", "retries", "foo"},
                                                     {"recur.update", "0", "jid", "data"},
                                                     {"recur.update", "0", "jid", "data", "[}"},
                                                     {"recur.update", "0", "jid", "klass"},
                                                     {"recur.update", "0", "jid", "queue"},
                                                     {"recur.update", "0", "jid", "backlog"},
                                                     {"recur.update", "0", "jid", "backlog", "foo"}});
        QVERIFY2(accepted.isEmpty(), qPrintable(accepted.join(QLatin1Char('\n'))));
    }
    void spawnsOneJobPerInterval()
    {
        recur(0);
        QJsonArray popped = pop(0);
        QCOMPARE(popped.size(), 1);
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("jid-1"));
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("spawned_from_jid")).toString(), QStringLiteral("jid"));
        QCOMPARE(pop(59).size(), 0);
        popped = pop(61);
        QCOMPARE(popped.size(), 1);
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("jid-2"));
        QCOMPARE(popped.at(0).toObject().value(QStringLiteral("spawned_from_jid")).toString(), QStringLiteral("jid"));
    }
    void offsetDelaysTheFirstJob()
    {
        recur(0, {}, "60", "10");
        QCOMPARE(pop(9).size(), 0);
        QCOMPARE(first(11, "jid").toString(), QStringLiteral("jid-1"));
        QCOMPARE(pop(69).size(), 0);
        QCOMPARE(first(71, "jid").toString(), QStringLiteral("jid-2"));
    }
    void spawnedJobsCarryTheTags()
    {
        recur(0, {"tags", R"(["foo", "bar"])"});
        QCOMPARE(canonical(first(0, "tags")), QByteArray(R"(["foo","bar"])"));
    }
    void spawnedJobsCarryThePriority()
    {
        lua("put", 0, {"worker", "queue", "low", "klass", "{}", "0", "priority", "0"});
        lua("recur", 0, {"queue", "high", "klass", "{}", "interval", "60", "0", "priority", "10"});
        const QJsonArray jobs = pop(0);
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("high-1"));
        QCOMPARE(jobs.at(0).toObject().value(QStringLiteral("priority")).toInt(), 10);
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("low"));
    }
    void spawnedJobsCarryTheRetries()
    {
        recur(0, {"retries", "2"});
        const QJsonObject job = pop(0).at(0).toObject();
        QCOMPARE(job.value(QStringLiteral("retries")).toInt(), 2);
        QCOMPARE(job.value(QStringLiteral("remaining")).toInt(), 2);
    }
    void backlogLimitsTheCatchUp()
    {
        recur(0, {"backlog", "1"});
        const QJsonArray jobs = pop(600);
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs.at(0).toObject().value(QStringLiteral("jid")).toString(), QStringLiteral("jid-1"));
    }
    void recurGetShowsTheTemplate()
    {
        recur(0);
        QCOMPARE(canonical(m_q.qlessJson("recur.get", 0, {"jid"})), canonicalJson(R"({"backlog": 0,
            "count": 0, "data": "{}", "interval": 60, "jid": "jid", "klass": "klass", "priority": 0,
            "queue": "queue", "retries": 0, "state": "recur", "tags": {}})"));
    }
    void updatePriority()
    {
        recur(0);
        QCOMPARE(first(0, "priority").toInt(), 0);
        QVERIFY(!lua("recur.update", 0, {"jid", "priority", "10"}).isError());
        QCOMPARE(first(60, "priority").toInt(), 10);
    }
    void updateInterval()
    {
        recur(0);
        QCOMPARE(pop(0).size(), 1);
        QVERIFY(!lua("recur.update", 0, {"jid", "interval", "10"}).isError());
        QCOMPARE(pop(60).size(), 6);
    }
    void updateRetries()
    {
        recur(0, {"retries", "5"});
        QCOMPARE(first(0, "retries").toInt(), 5);
        QVERIFY(!lua("recur.update", 0, {"jid", "retries", "2"}).isError());
        QCOMPARE(first(60, "retries").toInt(), 2);
    }
    void updateData()
    {
        recur(0);
        QCOMPARE(first(0, "data").toString(), QStringLiteral("{}"));
        QVERIFY(!lua("recur.update", 0, {"jid", "data", R"({"foo": "bar"})"}).isError());
        QCOMPARE(first(60, "data").toString(), QStringLiteral(R"({"foo": "bar"})")); // as given
    }
    void updateKlass()
    {
        recur(0);
        QCOMPARE(first(0, "klass").toString(), QStringLiteral("klass"));
        QVERIFY(!lua("recur.update", 0, {"jid", "klass", "class"}).isError());
        QCOMPARE(first(60, "klass").toString(), QStringLiteral("class"));
    }
    void updateQueue()
    {
        recur(0);
        QCOMPARE(pop(0).size(), 1);
        QVERIFY(!lua("recur.update", 0, {"jid", "queue", "other"}).isError());
        QCOMPARE(pop(60).size(), 0);
        QCOMPARE(pop(60, "other").size(), 1);
    }
    void unrecurStopsSpawning()
    {
        recur(0);
        QCOMPARE(pop(0).size(), 1);
        QVERIFY(!lua("unrecur", 0, {"jid"}).isError());
        QCOMPARE(pop(60).size(), 0);
    }
    void emptyArrayDataStaysAnArray()
    {
        recur(0, {}, "60", "0", "[]");
        QCOMPARE(first(0, "data").toString(), QStringLiteral("[]"));
    }
    void severalDueIntervalsSpawnSeveralJobs()
    {
        recur(0);
        QCOMPARE(pop(599).size(), 10);
    }
    void recurTagAddsToLaterJobs()
    {
        recur(0);
        QCOMPARE(canonical(first(0, "tags")), QByteArray("{}"));
        QVERIFY(!lua("recur.tag", 0, {"jid", "foo"}).isError());
        QCOMPARE(canonical(first(60, "tags")), QByteArray(R"(["foo"])"));
    }
    void recurUntagRemovesFromLaterJobs()
    {
        recur(0, {"tags", R"(["foo"])"});
        QCOMPARE(canonical(first(0, "tags")), QByteArray(R"(["foo"])"));
        QVERIFY(!lua("recur.untag", 0, {"jid", "foo"}).isError());
        QCOMPARE(canonical(first(60, "tags")), QByteArray("{}"));
    }
    void recurringAgainKeepsCounting()
    {
        recur(0);
        QCOMPARE(first(0, "jid").toString(), QStringLiteral("jid-1"));
        recur(60);
        QCOMPARE(first(60, "jid").toString(), QStringLiteral("jid-2"));
    }
    void recurringAgainReplacesTheAttributes()
    {
        recur(0, {"priority", "10", "tags", R"(["foo"])", "retries", "2"});
        QCOMPARE(canonical(pop(0).at(0)), canonicalJson(R"({"data": "{}", "dependencies": {},
            "dependents": {}, "expires": 60, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 0},
                        {"what": "popped", "when": 0, "worker": "worker"}],
            "jid": "jid-1", "klass": "klass", "priority": 10, "queue": "queue", "remaining": 2,
            "retries": 2, "state": "running", "tags": ["foo"], "tracked": false, "worker": "worker",
            "spawned_from_jid": "jid"})"));
        lua("recur", 60,
            {"queue", "jid", "class", R"({"foo": "bar"})", "interval", "10", "0", "priority", "5", "tags", R"(["bar"])",
             "retries", "5"});
        const QJsonObject job = pop(60).at(0).toObject();
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral(R"({"foo": "bar"})"));
        QJsonObject rest = job;
        rest.remove(QStringLiteral("data"));
        QCOMPARE(canonical(rest), canonicalJson(R"({"dependencies": {},
            "dependents": {}, "expires": 120, "failure": {},
            "history": [{"q": "queue", "what": "put", "when": 60},
                        {"what": "popped", "when": 60, "worker": "worker"}],
            "jid": "jid-2", "klass": "class", "priority": 5, "queue": "queue", "remaining": 5,
            "retries": 5, "state": "running", "tags": ["bar"], "tracked": false, "worker": "worker",
            "spawned_from_jid": "jid"})"));
    }
    void recurringAgainElsewhereMovesIt()
    {
        recur(0);
        QCOMPARE(first(0, "jid").toString(), QStringLiteral("jid-1"));
        lua("recur", 60, {"other", "jid", "klass", "{}", "interval", "60", "0"});
        QCOMPARE(first(60, "jid", "other").toString(), QStringLiteral("jid-2"));
    }
    void spawnedJobsArePutWhenTheyFellDue()
    {
        recur(0);
        QList<int> times;
        for (const QJsonValue &job : pop(599, "queue", "100"))
            times << job.toObject()
                         .value(QStringLiteral("history"))
                         .toArray()
                         .at(0)
                         .toObject()
                         .value(QStringLiteral("when"))
                         .toInt();
        QCOMPARE(times, (QList<int>{0, 60, 120, 180, 240, 300, 360, 420, 480, 540}));
    }
};

QTEST_GUILESS_MAIN(TestQlessRecurring)
#include "tst_qless_recurring.moc"
