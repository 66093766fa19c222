// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// track.lua: track/untrack, the listing {jobs, expired}, and the events a subscriber receives:
// a tracked job's jid on the bare and the `ql:`-prefixed channel of each state change, and a JSON
// event on ql:log for every state change of any job.
class TestLuaTrack final : public QObject
{
    Q_OBJECT

private:
    static constexpr double T0 = 4102444800.0; // 2100-01-01T00:00:00Z, ahead of any wall clock

    struct Message
    {
        QByteArray channel;
        QByteArray payload;
        bool operator==(const Message &other) const { return channel == other.channel && payload == other.payload; }
    };

    static const QList<QByteArray> &eventNames()
    {
        static const QList<QByteArray> names{"put",     "popped",   "completed", "failed",
                                             "stalled", "canceled", "track",     "untrack"};
        return names;
    }

    // A second connection subscribed to every event channel. Reads are bounded by a fence: the
    // test publishes on test:fence after each action and reads up to it, so no read has to end
    // in a time-out (which would leave the hiredis context unusable).
    class Listener
    {
    public:
        bool open(const QString &socketPath)
        {
            if (!m_redis.connectUnix(socketPath))
                return false;
            m_redis.setTimeout(5000);
            QList<QByteArray> argv{"SUBSCRIBE", "test:fence", "ql:log"};
            for (const QByteArray &name : eventNames())
                argv << name << "ql:" + name;
            const RedisValue first = m_redis.command(argv);
            if (first.elements.value(0).bytes != "subscribe")
                return false;
            for (int i = 1; i < argv.size() - 1; ++i) {
                if (m_redis.nextMessage().elements.value(0).bytes != "subscribe")
                    return false;
            }
            return true;
        }

        // Everything published since the last drain, in order; `complete` false if the fence
        // never came.
        QList<Message> drain(QlessFixture &fixture, bool *complete)
        {
            fixture.command({"PUBLISH", "test:fence", "fence"});
            QList<Message> out;
            *complete = false;
            for (;;) {
                const RedisValue message = m_redis.nextMessage();
                if (message.elements.size() != 3)
                    return out;
                if (message.elements[1].bytes == "test:fence") {
                    *complete = true;
                    return out;
                }
                out.append({message.elements[1].bytes, message.elements[2].bytes});
            }
        }

    private:
        SyncRedis m_redis;
    };

    QlessFixture m_fixture;
    Listener m_listener;

    QList<Message> drain()
    {
        bool complete = false;
        const QList<Message> messages = m_listener.drain(m_fixture, &complete);
        [&] { QVERIFY2(complete, "the fence message never arrived"); }();
        return messages;
    }

    // The messages that are not on ql:log: the jid on the event channels.
    static QList<Message> channelMessages(const QList<Message> &messages)
    {
        QList<Message> out;
        for (const Message &m : messages) {
            if (m.channel != "ql:log")
                out.append(m);
        }
        return out;
    }

    // The ql:log events as JSON objects.
    static QList<QJsonObject> logEvents(const QList<Message> &messages)
    {
        QList<QJsonObject> out;
        for (const Message &m : messages) {
            if (m.channel == "ql:log")
                out.append(QJsonDocument::fromJson(m.payload).object());
        }
        return out;
    }

    // A tracked job's jid as current qless publishes it: on ql:<event> only (the 2012 face
    // also published it on the bare <event> channel).
    static QList<Message> onQl(const QByteArray &name, const QByteArray &jid) { return {{"ql:" + name, jid}}; }

    // The (jid, event) pairs of the ql:log events, in order.
    static QStringList logPairs(const QList<Message> &messages)
    {
        QStringList out;
        for (const QJsonObject &event : logEvents(messages))
            out.append(event.value(QStringLiteral("jid")).toString() + QLatin1Char(':')
                       + event.value(QStringLiteral("event")).toString());
        return out;
    }

    RedisValue track(const QList<QByteArray> &args) { return m_fixture.call(QStringLiteral("track"), args); }

    QJsonObject listing()
    {
        const RedisValue reply = track({});
        [&] {
            QVERIFY2(reply.type == RedisValue::Type::String, reply.bytes.constData());
            QVERIFY2(reply.json().toObject().value(QStringLiteral("jobs")).isArray(), reply.bytes.constData());
            QVERIFY2(reply.json().toObject().value(QStringLiteral("expired")).isArray(), reply.bytes.constData());
        }();
        return reply.json().toObject();
    }

