// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

// get.lua: the job object (COMPAT.md's fields) through a job's life, nil for unknown jids, and
// jobs whose fields are bad or that current deployments wrote (history as a -history list).
class TestLuaGet final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    QlessFixture m_fixture;

    QJsonObject get(const QByteArray &jid)
    {
        const RedisValue reply = m_fixture.call(QStringLiteral("get"), {jid});
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().isObject(), reply.bytes.constData());
        }();
        return reply.json().toObject();
    }

    // Lua's JSON writes an empty list as {} (COMPAT.md): both count as empty.
    static bool isEmptyList(const QJsonValue &value)
    {
        return (value.isArray() && value.toArray().isEmpty()) || (value.isObject() && value.toObject().isEmpty());
    }

    static QStringList strings(const QJsonValue &value)
    {
        QStringList out;
        for (const QJsonValue &item : value.toArray())
            out.append(item.toString());
        return out;
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = m_fixture.call(QStringLiteral("get"), args);
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

    void waitingJobHasEveryField()
    {
        const QByteArray data("{\"b\": 1,  \"a\": [1, 2]}");
        m_fixture.put("q", "a", T0, {"priority", "3", "tags", "[\"x\",\"y\"]", "retries", "2"}, 0, data, "My::Job");
        const QJsonObject job = get("a");
        for (const char *name :
             {"jid", "klass", "state", "queue", "worker", "tracked", "priority", "expires", "retries", "remaining",
              "data", "tags", "history", "failure", "dependents", "dependencies"})
            QVERIFY2(job.contains(QString::fromLatin1(name)), name);
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("a"));
        QCOMPARE(job.value(QStringLiteral("klass")).toString(), QStringLiteral("My::Job"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QStringLiteral("q"));
        QCOMPARE(job.value(QStringLiteral("worker")).toString(QStringLiteral("?")), QString());
        QCOMPARE(job.value(QStringLiteral("tracked")), QJsonValue(false));
        QCOMPARE(job.value(QStringLiteral("priority")), QJsonValue(3));
        QCOMPARE(job.value(QStringLiteral("expires")), QJsonValue(0));
        QCOMPARE(job.value(QStringLiteral("retries")), QJsonValue(2));
        QCOMPARE(job.value(QStringLiteral("remaining")), QJsonValue(2));
        // data is the text as the client sent it, not re-encoded.
        QCOMPARE(job.value(QStringLiteral("data")), QJsonValue(QString::fromUtf8(data)));
        QCOMPARE(strings(job.value(QStringLiteral("tags"))), (QStringList{QStringLiteral("x"), QStringLiteral("y")}));
        QVERIFY(isEmptyList(job.value(QStringLiteral("failure"))));
        QVERIFY(isEmptyList(job.value(QStringLiteral("dependents"))));
        QVERIFY(isEmptyList(job.value(QStringLiteral("dependencies"))));
        // History: qless's events (put writes the -history list as current qless does), one so far.
        const QJsonArray history = job.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.at(0).toObject(), (QJsonObject{{QStringLiteral("when"), T0},
                                                        {QStringLiteral("what"), QStringLiteral("put")},
                                                        {QStringLiteral("q"), QStringLiteral("q")}}));
        QCOMPARE(job.value(QStringLiteral("time")).toDouble(), T0);
    }

    void dataIsAlwaysTheStoredText()
    {
        m_fixture.put("q", "n", T0, {}, 0, "5");
        QCOMPARE(get("n").value(QStringLiteral("data")), QJsonValue(QStringLiteral("5")));
        m_fixture.put("q", "s", T0, {}, 0, "\"text\"");
        QCOMPARE(get("s").value(QStringLiteral("data")), QJsonValue(QStringLiteral("\"text\"")));
    }

    void throughTheJobsLife()
    {
        m_fixture.put("q", "a", T0);
        QCOMPARE(m_fixture.pop("q", "w1", 1, T0 + 10), QList<QByteArray>{"a"});
        QJsonObject job = get("a");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));
        QCOMPARE(job.value(QStringLiteral("expires")).toDouble(), T0 + 70);
        QJsonObject event = job.value(QStringLiteral("history")).toArray().at(1).toObject();
        QCOMPARE(event.value(QStringLiteral("what")).toString(), QStringLiteral("popped"));
        QCOMPARE(event.value(QStringLiteral("when")).toDouble(), T0 + 10);
        QCOMPARE(event.value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));

        QCOMPARE(m_fixture.call(QStringLiteral("fail"), {"a", "w1", "boom", "it broke", num(T0 + 20)}).bytes,
                 QByteArray("a"));
        job = get("a");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        const QJsonObject failure{{QStringLiteral("group"), QStringLiteral("boom")},
                                  {QStringLiteral("message"), QStringLiteral("it broke")},
                                  {QStringLiteral("when"), T0 + 20},
                                  {QStringLiteral("worker"), QStringLiteral("w1")}};
        QCOMPARE(job.value(QStringLiteral("failure")).toObject(), failure);

        m_fixture.put("q", "a", T0 + 30);
        m_fixture.pop("q", "w2", 1, T0 + 31);
        QCOMPARE(m_fixture.call(QStringLiteral("complete"), {"a", "w2", "q", num(T0 + 40), "{\"out\":1}"}).bytes,
                 QByteArray("complete"));
        job = get("a");
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("complete"));
        QCOMPARE(job.value(QStringLiteral("queue")).toString(), QString());
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"out\":1}"));
        QVERIFY(isEmptyList(job.value(QStringLiteral("failure"))));
        const QJsonArray history = job.value(QStringLiteral("history")).toArray();
        // put, popped, failed, then put, popped, done: one event each, as qless writes them.
        QCOMPARE(history.size(), 6);
        QStringList whats;
        for (const QJsonValue &entry : history)
            whats << entry.toObject().value(QStringLiteral("what")).toString();
        QCOMPARE(whats, (QStringList{QStringLiteral("put"), QStringLiteral("popped"), QStringLiteral("failed"),
                                     QStringLiteral("put"), QStringLiteral("popped"), QStringLiteral("done")}));
        QCOMPARE(history.at(3).toObject().value(QStringLiteral("when")).toDouble(), T0 + 30);
        QCOMPARE(history.at(4).toObject().value(QStringLiteral("when")).toDouble(), T0 + 31);
        QCOMPARE(history.at(5).toObject().value(QStringLiteral("when")).toDouble(), T0 + 40);
    }

    void trackedAndDependencies()
    {
        m_fixture.put("q", "a", T0);
        m_fixture.put("q", "b", T0, {"depends", "[\"a\"]"});
        m_fixture.call(QStringLiteral("track"), {"track", "b", num(T0)});
        const QJsonObject b = get("b");
        QCOMPARE(b.value(QStringLiteral("state")).toString(), QStringLiteral("depends"));
        QCOMPARE(strings(b.value(QStringLiteral("dependencies"))), QStringList{QStringLiteral("a")});
        QCOMPARE(b.value(QStringLiteral("tracked")), QJsonValue(true));
        const QJsonObject a = get("a");
        QCOMPARE(strings(a.value(QStringLiteral("dependents"))), QStringList{QStringLiteral("b")});
        QCOMPARE(a.value(QStringLiteral("tracked")), QJsonValue(false));
    }

    void unknownJobIsNil()
    {
        QVERIFY(m_fixture.call(QStringLiteral("get"), {"nosuch"}).isNil());
        // Leftover sets of a job whose hash is gone do not make a job.
        m_fixture.command({"SADD", "ql:j:ghost-dependents", "x"});
        QVERIFY(m_fixture.call(QStringLiteral("get"), {"ghost"}).isNil());
    }

    void oddJids()
    {
        const QByteArray jid("j\xc3\xb6"
                             "b 1:{x}");
        m_fixture.put("q", jid, T0);
        QCOMPARE(get(jid).value(QStringLiteral("jid")).toString(), QString::fromUtf8(jid));
    }

    void invalidJsonFieldsComeBackRaw()
    {
        // Written directly: bad JSON in tags and failure; the job is still shown, those fields as text.
        m_fixture.put("q", "a", T0);
        m_fixture.command({"HSET", "ql:j:a", "tags", "[\"x\", oops", "failure", "{group: bad}", "priority", "high"});
        const QJsonObject job = get("a");
        QCOMPARE(job.value(QStringLiteral("tags")), QJsonValue(QStringLiteral("[\"x\", oops")));
        QCOMPARE(job.value(QStringLiteral("failure")), QJsonValue(QStringLiteral("{group: bad}")));
        QCOMPARE(job.value(QStringLiteral("priority")), QJsonValue(QStringLiteral("high")));
        QCOMPARE(job.value(QStringLiteral("jid")).toString(), QStringLiteral("a"));
        QCOMPARE(job.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));

        // A 2012 job's history field (no -history list beside it) that does not parse.
        m_fixture.command({"DEL", "ql:j:a-history"});
        m_fixture.command({"HSET", "ql:j:a", "history", "not json"});
        QCOMPARE(get("a").value(QStringLiteral("history")), QJsonValue(QStringLiteral("not json")));
    }

    void nonFiniteNumbersComeBackRaw()
    {
        // "inf" and "nan" parse as Lua numbers that JSON cannot carry: shown as text, not an error.
        m_fixture.put("q", "a", T0);
        m_fixture.command({"HSET", "ql:j:a", "priority", "inf", "expires", "nan"});
        const RedisValue reply = m_fixture.call(QStringLiteral("get"), {"a"});
        QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
        const QJsonObject job = reply.json().toObject();
        QCOMPARE(job.value(QStringLiteral("priority")), QJsonValue(QStringLiteral("inf")));
        QCOMPARE(job.value(QStringLiteral("expires")), QJsonValue(QStringLiteral("nan")));
        // The listings built from job objects keep working too.
        m_fixture.call(QStringLiteral("track"), {"track", "a", num(T0)});
        QVERIFY2(!m_fixture.call(QStringLiteral("track"), {}).isError(),
                 m_fixture.call(QStringLiteral("track"), {}).bytes.constData());
    }

    void historyListOfCurrentDeployments()
    {
        // A job as current qless writes it: no history field, a -history list of
        // [when, what, {extra}], data verbatim, extra hash fields.
        m_fixture.command({"HSET",
                           "ql:j:cur",
                           "jid",
                           "cur",
                           "klass",
                           "Cur::Job",
                           "state",
                           "running",
                           "queue",
                           "q",
                           "worker",
                           "host-7",
                           "priority",
                           "0",
                           "data",
                           "{\"z\":1, \"a\":2}",
                           "tags",
                           "[\"t\"]",
                           "retries",
                           "5",
                           "remaining",
                           "4",
                           "expires",
                           "4102444900",
                           "failure",
                           "{}",
                           "time",
                           "4102444800.125",
                           "spawned_from_jid",
                           "tmpl",
                           "grace",
                           "10"});
        m_fixture.command({"RPUSH", "ql:j:cur-history", "[4102444800,\"put\",{\"q\":\"q\"}]",
                           "[4102444810,\"popped\",{\"worker\":\"host-6\"}]", "[4102444870,\"timed-out\"]",
                           "[4102444880,\"popped\",{\"worker\":\"host-7\"}]"});
        const QJsonObject job = get("cur");
        const QJsonArray expected{
            QJsonObject{{QStringLiteral("when"), 4102444800.0},
                        {QStringLiteral("what"), QStringLiteral("put")},
                        {QStringLiteral("q"), QStringLiteral("q")}},
            QJsonObject{{QStringLiteral("when"), 4102444810.0},
                        {QStringLiteral("what"), QStringLiteral("popped")},
                        {QStringLiteral("worker"), QStringLiteral("host-6")}},
            QJsonObject{{QStringLiteral("when"), 4102444870.0}, {QStringLiteral("what"), QStringLiteral("timed-out")}},
            QJsonObject{{QStringLiteral("when"), 4102444880.0},
                        {QStringLiteral("what"), QStringLiteral("popped")},
                        {QStringLiteral("worker"), QStringLiteral("host-7")}},
        };
        QCOMPARE(job.value(QStringLiteral("history")).toArray(), expected);
        QCOMPARE(job.value(QStringLiteral("data")).toString(), QStringLiteral("{\"z\":1, \"a\":2}"));
        QCOMPARE(job.value(QStringLiteral("worker")).toString(), QStringLiteral("host-7"));
        QCOMPARE(job.value(QStringLiteral("remaining")), QJsonValue(4));
        QCOMPARE(job.value(QStringLiteral("spawned_from_jid")).toString(), QStringLiteral("tmpl"));
        QCOMPARE(job.value(QStringLiteral("time")).toDouble(), 4102444800.125);
    }

    void logEntriesKeepAnyData()
    {
        // qless's `log` appends [when, message, data] with any JSON as data: an object's fields
        // join the event; a list, a number or a text is kept whole under `data`.
        m_fixture.put("q", "a", T0);
        m_fixture.command({"DEL", "ql:j:a-history"});
        m_fixture.command({"RPUSH", "ql:j:a-history", "[4102444800,\"put\",{\"q\":\"q\"}]",
                           "[4102444801,\"fetched\",{\"status\":503}]", "[4102444802,\"plain\"]",
                           "[4102444803,\"count\",3]", "[4102444804,\"pages\",[\"x\",\"y\"]]",
                           "[4102444805,\"note\",\"text\"]"});
        const QJsonArray history = get("a").value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 6);
        QCOMPARE(history.at(1).toObject(), (QJsonObject{{QStringLiteral("when"), T0 + 1},
                                                        {QStringLiteral("what"), QStringLiteral("fetched")},
                                                        {QStringLiteral("status"), 503}}));
        QCOMPARE(history.at(2).toObject(),
                 (QJsonObject{{QStringLiteral("when"), T0 + 2}, {QStringLiteral("what"), QStringLiteral("plain")}}));
        QCOMPARE(history.at(3).toObject().value(QStringLiteral("data")), QJsonValue(3));
        QCOMPARE(history.at(4).toObject().value(QStringLiteral("data")),
                 QJsonValue(QJsonArray{QStringLiteral("x"), QStringLiteral("y")}));
        QCOMPARE(history.at(5).toObject().value(QStringLiteral("data")), QJsonValue(QStringLiteral("text")));
    }

    void expiresAsCurrentQlessWritesIt()
    {
        // '' after a failure, 0 without a lock: both read as 0, no lock, as qless reads them
        // (Qless.face_job_object passes on only a value that is there and not a number).
        m_fixture.put("q", "a", T0);
        m_fixture.command({"HSET", "ql:j:a", "expires", ""});
        QCOMPARE(get("a").value(QStringLiteral("expires")), QJsonValue(0));
        m_fixture.command({"HSET", "ql:j:a", "expires", "0"});
        QCOMPARE(get("a").value(QStringLiteral("expires")), QJsonValue(0));
    }

    void historyListWinsOverTheField()
    {
        // When both exist, the list comes first and the field's stages after it, as qless's
        // first touch would append them (read in place: get changes nothing).
        m_fixture.put("q", "a", T0);
        m_fixture.command({"DEL", "ql:j:a-history"});
        m_fixture.command({"HSET", "ql:j:a", "history", "[{\"q\":\"q\",\"put\":4102444800}]"});
        m_fixture.command({"RPUSH", "ql:j:a-history", "[4102444801,\"put\",{\"q\":\"q\"}]"});
        const QJsonArray history = get("a").value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 2);
        QCOMPARE(history.at(0).toObject().value(QStringLiteral("what")).toString(), QStringLiteral("put"));
        QCOMPARE(history.at(0).toObject().value(QStringLiteral("when")).toDouble(), T0 + 1);
        QCOMPARE(history.at(1).toObject().value(QStringLiteral("when")).toDouble(), T0);
        QCOMPARE(m_fixture.command({"LLEN", "ql:j:a-history"}).integer, 1);
    }

    void unreadableHistoryEntryIsShown()
    {
        m_fixture.put("q", "a", T0);
        m_fixture.command({"DEL", "ql:j:a-history"});
        m_fixture.command({"RPUSH", "ql:j:a-history", "[4102444801,\"put\",{\"q\":\"q\"}]", "garbage"});
        const QJsonArray history = get("a").value(QStringLiteral("history")).toArray();
        QCOMPARE(history.size(), 2);
        QCOMPARE(history.at(1).toObject().value(QStringLiteral("raw")).toString(), QStringLiteral("garbage"));
    }

    void getChangesNothing()
    {
        m_fixture.put("q", "a", T0, {"tags", "[\"x\"]"});
        m_fixture.put("q", "b", T0, {"depends", "[\"a\"]"});
        m_fixture.command({"RPUSH", "ql:j:b-history", "[4102444801,\"put\",{\"q\":\"q\"}]"});
        m_fixture.command({"HSET", "ql:j:a", "failure", "{bad"});
        const QList<QByteArray> before = m_fixture.snapshot();
        get("a");
        get("b");
        m_fixture.call(QStringLiteral("get"), {"nosuch"});
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("nothing") << QList<QByteArray>{} << QByteArray("Get(): Arg \"jid\" missing");
        QTest::newRow("empty jid") << QList<QByteArray>{""} << QByteArray("Get(): Arg \"jid\" missing");
        QTest::newRow("extra") << QList<QByteArray>{"a", "x"} << QByteArray("Get(): Arg \"2\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        m_fixture.put("q", "a", T0);
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaGet)
#include "tst_lua_get.moc"
