// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// recur.lua: templates (on/get/update/off/tag/untag) and the jobs pop spawns from them: template
// J spawns J-1, J-2, ... at now+offset, +interval, ...; every due run spawns, at most as many as
// the pop asks for.
class TestLuaRecur final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    QlessFixture m_fixture;

    RedisValue recur(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("recur"), args); }

    // on(queue, jid, klass, data, now, 'interval', interval, offset, options...)
    RedisValue on(const QByteArray &queue, const QByteArray &jid, double now, double interval, double offset,
                  const QList<QByteArray> &options = {}, const QByteArray &data = "{}",
                  const QByteArray &klass = "RecurJob")
    {
        return recur(QList<QByteArray>{"on", queue, jid, klass, data, num(now), "interval", num(interval), num(offset)}
                     + options);
    }

    QJsonObject get(const QByteArray &jid)
    {
        const RedisValue reply = recur({"get", jid});
        [&] { QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData()); }();
        return reply.json().toObject();
    }

    double nextRun(const QByteArray &queue, const QByteArray &jid)
    {
        const RedisValue score = m_fixture.command({"ZSCORE", "ql:q:" + queue + "-recur", jid});
        return score.isNil() ? -1 : score.bytes.toDouble();
    }

    QByteArray field(const QByteArray &jid, const QByteArray &name)
    {
        return m_fixture.command({"HGET", "ql:r:" + jid, name}).bytes;
    }

    static QStringList strings(const QJsonValue &value)
    {
        QStringList out;
        for (const QJsonValue &item : value.toArray())
            out.append(item.toString());
        return out;
    }

    QList<QByteArray> jobKeys()
    {
        QList<QByteArray> keys = m_fixture.command({"KEYS", "ql:j:*"}).strings();
        std::sort(keys.begin(), keys.end());
        return keys;
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = recur(args);
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

    void init()
    {
        m_fixture.flush();
        // Jobs popped in a test stay running (not stalled) however far its clock moves, so that
        // a later pop returns only what was spawned.
        m_fixture.call(QStringLiteral("config"), {"set", "heartbeat", "864000"});
    }

    void onStoresTheTemplate()
    {
        const RedisValue reply = on("q", "J", T0, 60, 30);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.bytes, QByteArray("J"));
        // The template hash, with the fields COMPAT.md lists, defaults where nothing was given.
        QCOMPARE(field("J", "jid"), QByteArray("J"));
        QCOMPARE(field("J", "klass"), QByteArray("RecurJob"));
        QCOMPARE(field("J", "data"), QByteArray("{}"));
        QCOMPARE(field("J", "priority").toDouble(), 0.0);
        QCOMPARE(field("J", "tags"), QByteArray("{}")); // as qless writes no tags
        QCOMPARE(field("J", "state"), QByteArray("recur"));
        QCOMPARE(field("J", "queue"), QByteArray("q"));
        QCOMPARE(field("J", "type"), QByteArray("interval"));
        QCOMPARE(field("J", "count").toInt(), 0);
        QCOMPARE(field("J", "interval").toDouble(), 60.0);
        QCOMPARE(field("J", "retries").toInt(), 5);
        // First run at now + offset; the queue is known.
        QCOMPARE(nextRun("q", "J"), T0 + 30);
        QCOMPARE(m_fixture.command({"ZSCORE", "ql:queues", "q"}).isNil(), false);
        // No job exists until a pop spawns one.
        QVERIFY(jobKeys().isEmpty());
    }

    void onWithOptionsAndGet()
    {
        const QByteArray data("{\"b\": 1,  \"a\":[1,2]}"); // stored verbatim, spacing included
        QCOMPARE(on("q", "J", T0, 3600, 0, {"priority", "7", "tags", "[\"x\",\"y\"]", "retries", "2"}, data, "Nightly")
                     .bytes,
                 QByteArray("J"));
        const QJsonObject expected{
            {QStringLiteral("jid"), QStringLiteral("J")},
            {QStringLiteral("klass"), QStringLiteral("Nightly")},
            {QStringLiteral("state"), QStringLiteral("recur")},
            {QStringLiteral("queue"), QStringLiteral("q")},
            {QStringLiteral("type"), QStringLiteral("interval")},
            {QStringLiteral("priority"), 7},
            {QStringLiteral("interval"), 3600},
            {QStringLiteral("retries"), 2},
            {QStringLiteral("count"), 0},
            {QStringLiteral("data"), QString::fromUtf8(data)},
            {QStringLiteral("tags"), QJsonArray{QStringLiteral("x"), QStringLiteral("y")}},
            {QStringLiteral("next"), T0},
            {QStringLiteral("backlog"), 0}, // qless's recur keeps one (0: no limit)
        };
        QCOMPARE(get("J"), expected);
    }

    void getUnknownIsNil() { QVERIFY(recur({"get", "nosuch"}).isNil()); }

    void getChangesNothing()
    {
        on("q", "J", T0, 60, 0, {"tags", "[\"x\"]"});
        on("q", "K", T0, 60, 0);
        m_fixture.pop("q", "w", 1, T0 + 10);
        const QList<QByteArray> before = m_fixture.snapshot();
        get("J");
        get("K");
        recur({"get", "nosuch"});
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void popSpawnsTheFirstRun()
    {
        const QByteArray data("{\"n\":  1}");
        on("q", "J", T0, 60, 0, {"priority", "3", "tags", "[\"x\"]", "retries", "2"}, data, "Nightly");
        QCOMPARE(m_fixture.pop("q", "w", 5, T0), QList<QByteArray>{"J-1"});
        const QJsonObject job = m_fixture.job("J-1");
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("J-1"));
        QCOMPARE(job.value(QStringLiteral("klass")).toString(), QStringLiteral("Nightly"));
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QString::fromUtf8(data));
        QCOMPARE(job.value(QStringLiteral("priority")).toDouble(), 3.0);
        QCOMPARE(strings(job.value(QStringLiteral("tags"))), QStringList{QStringLiteral("x")});
        QCOMPARE(job.value(QStringLiteral("retries")).toInt(), 2);
        QCOMPARE(job.value(QStringLiteral("remaining")).toInt(), 2);
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        QCOMPARE(job.value(QStringLiteral("spawned_from_jid")).toString(), QStringLiteral("J"));
        // Spawned jobs are indexed under the template's tags.
        QCOMPARE(m_fixture.command({"ZRANGE", "ql:t:x", "0", "-1"}).strings(), QList<QByteArray>{"J-1"});
        // The template counts the run and moves on by one interval.
        QCOMPARE(field("J", "count").toInt(), 1);
        QCOMPARE(nextRun("q", "J"), T0 + 60);
        QCOMPARE(get("J").value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(get("J").value(QStringLiteral("next")).toDouble(), T0 + 60);
    }

    void offsetDelaysTheFirstRun()
    {
        on("q", "J", T0, 60, 30);
        QVERIFY(m_fixture.pop("q", "w", 5, T0 + 29).isEmpty());
        QVERIFY(jobKeys().isEmpty());
        QCOMPARE(m_fixture.pop("q", "w", 5, T0 + 30), QList<QByteArray>{"J-1"});
        QCOMPARE(nextRun("q", "J"), T0 + 90);
        QVERIFY(m_fixture.pop("q", "w", 5, T0 + 89).isEmpty());
        QCOMPARE(m_fixture.pop("q", "w", 5, T0 + 90), QList<QByteArray>{"J-2"});
    }

    void severalDueRunsSpawnSeveralJobs()
    {
        on("q", "J", T0, 60, 0);
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        // At T0 + 130 the runs due at T0 + 60 and T0 + 120 both spawn, oldest first.
        QCOMPARE(m_fixture.pop("q", "w", 10, T0 + 130), (QList<QByteArray>{"J-2", "J-3"}));
        QCOMPARE(field("J", "count").toInt(), 3);
        QCOMPARE(nextRun("q", "J"), T0 + 180);
        // Each spawned job carries its own run time as its put time: its history's put (qless
        // rewrites the hash's `time` at the pop).
        const auto putWhen = [&](const QByteArray &jid) {
            return m_fixture.job(jid)
                .value(QStringLiteral("history"))
                .toArray()
                .at(0)
                .toObject()
                .value(QStringLiteral("when"))
                .toDouble();
        };
        QCOMPARE(putWhen("J-2"), T0 + 60);
        QCOMPARE(putWhen("J-3"), T0 + 120);
    }

    void popCountCapsTheSpawn()
    {
        on("q", "J", T0, 10, 0);
        // Eleven runs are due at T0 + 100; a pop of 3 spawns only 3.
        QCOMPARE(m_fixture.pop("q", "w", 3, T0 + 100), (QList<QByteArray>{"J-1", "J-2", "J-3"}));
        QCOMPARE(jobKeys(), (QList<QByteArray>{"ql:j:J-1", "ql:j:J-1-history", "ql:j:J-2", "ql:j:J-2-history",
                                               "ql:j:J-3", "ql:j:J-3-history"}));
        QCOMPARE(field("J", "count").toInt(), 3);
        QCOMPARE(nextRun("q", "J"), T0 + 30);
        // The rest come with the next pop that asks for them.
        const QList<QByteArray> rest = m_fixture.pop("q", "w", 100, T0 + 100);
        QCOMPARE(rest.size(), 8);
        QCOMPARE(rest.first(), QByteArray("J-4"));
        QCOMPARE(rest.last(), QByteArray("J-11"));
        QCOMPARE(nextRun("q", "J"), T0 + 110);
    }

    void spawnedJobsWaitInPriorityOrder()
    {
        m_fixture.put("q", "plain", T0 - 100);
        on("q", "J", T0, 60, 0, {"priority", "10"});
        // The spawned job outranks the older plain job.
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        QCOMPARE(m_fixture.pop("q", "w", 1, T0 + 1), QList<QByteArray>{"plain"});
    }

    void updateChangesTheTemplate()
    {
        on("q", "J", T0, 60, 0);
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        const RedisValue reply = recur(
            {"update", "J", "priority", "4", "interval", "30", "retries", "1", "data", "{\"v\":2}", "klass", "Other"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.integer, 1); // true
        const QJsonObject t = get("J");
        QCOMPARE(t.value(QStringLiteral("priority")).toDouble(), 4.0);
        QCOMPARE(t.value(QStringLiteral("interval")).toDouble(), 30.0);
        QCOMPARE(t.value(QStringLiteral("retries")).toInt(), 1);
        QCOMPARE(t.value(QStringLiteral("data")).toString(), QStringLiteral("{\"v\":2}"));
        QCOMPARE(t.value(QStringLiteral("klass")).toString(), QStringLiteral("Other"));
        QCOMPARE(t.value(QStringLiteral("count")).toInt(), 1);
        // As qless's recur.update: the next run moves by the change of interval (60 -> 30).
        QCOMPARE(t.value(QStringLiteral("next")).toDouble(), T0 + 30);
        QCOMPARE(m_fixture.pop("q", "w", 10, T0 + 95), (QList<QByteArray>{"J-2", "J-3", "J-4"}));
        QCOMPARE(nextRun("q", "J"), T0 + 120);
        const QJsonObject spawned = m_fixture.job("J-3");
        QCOMPARE(spawned.value(QStringLiteral("klass")).toString(), QStringLiteral("Other"));
        QCOMPARE(spawned.value(QStringLiteral("data")).toString(), QStringLiteral("{\"v\":2}"));
        QCOMPARE(spawned.value(QStringLiteral("priority")).toDouble(), 4.0);
        QCOMPARE(spawned.value(QStringLiteral("retries")).toInt(), 1);
    }

    void updateUnknownIsFalse()
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        QVERIFY(recur({"update", "nosuch", "priority", "1"}).isNil());
        QVERIFY(recur({"update", "nosuch", "queue", "q2"}).isNil());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void updateQueueMovesTheTemplate()
    {
        on("q", "J", T0, 60, 45);
        QCOMPARE(recur({"update", "J", "queue", "q2"}).integer, 1);
        QCOMPARE(nextRun("q", "J"), -1.0);
        QCOMPARE(nextRun("q2", "J"), T0 + 45); // the same next run
        QCOMPARE(field("J", "queue"), QByteArray("q2"));
        QCOMPARE(get("J").value(QStringLiteral("queue")).toString(), QStringLiteral("q2"));
        QCOMPARE(m_fixture.command({"ZSCORE", "ql:queues", "q2"}).isNil(), false);
        // Pops of the old queue spawn nothing; the new queue's do, into the new queue.
        QVERIFY(m_fixture.pop("q", "w", 5, T0 + 50).isEmpty());
        QCOMPARE(m_fixture.pop("q2", "w", 5, T0 + 50), QList<QByteArray>{"J-1"});
        QCOMPARE(m_fixture.job("J-1").value(QStringLiteral("queue")).toString(), QStringLiteral("q2"));
        // Updating to the queue it is already in changes nothing.
        QCOMPARE(recur({"update", "J", "queue", "q2"}).integer, 1);
        QCOMPARE(nextRun("q2", "J"), T0 + 105);
    }

    void onAgainMovesAndKeepsTheCount()
    {
        on("q", "J", T0, 60, 0);
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        QCOMPARE(on("q2", "J", T0 + 10, 60, 0).bytes, QByteArray("J"));
        QCOMPARE(nextRun("q", "J"), -1.0);
        QCOMPARE(nextRun("q2", "J"), T0 + 10);
        // The count carries on: no second J-1.
        QCOMPARE(m_fixture.pop("q2", "w", 1, T0 + 10), QList<QByteArray>{"J-2"});
    }

    void tagAndUntag()
    {
        on("q", "J", T0, 60, 0, {"tags", "[\"a\"]"});
        QCOMPARE(recur({"tag", "J", "b", "c", "a", "b"}).bytes, QByteArray("[\"a\",\"b\",\"c\"]"));
        QCOMPARE(strings(get("J").value(QStringLiteral("tags"))),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(recur({"untag", "J", "a", "c", "zzz"}).bytes, QByteArray("[\"b\"]"));
        QCOMPARE(field("J", "tags"), QByteArray("[\"b\"]"));
        // Jobs spawned afterwards carry the template's tags then.
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        QCOMPARE(strings(m_fixture.job("J-1").value(QStringLiteral("tags"))), QStringList{QStringLiteral("b")});
        // Untagging the last: an empty JSON array.
        QCOMPARE(recur({"untag", "J", "b"}).bytes, QByteArray("[]"));
        // Unknown templates: false, nothing written.
        const QList<QByteArray> before = m_fixture.snapshot();
        QVERIFY(recur({"tag", "nosuch", "a"}).isNil());
        QVERIFY(recur({"untag", "nosuch", "a"}).isNil());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void offRemovesTemplates()
    {
        on("q", "J", T0, 60, 0);
        on("q", "K", T0, 60, 0);
        on("q2", "L", T0, 60, 0);
        const RedisValue reply = recur({"off", "J"});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.integer, 1);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:r:J"}).integer, 0);
        QCOMPARE(nextRun("q", "J"), -1.0);
        QVERIFY(recur({"get", "J"}).isNil());
        // Several at once, unknown ones not counted.
        QCOMPARE(recur({"off", "K", "nosuch", "L"}).integer, 2);
        QCOMPARE(recur({"off", "nosuch"}).integer, 0);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:q:q-recur"}).integer, 0);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:q:q2-recur"}).integer, 0);
        // Nothing spawns any more.
        QVERIFY(m_fixture.pop("q", "w", 5, T0 + 1000).isEmpty());
        QVERIFY(m_fixture.pop("q2", "w", 5, T0 + 1000).isEmpty());
        QVERIFY(jobKeys().isEmpty());
    }

    void offLeavesSpawnedJobs()
    {
        on("q", "J", T0, 60, 0);
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        QCOMPARE(recur({"off", "J"}).integer, 1);
        QCOMPARE(m_fixture.job("J-1").value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    }

    void offAndOnAgainNeverOverwritesAJob()
    {
        on("q", "J", T0, 60, 0);
        QCOMPARE(m_fixture.pop("q", "w", 1, T0), QList<QByteArray>{"J-1"});
        recur({"off", "J"});
        on("q", "J", T0 + 10, 60, 0); // counts from 0 again
        // J-1 is still running: the next spawn takes the next free number instead.
        QCOMPARE(m_fixture.pop("q", "w2", 1, T0 + 10), QList<QByteArray>{"J-2"});
        QCOMPARE(m_fixture.job("J-1").value(QStringLiteral("worker")).toString(), QStringLiteral("w"));
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        const QByteArray now = num(T0);
        const QList<QByteArray> good{"on", "q", "J", "K", "{}", now, "interval", "60", "0"};
        auto with = [&](int index, const QByteArray &value) {
            QList<QByteArray> args = good;
            args[index] = value;
            return args;
        };
        QTest::newRow("nothing") << QList<QByteArray>{}
                                 << QByteArray("Recur(): Arg \"command\" must be on, off, get, update, tag or untag");
        QTest::newRow("unknown") << QList<QByteArray>{"start", "J"}
                                 << QByteArray(
                                        "Recur(): Arg \"command\" must be on, off, get, update, tag or untag: start");
        QTest::newRow("on no queue") << QList<QByteArray>{"on"} << QByteArray("Recur(): Arg \"queue\" missing");
        QTest::newRow("on empty queue") << with(1, "") << QByteArray("Recur(): Arg \"queue\" missing");
        QTest::newRow("on empty jid") << with(2, "") << QByteArray("Recur(): Arg \"jid\" missing");
        QTest::newRow("on empty klass") << with(3, "") << QByteArray("Recur(): Arg \"klass\" missing");
        QTest::newRow("on bad data") << with(4, "{x") << QByteArray("Recur(): Arg \"data\" not JSON: {x");
        QTest::newRow("on bad now") << with(5, "now") << QByteArray("Recur(): Arg \"now\" not a number: now");
        QTest::newRow("on cron") << with(6, "cron") << QByteArray("Recur(): Arg \"type\" must be \"interval\": cron");
        QTest::newRow("on zero interval") << with(7, "0") << QByteArray("Recur(): Arg \"interval\" not above 0: 0");
        QTest::newRow("on negative interval")
            << with(7, "-5") << QByteArray("Recur(): Arg \"interval\" not above 0: -5");
        QTest::newRow("on bad interval") << with(7, "hourly")
                                         << QByteArray("Recur(): Arg \"interval\" not a number: hourly");
        QTest::newRow("on no offset") << good.mid(0, 8) << QByteArray("Recur(): Arg \"offset\" missing");
        QTest::newRow("on bad offset") << with(8, "x") << QByteArray("Recur(): Arg \"offset\" not a number: x");
        QTest::newRow("on unknown option")
            << good + QList<QByteArray>{"color", "red"} << QByteArray("Recur(): Arg \"color\" unknown option");
        QTest::newRow("on option without value")
            << good + QList<QByteArray>{"priority"} << QByteArray("Recur(): Arg \"priority\" missing");
        QTest::newRow("on bad priority") << good + QList<QByteArray>{"priority", "high"}
                                         << QByteArray("Recur(): Arg \"priority\" not a number: high");
        QTest::newRow("on bad tags") << good + QList<QByteArray>{"tags", "\"x\""}
                                     << QByteArray("Recur(): Arg \"tags\" not a JSON array: \"x\"");
        QTest::newRow("on tags not JSON")
            << good + QList<QByteArray>{"tags", "[x"} << QByteArray("Recur(): Arg \"tags\" not JSON: [x");
        QTest::newRow("on bad retries") << good + QList<QByteArray>{"retries", "-1"}
                                        << QByteArray("Recur(): Arg \"retries\" not a whole number >= 0: -1");
        QTest::newRow("off no jid") << QList<QByteArray>{"off"} << QByteArray("Recur(): Arg \"jid\" missing");
        // Every jid is checked before any template is removed (J must survive).
        QTest::newRow("off empty jid") << QList<QByteArray>{"off", "J", ""}
                                       << QByteArray("Recur(): Arg \"jid\" missing");
        QTest::newRow("get no jid") << QList<QByteArray>{"get"} << QByteArray("Recur(): Arg \"jid\" missing");
        QTest::newRow("get extra") << QList<QByteArray>{"get", "J", "x"}
                                   << QByteArray("Recur(): Arg \"3\" unexpected: x");
        QTest::newRow("update no jid") << QList<QByteArray>{"update"} << QByteArray("Recur(): Arg \"jid\" missing");
        QTest::newRow("update zero interval") << QList<QByteArray>{"update", "J", "interval", "0"}
                                              << QByteArray("Recur(): Arg \"interval\" not above 0: 0");
        QTest::newRow("update bad data") << QList<QByteArray>{"update", "J", "data", "nope"}
                                         << QByteArray("Recur(): Arg \"data\" not JSON: nope");
        QTest::newRow("update bad retries") << QList<QByteArray>{"update", "J", "retries", "1.5"}
                                            << QByteArray("Recur(): Arg \"retries\" not a whole number >= 0: 1.5");
        QTest::newRow("update empty queue")
            << QList<QByteArray>{"update", "J", "queue", ""} << QByteArray("Recur(): Arg \"queue\" missing");
        QTest::newRow("update empty klass")
            << QList<QByteArray>{"update", "J", "klass", ""} << QByteArray("Recur(): Arg \"klass\" missing");
        QTest::newRow("update unknown option")
            << QList<QByteArray>{"update", "J", "tags", "[]"} << QByteArray("Recur(): Arg \"tags\" unknown option");
        // A good option before a bad one is not applied either.
        QTest::newRow("update good then bad") << QList<QByteArray>{"update", "J", "priority", "9", "interval", "x"}
                                              << QByteArray("Recur(): Arg \"interval\" not a number: x");
        QTest::newRow("tag no jid") << QList<QByteArray>{"tag"} << QByteArray("Recur(): Arg \"jid\" missing");
        QTest::newRow("tag no tag") << QList<QByteArray>{"tag", "J"} << QByteArray("Recur(): Arg \"tag\" missing");
        QTest::newRow("tag empty tag") << QList<QByteArray>{"tag", "J", "a", ""}
                                       << QByteArray("Recur(): Arg \"tag\" missing");
        QTest::newRow("untag no tag") << QList<QByteArray>{"untag", "J"} << QByteArray("Recur(): Arg \"tag\" missing");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        on("q", "J", T0, 60, 0, {"tags", "[\"t\"]"});
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaRecur)
#include "tst_lua_recur.moc"