    static QStringList jids(const QJsonValue &jobs)
    {
        QStringList out;
        for (const QJsonValue &job : jobs.toArray())
            out.append(job.toObject().value(QStringLiteral("jid")).toString());
        return out;
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
        const RedisValue reply = track(args);
        QVERIFY2(reply.isError(), reply.bytes.constData());
        QVERIFY2(reply.bytes.contains(text), reply.bytes.constData());
        QCOMPARE(m_fixture.snapshot(), before);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
        QVERIFY(m_listener.open(m_fixture.server().socketPath()));
    }

    void init()
    {
        m_fixture.flush();
        drain(); // nothing left over from the previous test
    }

    void emptyListing() { QCOMPARE(track({}).bytes, QByteArray("{\"jobs\":[],\"expired\":[]}")); }

    void trackAndUntrack()
    {
        m_fixture.put("q", "a", T0);
        m_fixture.put("q", "b", T0);
        drain();

        const RedisValue reply = track({"track", "b", num(T0 + 1)});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.integer, 1); // true
        QCOMPARE(channelMessages(drain()), onQl("track", "b"));
        QCOMPARE(track({"track", "a", num(T0 + 2)}).integer, 1);
        drain();

        QCOMPARE(m_fixture.command({"ZSCORE", "ql:tracked", "b"}).bytes.toDouble(), T0 + 1);
        QCOMPARE(m_fixture.job("a").value(QStringLiteral("tracked")).toBool(), true);
        // Listed in the order they were tracked, as full job objects, the same as get gives.
        QJsonObject list = listing();
        QCOMPARE(jids(list.value(QStringLiteral("jobs"))), (QStringList{QStringLiteral("b"), QStringLiteral("a")}));
        QCOMPARE(list.value(QStringLiteral("jobs")).toArray().at(0).toObject(), m_fixture.job("b"));
        QCOMPARE(list.value(QStringLiteral("jobs")).toArray().at(1).toObject(), m_fixture.job("a"));
        QVERIFY(list.value(QStringLiteral("expired")).toArray().isEmpty());

