// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// failed.lua: counts per failure group; one group's jobs newest failure first, paged with
// start/limit and a total; jids whose job is gone shown as {jid, state: "missing"}; read-only.
class TestLuaFailed final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    QlessFixture m_fixture;

    RedisValue failed(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("failed"), args); }

    QJsonObject group(const QList<QByteArray> &args)
    {
        const RedisValue reply = failed(args);
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().toObject().value(QStringLiteral("jobs")).isArray(), reply.bytes.constData());
        }();
        return reply.json().toObject();
    }

    // Put, pop and fail `jid` at `when` into `group`.
    void failJob(const QByteArray &queue, const QByteArray &jid, const QByteArray &groupName, double when)
    {
        m_fixture.put(queue, jid, when - 2);
        const QList<QByteArray> popped = m_fixture.pop(queue, "worker", 1, when - 1);
        [&] { QCOMPARE(popped, QList<QByteArray>{jid}); }();
        const RedisValue reply =
            m_fixture.call(QStringLiteral("fail"), {jid, "worker", groupName, "message for " + jid, num(when)});
        [&] { QCOMPARE(reply.bytes, jid); }();
    }

    static QStringList jids(const QJsonValue &jobs)
    {
        QStringList out;
        for (const QJsonValue &job : jobs.toArray())
            out.append(job.toObject().value(QStringLiteral("jid")).toString());
        return out;
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = failed(args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QVERIFY2(reply.bytes.contains(text), reply.bytes.constData());
        QCOMPARE(m_fixture.snapshot(), before);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
    }

    void init() { m_fixture.flush(); }

    void noFailures()
    {
        QCOMPARE(failed({}).bytes, QByteArray("{}"));
        QCOMPARE(failed({"nothing"}).bytes, QByteArray("{\"total\":0,\"jobs\":[]}"));
    }

    void countsPerGroup()
    {
        failJob("q", "a", "g1", T0 + 10);
        failJob("q", "b", "g1", T0 + 20);
        failJob("q", "c", "upload error", T0 + 30);
        failJob("q2", "d", "g1", T0 + 40);
        const QJsonObject expected{{QStringLiteral("g1"), 3}, {QStringLiteral("upload error"), 1}};
        QCOMPARE(failed({}).json().toObject(), expected);

        // Moving a failed job out of its group lowers the count; an emptied group disappears.
        m_fixture.put("q", "c", T0 + 50);
        m_fixture.put("q", "a", T0 + 51);
        QCOMPARE(failed({}).json().toObject(), (QJsonObject{{QStringLiteral("g1"), 2}}));
        m_fixture.call(QStringLiteral("cancel"), {"b", "d"});
        QCOMPARE(failed({}).bytes, QByteArray("{}"));
    }

    void exhaustedRetriesHaveTheirGroup()
    {
        m_fixture.put("q", "a", T0, {"retries", "0"});
        m_fixture.pop("q", "w1", 1, T0 + 1);
        // w1's lock runs out; with no grace period and no retry left, the job fails rather than
        // going to w2.
        m_fixture.call(QStringLiteral("config"), {"set", "grace-period", "0"});
        QVERIFY(m_fixture.pop("q", "w2", 1, T0 + 100).isEmpty());
        QCOMPARE(failed({}).json().toObject(), (QJsonObject{{QStringLiteral("failed-retries-q"), 1}}));
        const QJsonObject page = group({"failed-retries-q"});
        QCOMPARE(jids(page.value(QStringLiteral("jobs"))), QStringList{QStringLiteral("a")});
    }

    void groupJobsNewestFirstWithTotal()
    {
        failJob("q", "a", "g", T0 + 10);
        failJob("q", "b", "g", T0 + 20);
        failJob("q", "c", "g", T0 + 30);
        failJob("q", "x", "other", T0 + 40);
        const QJsonObject page = group({"g"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 3);
        QCOMPARE(jids(page.value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("a")}));
        // Full job objects, as get gives them, with the failure.
        const QJsonArray jobs = page.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(jobs.at(0).toObject(), m_fixture.job("c"));
        QCOMPARE(jobs.at(2).toObject(), m_fixture.job("a"));
        const QJsonObject failure = jobs.at(1).toObject().value(QStringLiteral("failure")).toObject();
        QCOMPARE(failure.value(QStringLiteral("group")).toString(), QStringLiteral("g"));
        QCOMPARE(failure.value(QStringLiteral("message")).toString(), QStringLiteral("message for b"));
        QCOMPARE(failure.value(QStringLiteral("when")).toDouble(), T0 + 20);
        QCOMPARE(failure.value(QStringLiteral("worker")).toString(), QStringLiteral("worker"));
        QCOMPARE(jobs.at(1).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    }

    void paging()
    {
        for (int i = 1; i <= 5; ++i)
            failJob("q", "j" + QByteArray::number(i), "g", T0 + 10 * i);
        // Newest first: j5 j4 j3 j2 j1.
        QCOMPARE(jids(group({"g", "1"}).value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j4"), QStringLiteral("j3"), QStringLiteral("j2"), QStringLiteral("j1")}));
        QCOMPARE(jids(group({"g", "0", "2"}).value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j5"), QStringLiteral("j4")}));
        QCOMPARE(jids(group({"g", "2", "2"}).value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j3"), QStringLiteral("j2")}));
        QCOMPARE(jids(group({"g", "4", "10"}).value(QStringLiteral("jobs"))), QStringList{QStringLiteral("j1")});
        for (const QList<QByteArray> &args : {QList<QByteArray>{"g", "5"}, QList<QByteArray>{"g", "0", "0"}}) {
            const QJsonObject page = group(args);
            QCOMPARE(page.value(QStringLiteral("total")).toInt(), 5); // the total is the group's
            QVERIFY(page.value(QStringLiteral("jobs")).toArray().isEmpty());
        }
    }

    void defaultLimitIs25()
    {
        // Written directly (jobs with their failure), so 30 need not be driven through pop/fail.
        for (int i = 0; i < 30; ++i) {
            const QByteArray jid = "j" + QByteArray::number(100 + i);
            m_fixture.command({"HSET", "ql:j:" + jid, "jid", jid, "klass", "K", "state", "failed", "queue", "q", "data",
                               "{}", "priority", "0", "failure",
                               "{\"group\":\"g\",\"message\":\"m\",\"when\":1,\"worker\":\"w\"}"});
            m_fixture.command({"LPUSH", "ql:f:g", jid});
        }
        m_fixture.command({"SADD", "ql:failures", "g"});
        const QJsonObject page = group({"g"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 30);
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().size(), 25);
        QCOMPARE(jids(page.value(QStringLiteral("jobs"))).first(), QStringLiteral("j129"));
        QCOMPARE(group({"g", "25"}).value(QStringLiteral("jobs")).toArray().size(), 5);
    }

    void missingJobShownAsMissing()
    {
        failJob("q", "a", "g", T0 + 10);
        failJob("q", "b", "g", T0 + 20);
        failJob("q", "c", "g", T0 + 30);
        m_fixture.command({"DEL", "ql:j:b"});
        const QJsonObject page = group({"g"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 3);
        const QJsonArray jobs = page.value(QStringLiteral("jobs")).toArray();
        QCOMPARE(jids(page.value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("a")}));
        QCOMPARE(jobs.at(1).toObject(), (QJsonObject{{QStringLiteral("jid"), QStringLiteral("b")},
                                                     {QStringLiteral("state"), QStringLiteral("missing")}}));
        QCOMPARE(jobs.at(0).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    }

    void failuresWrittenByCurrentDeployments()
    {
        // A failed job as current qless writes it: history as a -history list, data verbatim.
        m_fixture.command(
            {"HSET",
             "ql:j:legacy",
             "jid",
             "legacy",
             "klass",
             "Old::Job",
             "state",
             "failed",
             "queue",
             "q",
             "worker",
             "",
             "priority",
             "0",
             "data",
             "{\"k\": 1}",
             "tags",
             "[]",
             "retries",
             "5",
             "remaining",
             "5",
             "expires",
             "0",
             "failure",
             "{\"group\":\"legacy-group\",\"message\":\"boom\",\"when\":1700000000,\"worker\":\"host-1\"}"});
        m_fixture.command({"RPUSH", "ql:j:legacy-history", "[1699999990,\"put\",{\"q\":\"q\"}]",
                           "[1700000000,\"failed\",{\"group\":\"legacy-group\",\"worker\":\"host-1\"}]"});
        m_fixture.command({"LPUSH", "ql:f:legacy-group", "legacy"});
        m_fixture.command({"SADD", "ql:failures", "legacy-group"});

        QCOMPARE(failed({}).json().toObject(), (QJsonObject{{QStringLiteral("legacy-group"), 1}}));
        const QJsonObject job = group({"legacy-group"}).value(QStringLiteral("jobs")).toArray().at(0).toObject();
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("legacy"));
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"k\": 1}"));
        QCOMPARE(job.value(QStringLiteral("failure")).toObject().value(QStringLiteral("message")).toString(),
                 QStringLiteral("boom"));
        QCOMPARE(job.value(QStringLiteral("history")).toArray().size(), 2);
    }

    void readsChangeNothing()
    {
        failJob("q", "a", "g", T0 + 10);
        failJob("q", "b", "g", T0 + 20);
        failJob("q", "c", "h", T0 + 30);
        m_fixture.command({"DEL", "ql:j:b"});
        const QList<QByteArray> before = m_fixture.snapshot();
        failed({});
        group({"g"});
        group({"g", "1", "1"});
        group({"h", "0", "0"});
        group({"nothing"});
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty group") << QList<QByteArray>{""} << QByteArray("Failed(): Arg \"group\" missing");
        QTest::newRow("bad start") << QList<QByteArray>{"g", "first"}
                                   << QByteArray("Failed(): Arg \"start\" not a number: first");
        QTest::newRow("negative start") << QList<QByteArray>{"g", "-1"}
                                        << QByteArray("Failed(): Arg \"start\" not a whole number >= 0: -1");
        QTest::newRow("bad limit") << QList<QByteArray>{"g", "0", "all"}
                                   << QByteArray("Failed(): Arg \"limit\" not a number: all");
        QTest::newRow("fractional limit")
            << QList<QByteArray>{"g", "0", "2.5"} << QByteArray("Failed(): Arg \"limit\" not a whole number >= 0: 2.5");
        QTest::newRow("extra") << QList<QByteArray>{"g", "0", "1", "x"}
                               << QByteArray("Failed(): Arg \"4\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        failJob("q", "a", "g", T0 + 10);
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaFailed)
#include "tst_lua_failed.moc"
