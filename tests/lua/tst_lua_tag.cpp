// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// tag.lua: add/remove on a job (the job's tags, the ql:t:<tag> index, the ql:tags counts),
// get with paging and top, and that the index follows jobs that are cancelled or expire.
class TestLuaTag final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    QlessFixture m_fixture;

    RedisValue tag(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("tag"), args); }

    // add/remove: the reply's JSON array as strings; a non-array reply fails the test.
    QStringList change(const QByteArray &what, const QByteArray &jid, double now, const QList<QByteArray> &tags)
    {
        const RedisValue reply = tag(QList<QByteArray>{what, jid, num(now)} + tags);
        QStringList out;
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().isArray(), reply.bytes.constData());
        }();
        for (const QJsonValue &value : reply.json().toArray())
            out.append(value.toString());
        return out;
    }

    QJsonObject get(const QList<QByteArray> &args)
    {
        const RedisValue reply = tag(QList<QByteArray>{"get"} + args);
        [&] { QVERIFY2(reply.json().isObject(), reply.bytes.constData()); }();
        return reply.json().toObject();
    }

    static QStringList strings(const QJsonValue &value)
    {
        QStringList out;
        for (const QJsonValue &item : value.toArray())
            out.append(item.toString());
        return out;
    }

    QStringList jobTags(const QByteArray &jid) { return strings(m_fixture.job(jid).value(QStringLiteral("tags"))); }

    // ql:tags as tag -> count.
    QMap<QByteArray, qint64> tagCounts()
    {
        const QList<QByteArray> flat = m_fixture.command({"ZRANGE", "ql:tags", "0", "-1", "WITHSCORES"}).strings();
        QMap<QByteArray, qint64> out;
        for (int i = 0; i + 1 < flat.size(); i += 2)
            out.insert(flat[i], flat[i + 1].toLongLong());
        return out;
    }

    QList<QByteArray> indexed(const QByteArray &name)
    {
        return m_fixture.command({"ZRANGE", "ql:t:" + name, "0", "-1"}).strings();
    }

    void expectError(const QList<QByteArray> &args, const QByteArray &text)
    {
        const QList<QByteArray> before = m_fixture.snapshot();
        const RedisValue reply = tag(args);
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

    void addReturnsTagsAndIndexes()
    {
        m_fixture.put("q", "a", T0);
        QCOMPARE(change("add", "a", T0 + 1, {"t1", "t2"}), (QStringList{QStringLiteral("t1"), QStringLiteral("t2")}));
        QCOMPARE(jobTags("a"), (QStringList{QStringLiteral("t1"), QStringLiteral("t2")}));
        QCOMPARE(m_fixture.command({"HGET", "ql:j:a", "tags"}).bytes, QByteArray("[\"t1\",\"t2\"]"));
        QCOMPARE(indexed("t1"), QList<QByteArray>{"a"});
        QCOMPARE(m_fixture.command({"ZSCORE", "ql:t:t1", "a"}).bytes.toDouble(), T0 + 1);
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 1}}));
    }

    // The tag index as current qless keeps it (Qless.tag): ql:tags counts every add and every
    // remove named in a call, and a tag stays listed at 0 (the 2012 face counted each job once
    // and dropped a tag at 0; lua/README.md, "Tag index").
    void addingATagAgainCountsAgain()
    {
        m_fixture.put("q", "a", T0);
        change("add", "a", T0 + 1, {"t1"});
        // Again, later, with a new one and a repeat in the same call: the job's list holds each once.
        QCOMPARE(change("add", "a", T0 + 2, {"t1", "t3", "t3"}),
                 (QStringList{QStringLiteral("t1"), QStringLiteral("t3")}));
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 2}, {"t3", 2}}));
        // The index holds the jid once, at its latest tagging.
        QCOMPARE(indexed("t1"), QList<QByteArray>{"a"});
        QCOMPARE(m_fixture.command({"ZSCORE", "ql:t:t1", "a"}).bytes.toDouble(), T0 + 2);
    }

    void putAgainRecountsTheTagsItGives()
    {
        // A put of an existing jid takes its old tags out of the index and puts the new ones in.
        m_fixture.put("q", "a", T0, {"tags", "[\"t1\",\"t2\"]"});
        m_fixture.put("q2", "a", T0 + 1, {"tags", "[\"t1\",\"t2\"]"});
        m_fixture.put("q3", "a", T0 + 2);
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 1}}));
        m_fixture.put("q", "a", T0 + 3, {"tags", "[\"t2\"]"});
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 0}, {"t2", 1}}));
        QCOMPARE(indexed("t1"), QList<QByteArray>{});
        QCOMPARE(change("add", "a", T0 + 4, {"t1"}), (QStringList{QStringLiteral("t2"), QStringLiteral("t1")}));
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 1}}));
    }

    void addKeepsTagsGivenAtPut()
    {
        m_fixture.put("q", "a", T0, {"tags", "[\"x\",\"y\"]"});
        QCOMPARE(change("add", "a", T0 + 1, {"y", "z"}),
                 (QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}));
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"x", 1}, {"y", 2}, {"z", 1}}));
    }

    void removeDropsTagsAndCounts()
    {
        m_fixture.put("q", "a", T0);
        m_fixture.put("q", "b", T0);
        change("add", "a", T0 + 1, {"t1", "t2", "t3"});
        change("add", "b", T0 + 1, {"t1"});
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 2}, {"t2", 1}, {"t3", 1}}));

        QCOMPARE(change("remove", "a", T0 + 2, {"t2", "t1"}), QStringList{QStringLiteral("t3")});
        QCOMPARE(jobTags("a"), QStringList{QStringLiteral("t3")});
        QCOMPARE(indexed("t1"), QList<QByteArray>{"b"});
        QCOMPARE(m_fixture.command({"EXISTS", "ql:t:t2"}).integer, 0);
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 0}, {"t3", 1}}));

        // The last tag gone: an empty JSON array, not {}.
        const RedisValue reply = tag({"remove", "a", num(T0 + 4), "t3"});
        QCOMPARE(reply.bytes, QByteArray("[]"));
        QCOMPARE(jobTags("a"), QStringList{});
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 0}, {"t3", 0}}));
        // `top` lists the tags still on a job, not those at 0.
        QVERIFY(!tag({"top"}).bytes.contains("t3"));
    }

    void addAndRemoveOnUnknownJobIsFalse()
    {
        m_fixture.put("q", "a", T0);
        const QList<QByteArray> before = m_fixture.snapshot();
        QVERIFY(tag({"add", "nosuch", num(T0), "t1"}).isNil());
        QVERIFY(tag({"remove", "nosuch", num(T0), "t1"}).isNil());
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void getPagesOldestTaggingFirst()
    {
        for (int i = 1; i <= 5; ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            m_fixture.put("q", jid, T0);
            change("add", jid, T0 + i, {"p"});
        }
        QJsonObject page = get({"p"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 5);
        QCOMPARE(strings(page.value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j1"), QStringLiteral("j2"), QStringLiteral("j3"), QStringLiteral("j4"),
                              QStringLiteral("j5")}));

        page = get({"p", "1", "2"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 5);
        QCOMPARE(strings(page.value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j2"), QStringLiteral("j3")}));

        page = get({"p", "3"}); // offset only: count defaults to 25
        QCOMPARE(strings(page.value(QStringLiteral("jobs"))),
                 (QStringList{QStringLiteral("j4"), QStringLiteral("j5")}));

        page = get({"p", "4", "10"});
        QCOMPARE(strings(page.value(QStringLiteral("jobs"))), QStringList{QStringLiteral("j5")});

        // Past the end and a count of 0: a total, and jobs an empty array.
        for (const QList<QByteArray> &args : {QList<QByteArray>{"p", "10"}, QList<QByteArray>{"p", "0", "0"}}) {
            const RedisValue reply = tag(QList<QByteArray>{"get"} + args);
            const QJsonObject empty = reply.json().toObject();
            QCOMPARE(empty.value(QStringLiteral("total")).toInt(), 5);
            QVERIFY2(empty.value(QStringLiteral("jobs")).isArray(), reply.bytes.constData());
            QVERIFY(empty.value(QStringLiteral("jobs")).toArray().isEmpty());
        }
    }

    void getDefaultCountIs25()
    {
        for (int i = 0; i < 30; ++i) {
            const QByteArray jid = "j" + QByteArray::number(100 + i);
            m_fixture.put("q", jid, T0, {"tags", "[\"many\"]"});
        }
        const QJsonObject page = get({"many"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 30);
        QCOMPARE(page.value(QStringLiteral("jobs")).toArray().size(), 25);
        QCOMPARE(get({"many", "25"}).value(QStringLiteral("jobs")).toArray().size(), 5);
    }

    void getUnknownTag()
    {
        const RedisValue reply = tag({"get", "nothing"});
        const QJsonObject page = reply.json().toObject();
        QCOMPARE(page.value(QStringLiteral("total")).toInt(-1), 0);
        QVERIFY2(page.value(QStringLiteral("jobs")).isArray(), reply.bytes.constData());
        QVERIFY(page.value(QStringLiteral("jobs")).toArray().isEmpty());
    }

    void topMostUsedFirst()
    {
        // x on 3 jobs, y on 2, z on 1.
        m_fixture.put("q", "a", T0, {"tags", "[\"x\",\"y\",\"z\"]"});
        m_fixture.put("q", "b", T0, {"tags", "[\"x\",\"y\"]"});
        m_fixture.put("q", "c", T0);
        change("add", "c", T0 + 1, {"x"});

        const RedisValue reply = tag({"top"});
        QVERIFY2(reply.json().isArray(), reply.bytes.constData());
        const QJsonArray expected{
            QJsonObject{{QStringLiteral("tag"), QStringLiteral("x")}, {QStringLiteral("count"), 3}},
            QJsonObject{{QStringLiteral("tag"), QStringLiteral("y")}, {QStringLiteral("count"), 2}},
            QJsonObject{{QStringLiteral("tag"), QStringLiteral("z")}, {QStringLiteral("count"), 1}},
        };
        QCOMPARE(reply.json().toArray(), expected);

        // Paging: offset, count.
        QCOMPARE(m_fixture.json(QStringLiteral("tag"), {"top", "1"}).toArray(),
                 (QJsonArray{expected.at(1), expected.at(2)}));
        QCOMPARE(m_fixture.json(QStringLiteral("tag"), {"top", "0", "1"}).toArray(), QJsonArray{expected.at(0)});
        QCOMPARE(m_fixture.json(QStringLiteral("tag"), {"top", "1", "1"}).toArray(), QJsonArray{expected.at(1)});

        // Removing uses reorders them.
        change("remove", "a", T0 + 3, {"x"});
        change("remove", "b", T0 + 3, {"x"});
        const QJsonArray after = m_fixture.json(QStringLiteral("tag"), {"top"}).toArray();
        QCOMPARE(after.at(0).toObject().value(QStringLiteral("tag")).toString(), QStringLiteral("y"));
        QCOMPARE(after.size(), 3);
    }

    void topWithNoTagsIsAnEmptyArray()
    {
        QCOMPARE(tag({"top"}).bytes, QByteArray("[]"));
        QCOMPARE(tag({"top", "5", "0"}).bytes, QByteArray("[]"));
    }

    void cancelledJobLeavesTheIndex()
    {
        m_fixture.put("q", "a", T0, {"tags", "[\"t1\",\"t2\"]"});
        m_fixture.put("q", "b", T0, {"tags", "[\"t1\"]"});
        change("add", "a", T0 + 1, {"t3"});
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 2}, {"t2", 1}, {"t3", 1}}));

        QCOMPARE(m_fixture.call(QStringLiteral("cancel"), {"a"}).strings(), QList<QByteArray>{"a"});
        // qless's cancel takes the job's uses off; its tags stay listed at 0.
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 1}, {"t2", 0}, {"t3", 0}}));
        QCOMPARE(indexed("t1"), QList<QByteArray>{"b"});
        QCOMPARE(m_fixture.command({"EXISTS", "ql:t:t2"}).integer, 0);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:t:t3"}).integer, 0);
        const QJsonObject page = get({"t1"});
        QCOMPARE(page.value(QStringLiteral("total")).toInt(), 1);
        QCOMPARE(strings(page.value(QStringLiteral("jobs"))), QStringList{QStringLiteral("b")});
        QCOMPARE(get({"t2"}).value(QStringLiteral("total")).toInt(-1), 0);
        // And tagging the cancelled job is refused as for any unknown job.
        QVERIFY(tag({"add", "a", num(T0 + 2), "t1"}).isNil());
    }

    void expiredCompletedJobLeavesTheIndex()
    {
        // Keep no completed job: completing deletes it, and its tags with it.
        m_fixture.call(QStringLiteral("config"), {"set", "jobs-history-count", "0"});
        m_fixture.put("q", "a", T0, {"tags", "[\"t1\"]"});
        QCOMPARE(m_fixture.pop("q", "w", 1, T0 + 1), QList<QByteArray>{"a"});
        QCOMPARE(m_fixture.call(QStringLiteral("complete"), {"a", "w", "q", num(T0 + 2), "{}"}).bytes,
                 QByteArray("complete"));
        QCOMPARE(m_fixture.command({"EXISTS", "ql:j:a"}).integer, 0);
        QCOMPARE(tagCounts(), (QMap<QByteArray, qint64>{{"t1", 0}}));
        QCOMPARE(get({"t1"}).value(QStringLiteral("total")).toInt(-1), 0);
    }

    void tagChangePublishesNothing()
    {
        m_fixture.put("q", "a", T0);
        SyncRedis subscriber;
        QVERIFY(subscriber.connectUnix(m_fixture.server().socketPath()));
        subscriber.setTimeout(5000);
        const RedisValue ack = subscriber.command({"SUBSCRIBE", "ql:log"});
        QCOMPARE(ack.elements.value(0).bytes, QByteArray("subscribe"));
        // As qless's tag: no event. The put after it is the first thing ql:log hears.
        change("add", "a", T0 + 1, {"t1"});
        m_fixture.put("q", "b", T0 + 2);
        const RedisValue message = subscriber.nextMessage();
        QCOMPARE(message.elements.value(1).bytes, QByteArray("ql:log"));
        const QJsonObject event = QJsonDocument::fromJson(message.elements.value(2).bytes).object();
        QCOMPARE(event.value(QStringLiteral("jid")).toString(), QStringLiteral("b"));
        QCOMPARE(event.value(QStringLiteral("event")).toString(), QStringLiteral("put"));
    }

    void readsChangeNothing()
    {
        m_fixture.put("q", "a", T0, {"tags", "[\"t1\",\"t2\"]"});
        m_fixture.put("q", "b", T0, {"tags", "[\"t1\"]"});
        const QList<QByteArray> before = m_fixture.snapshot();
        get({"t1"});
        get({"t1", "1", "1"});
        get({"nothing"});
        tag({"top"});
        tag({"top", "1", "1"});
        QCOMPARE(m_fixture.snapshot(), before);
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        const QByteArray now = num(T0);
        QTest::newRow("nothing") << QList<QByteArray>{}
                                 << QByteArray("Tag(): Arg \"command\" must be add, remove, get or top");
        QTest::newRow("unknown") << QList<QByteArray>{"frob", "a"}
                                 << QByteArray("Tag(): Arg \"command\" must be add, remove, get or top: frob");
        QTest::newRow("add no jid") << QList<QByteArray>{"add"} << QByteArray("Tag(): Arg \"jid\" missing");
        QTest::newRow("add no now") << QList<QByteArray>{"add", "a"} << QByteArray("Tag(): Arg \"now\" missing");
        QTest::newRow("add bad now") << QList<QByteArray>{"add", "a", "soon", "t1"}
                                     << QByteArray("Tag(): Arg \"now\" not a number: soon");
        QTest::newRow("add no tag") << QList<QByteArray>{"add", "a", now} << QByteArray("Tag(): Arg \"tag\" missing");
        // The good tag before the empty one is not added either: all is checked first.
        QTest::newRow("add empty tag") << QList<QByteArray>{"add", "a", now, "good", ""}
                                       << QByteArray("Tag(): Arg \"tag\" missing");
        QTest::newRow("remove no jid") << QList<QByteArray>{"remove", ""} << QByteArray("Tag(): Arg \"jid\" missing");
        QTest::newRow("remove bad now") << QList<QByteArray>{"remove", "a", "x", "t1"}
                                        << QByteArray("Tag(): Arg \"now\" not a number: x");
        QTest::newRow("remove no tag") << QList<QByteArray>{"remove", "a", now}
                                       << QByteArray("Tag(): Arg \"tag\" missing");
        QTest::newRow("get no tag") << QList<QByteArray>{"get"} << QByteArray("Tag(): Arg \"tag\" missing");
        QTest::newRow("get bad offset") << QList<QByteArray>{"get", "t1", "x"}
                                        << QByteArray("Tag(): Arg \"offset\" not a number: x");
        QTest::newRow("get negative offset")
            << QList<QByteArray>{"get", "t1", "-1"} << QByteArray("Tag(): Arg \"offset\" not a whole number >= 0: -1");
        QTest::newRow("get fractional count") << QList<QByteArray>{"get", "t1", "0", "1.5"}
                                              << QByteArray("Tag(): Arg \"count\" not a whole number >= 0: 1.5");
        QTest::newRow("get extra") << QList<QByteArray>{"get", "t1", "0", "1", "x"}
                                   << QByteArray("Tag(): Arg \"5\" unexpected: x");
        QTest::newRow("top bad offset") << QList<QByteArray>{"top", "-3"}
                                        << QByteArray("Tag(): Arg \"offset\" not a whole number >= 0: -3");
        QTest::newRow("top bad count") << QList<QByteArray>{"top", "0", "many"}
                                       << QByteArray("Tag(): Arg \"count\" not a number: many");
        QTest::newRow("top extra") << QList<QByteArray>{"top", "0", "1", "x"}
                                   << QByteArray("Tag(): Arg \"4\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        m_fixture.put("q", "a", T0, {"tags", "[\"t1\"]"});
        expectError(args, text);
    }
};

QTEST_GUILESS_MAIN(TestLuaTag)
#include "tst_lua_tag.moc"