        const RedisValue untracked = track({"untrack", "b", num(T0 + 3)});
        QVERIFY2(!untracked.isError(), untracked.bytes.constData());
        QCOMPARE(untracked.integer, 1);
        QCOMPARE(channelMessages(drain()), onQl("untrack", "b"));
        QCOMPARE(m_fixture.job("b").value(QStringLiteral("tracked")).toBool(), false);
        QCOMPARE(m_fixture.command({"ZSCORE", "ql:tracked", "b"}).type, RedisValue::Type::Nil);
        list = listing();
        QCOMPARE(jids(list.value(QStringLiteral("jobs"))), QStringList{QStringLiteral("a")});
    }

    void trackTakesTagsAfterNow()
    {
        // The documented form track(0, 'track', jid, now, tag, ...) is accepted.
        m_fixture.put("q", "a", T0);
        QCOMPARE(track({"track", "a", num(T0 + 1), "t1", "t2"}).integer, 1);
        QCOMPARE(jids(listing().value(QStringLiteral("jobs"))), QStringList{QStringLiteral("a")});
    }

    void trackUnknownJobIsFalse()
    {
        m_fixture.put("q", "a", T0);
        drain();
        const QList<QByteArray> before = m_fixture.snapshot();
        QVERIFY(track({"track", "nosuch", num(T0)}).isNil());
        QCOMPARE(m_fixture.snapshot(), before);
        QVERIFY(drain().isEmpty()); // and nothing announced
    }

    void untrackUnknownJobIsTrue()
    {
        QCOMPARE(track({"untrack", "nosuch", num(T0)}).integer, 1);
        QCOMPARE(m_fixture.command({"EXISTS", "ql:tracked"}).integer, 0);
    }

    void expiredListsTrackedJidsWhoseJobIsGone()
    {
        // Completed jobs are kept for none: the tracked job's data goes when it completes.
        m_fixture.call(QStringLiteral("config"), {"set", "jobs-history-count", "0"});
        m_fixture.put("q", "done", T0);
        m_fixture.put("q", "alive", T0 + 1);
        track({"track", "done", num(T0 + 2)});
        track({"track", "alive", num(T0 + 3)});
        QCOMPARE(m_fixture.pop("q", "w", 1, T0 + 4), QList<QByteArray>{"done"});
        QCOMPARE(m_fixture.call(QStringLiteral("complete"), {"done", "w", "q", num(T0 + 5), "{}"}).bytes,
                 QByteArray("complete"));
        QCOMPARE(m_fixture.command({"EXISTS", "ql:j:done"}).integer, 0);
        // A job hash deleted by someone else counts as gone too.
        m_fixture.put("q", "vanished", T0 + 6);
        track({"track", "vanished", num(T0 + 7)});
        m_fixture.command({"DEL", "ql:j:vanished"});

        const QJsonObject list = listing();
        QCOMPARE(jids(list.value(QStringLiteral("jobs"))), QStringList{QStringLiteral("alive")});
        QCOMPARE(strings(list.value(QStringLiteral("expired"))),
                 (QStringList{QStringLiteral("done"), QStringLiteral("vanished")}));
    }

    void cancelledJobIsListedAsExpired()
    {
        m_fixture.put("q", "a", T0);
        track({"track", "a", num(T0 + 1)});
        QCOMPARE(m_fixture.call(QStringLiteral("cancel"), {"a"}).strings(), QList<QByteArray>{"a"});
        // As qless's cancel: the jid stays in ql:tracked, its job gone; untrack takes it out.
        QCOMPARE(track({}).bytes, QByteArray("{\"jobs\":[],\"expired\":[\"a\"]}"));
        QCOMPARE(track({"untrack", "a", num(T0 + 2)}).integer, 1);
        QCOMPARE(track({}).bytes, QByteArray("{\"jobs\":[],\"expired\":[]}"));
    }

    void listingChangesNothing()
    {
        m_fixture.call(QStringLiteral("config"), {"set", "jobs-history-count", "0"});
        m_fixture.put("q", "a", T0);
        m_fixture.put("q", "b", T0 + 0.5); // after a: a pops first
        track({"track", "a", num(T0 + 1)});
        track({"track", "b", num(T0 + 1)});
        QCOMPARE(m_fixture.pop("q", "w", 1, T0 + 2), QList<QByteArray>{"a"});
        m_fixture.call(QStringLiteral("complete"), {"a", "w", "q", num(T0 + 3), "{}"});
        drain();
        const QList<QByteArray> before = m_fixture.snapshot();
        const QJsonObject list = listing();
        QCOMPARE(list.value(QStringLiteral("jobs")).toArray().size(), 1);
        QCOMPARE(list.value(QStringLiteral("expired")).toArray().size(), 1);
        QCOMPARE(m_fixture.snapshot(), before);
        QVERIFY(drain().isEmpty()); // a read publishes nothing either
    }

    void trackedJobEventsOnPrefixedChannels()
    {
        m_fixture.call(QStringLiteral("config"), {"set", "grace-period", "0"}); // stalled jobs taken at once
        m_fixture.put("q", "a", T0);
        track({"track", "a", num(T0 + 1)});
        drain();

        // put: moving the tracked job (a put of an existing jid).
        m_fixture.put("q", "a", T0 + 2);
        QList<Message> messages = drain();
        QCOMPARE(channelMessages(messages), onQl("put", "a"));
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("a:put")});
        QCOMPARE(logEvents(messages).value(0).value(QStringLiteral("queue")).toString(), QStringLiteral("q"));

        // popped
        QCOMPARE(m_fixture.pop("q", "w1", 1, T0 + 3), QList<QByteArray>{"a"});
        messages = drain();
        QCOMPARE(channelMessages(messages), onQl("popped", "a"));
        QVERIFY(logPairs(messages).isEmpty()); // qless logs no pop

        // stalled: w1's lock runs out and w2 takes the job over (stalled, then popped again).
        QCOMPARE(m_fixture.pop("q", "w2", 1, T0 + 200), QList<QByteArray>{"a"});
        messages = drain();
        QCOMPARE(channelMessages(messages), onQl("stalled", "a") + onQl("popped", "a"));
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("a:lock_lost")});
        QCOMPARE(logEvents(messages).value(0).value(QStringLiteral("worker")).toString(), QStringLiteral("w1"));

        // failed
        QCOMPARE(m_fixture.call(QStringLiteral("fail"), {"a", "w2", "boom", "msg", num(T0 + 201)}).bytes,
                 QByteArray("a"));
        messages = drain();
        QCOMPARE(channelMessages(messages), onQl("failed", "a"));
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("a:failed")});
        QCOMPARE(logEvents(messages).value(0).value(QStringLiteral("group")).toString(), QStringLiteral("boom"));

        // completed
        m_fixture.put("q", "a", T0 + 202);
        m_fixture.pop("q", "w1", 1, T0 + 203);
        drain();
        QCOMPARE(m_fixture.call(QStringLiteral("complete"), {"a", "w1", "q", num(T0 + 204), "{}"}).bytes,
                 QByteArray("complete"));
        messages = drain();
        QCOMPARE(channelMessages(messages), onQl("completed", "a"));
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("a:completed")});

        // canceled (a job that is not complete)
        m_fixture.put("q", "b", T0 + 205);
        track({"track", "b", num(T0 + 206)});
        drain();
        QCOMPARE(m_fixture.call(QStringLiteral("cancel"), {"b"}).strings(), QList<QByteArray>{"b"});
        messages = drain();
        QCOMPARE(channelMessages(messages), onQl("canceled", "b"));
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("b:canceled")});

        // untracked: state changes go on ql:log only.
        track({"untrack", "a", num(T0 + 207)});
        drain();
        m_fixture.put("q", "a", T0 + 208);
        messages = drain();
        QVERIFY(channelMessages(messages).isEmpty());
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("a:put")});
    }

    void untrackedJobEventsOnlyOnLog()
    {
        m_fixture.put("q", "u", T0);
        QList<Message> messages = drain();
        QVERIFY(channelMessages(messages).isEmpty());
        QCOMPARE(logPairs(messages), QStringList{QStringLiteral("u:put")});
        const QJsonObject put = logEvents(messages).value(0);
        QCOMPARE(put.value(QStringLiteral("queue")).toString(), QStringLiteral("q"));
        m_fixture.call(QStringLiteral("config"), {"set", "grace-period", "0"});
        drain();

        m_fixture.pop("q", "w1", 1, T0 + 1);
        m_fixture.pop("q", "w2", 1, T0 + 100); // stalled and taken over
        m_fixture.call(QStringLiteral("fail"), {"u", "w2", "boom", "msg", num(T0 + 101)});
        m_fixture.put("q", "u", T0 + 102);
        m_fixture.pop("q", "w1", 1, T0 + 103);
        m_fixture.call(QStringLiteral("complete"), {"u", "w1", "q", num(T0 + 104), "{}"});
        m_fixture.put("q", "v", T0 + 105);
        m_fixture.call(QStringLiteral("cancel"), {"v"});
        messages = drain();
        QVERIFY(channelMessages(messages).isEmpty());
        QCOMPARE(logPairs(messages),
                 (QStringList{QStringLiteral("u:lock_lost"), QStringLiteral("u:failed"), QStringLiteral("u:put"),
                              QStringLiteral("u:completed"), QStringLiteral("v:put"), QStringLiteral("v:canceled")}));
    }

    void validation_data()
    {
        QTest::addColumn<QList<QByteArray>>("args");
        QTest::addColumn<QByteArray>("text");
        const QByteArray now = num(T0);
        QTest::newRow("unknown command") << QList<QByteArray>{"follow", "a", now}
                                         << QByteArray("Track(): Arg \"command\" must be track or untrack: follow");
        QTest::newRow("track no jid") << QList<QByteArray>{"track"} << QByteArray("Track(): Arg \"jid\" missing");
        QTest::newRow("track empty jid") << QList<QByteArray>{"track", "", now}
                                         << QByteArray("Track(): Arg \"jid\" missing");
        QTest::newRow("track no now") << QList<QByteArray>{"track", "a"} << QByteArray("Track(): Arg \"now\" missing");
        QTest::newRow("track bad now") << QList<QByteArray>{"track", "a", "later"}
                                       << QByteArray("Track(): Arg \"now\" not a number: later");
        QTest::newRow("untrack no jid") << QList<QByteArray>{"untrack"} << QByteArray("Track(): Arg \"jid\" missing");
        QTest::newRow("untrack no now") << QList<QByteArray>{"untrack", "a"}
                                        << QByteArray("Track(): Arg \"now\" missing");
        QTest::newRow("untrack bad now") << QList<QByteArray>{"untrack", "a", "x"}
                                         << QByteArray("Track(): Arg \"now\" not a number: x");
        QTest::newRow("untrack extra") << QList<QByteArray>{"untrack", "a", now, "x"}
                                       << QByteArray("Track(): Arg \"4\" unexpected: x");
    }

    void validation()
    {
        QFETCH(QList<QByteArray>, args);
        QFETCH(QByteArray, text);
        m_fixture.put("q", "a", T0);
        track({"track", "a", num(T0)});
        drain();
        expectError(args, text);
        QVERIFY(drain().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLuaTrack)
#include "tst_lua_track.moc"
