// SPDX-License-Identifier: GPL-3.0-or-later
#include "pubsubmailbox.h"
#include "qlessevent.h"
#include "qlesseventdecoder.h"
#include "qlessfixture.h"
#include "redissubscriber.h"

#include <QSignalSpy>
#include <QTest>

// The events subscriber: a connection of its own that SUBSCRIBEs to what qless publishes. A
// second client runs the real script (put, pop, complete, fail, track, config) and the events
// arrive in order; a restart of the server mid-stream gives a gap with its times, then the stream
// goes on; a password is given, a wrong one fails for good; what is not qless's shape is shown,
// not dropped; the mailbox between the threads stays bounded however much comes.
class TestRedisSubscriber final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q{RedisServer::Options{true, false, {}}};
    double m_now = 1700000000;

    ConnectionSettings settings(const QString &url) const
    {
        QString error;
        ConnectionSettings s = ConnectionSettings::fromUrl(url, &error);
        if (!error.isEmpty())
            qFatal("bad test URL: %s", qPrintable(error));
        s.reconnectInitialMs = 50;
        s.reconnectMaxMs = 200;
        return s;
    }
    ConnectionSettings unixSettings() const
    {
        return settings(QStringLiteral("unix://") + const_cast<QlessFixture &>(m_q).server().socketPath());
    }

    // Everything the subscriber delivers, decoded, in order.
    struct Heard
    {
        QList<QlessEvent> events;
        quint64 dropped = 0;
        int batches = 0;
        QStringList lines() const
        {
            QStringList out;
            for (const QlessEvent &e : events)
                out << (e.isGap() ? QStringLiteral("gap") : e.event + QLatin1Char(' ') + e.jid);
            return out;
        }
    };
    static void collect(RedisSubscriber *subscriber, Heard *heard)
    {
        QObject::connect(subscriber, &RedisSubscriber::messagesArrived, subscriber,
                         [heard](const QList<PubSubMessage> &messages, quint64 dropped) {
                             ++heard->batches;
                             heard->dropped += dropped;
                             for (const PubSubMessage &m : messages)
                                 heard->events << QlessEventDecoder::decode(m);
                         });
    }
    static bool ready(RedisSubscriber &subscriber)
    {
        return QTest::qWaitFor([&] { return subscriber.state().phase == ConnectionState::Phase::Ready; }, 20000);
    }
    void put(const QByteArray &jid, const QByteArray &queue = "q")
    {
        const RedisValue reply = m_q.put(queue, jid, m_now += 1);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init() { m_q.flush(); }

    void eventsOfAnotherClientArriveInOrder()
    {
        RedisSubscriber subscriber(unixSettings(), QlessEventDecoder::channels(), {});
        Heard heard;
        collect(&subscriber, &heard);
        QVERIFY(ready(subscriber));

        QStringList expected;
        for (int i = 0; i < 300; ++i) {
            const QByteArray jid = "job-" + QByteArray::number(i);
            put(jid);
            expected << QStringLiteral("put ") + QString::fromUtf8(jid);
        }
        // A tracked job's moves are also published on their own channels, after the log's.
        QVERIFY(!m_q.qless("track", m_now, {"track", "job-0"}).isError());
        expected << QStringLiteral("track job-0");
        QCOMPARE(m_q.pop("q", "worker-a", 2, m_now += 1), (QList<QByteArray>{"job-0", "job-1"}));
        expected << QStringLiteral("popped job-0");
        QVERIFY(!m_q.qless("complete", m_now += 1, {"job-0", "worker-a", "q", "{}"}).isError());
        expected << QStringLiteral("completed job-0") << QStringLiteral("completed job-0");
        QVERIFY(!m_q.qless("fail", m_now += 1, {"job-1", "worker-a", "boom", "it broke", "{}"}).isError());
        expected << QStringLiteral("failed job-1");
        QVERIFY(!m_q.qless("config.set", m_now, {"heartbeat", "30"}).isError());
        expected << QStringLiteral("config_set ");

        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), expected.size(), 20000);
        QCOMPARE(heard.lines(), expected);
        QCOMPARE(heard.dropped, quint64(0));
        // Batched: far fewer deliveries than messages (they came within a few ms of each other).
        QVERIFY2(heard.batches < heard.events.size() / 4, qPrintable(QString::number(heard.batches)));
        const QlessEvent &failed = heard.events.at(heard.events.size() - 2);
        QCOMPARE(failed.worker, QStringLiteral("worker-a"));
        QVERIFY2(failed.detail.contains(QStringLiteral("group: boom")), qPrintable(failed.detail));
        QVERIFY(failed.detail.contains(QStringLiteral("it broke")));
        QCOMPARE(heard.events.first().queue, QStringLiteral("q"));
        QCOMPARE(heard.events.at(301).source, QlessEvent::Source::Tracked); // popped job-0
        QCOMPARE(heard.events.last().detail, QStringLiteral("heartbeat = 30"));
        for (int i = 1; i < heard.events.size(); ++i)
            QVERIFY(heard.events.at(i).receivedMs >= heard.events.at(i - 1).receivedMs);
    }

    void restartMidStreamGivesAMarkedGapThenGoesOn()
    {
        RedisSubscriber subscriber(unixSettings(), QlessEventDecoder::channels(), {});
        Heard heard;
        collect(&subscriber, &heard);
        QVERIFY(ready(subscriber));
        put("before");
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 1, 20000);

        QSignalSpy states(&subscriber, &RedisSubscriber::stateChanged);
        m_q.server().stop();
        QTRY_VERIFY_WITH_TIMEOUT(subscriber.state().phase == ConnectionState::Phase::Reconnecting, 20000);
        QString error;
        QVERIFY2(m_q.server().start(&error), qPrintable(error));
        QVERIFY(m_q.redis().connectUnix(m_q.server().socketPath()));
        // The gap is in the stream as soon as the subscription is taken up again.
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 2, 20000);
        put("after");
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 3, 20000);

        QCOMPARE(heard.lines(),
                 (QStringList{QStringLiteral("put before"), QStringLiteral("gap"), QStringLiteral("put after")}));
        const QlessEvent &gap = heard.events.at(1);
        QVERIFY(gap.isGap());
        QVERIFY(gap.lostMs >= heard.events.at(0).receivedMs);
        QVERIFY(gap.receivedMs >= gap.lostMs);
        QVERIFY2(!gap.detail.isEmpty(), "the gap says why the stream was lost");
        QCOMPARE(subscriber.state().phase, ConnectionState::Phase::Ready);
        QVERIFY(states.size() >= 2);
    }

    void reconnectOnRequestIsAGapToo()
    {
        RedisSubscriber subscriber(unixSettings(), {"ql:log"}, {});
        Heard heard;
        collect(&subscriber, &heard);
        QVERIFY(ready(subscriber));
        subscriber.reconnect();
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 1, 20000);
        QVERIFY(heard.events.first().isGap());
        QCOMPARE(heard.events.first().detail, QStringLiteral("Reconnected on request"));
    }

    void passwordOverTcpAndPatterns()
    {
        RedisServer server(RedisServer::Options{true, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SyncRedis publisher;
        QVERIFY(publisher.connectUnix(server.socketPath()));
        QCOMPARE(publisher.command({"CONFIG", "SET", "requirepass", "s3cret"}).bytes, QByteArray("OK"));
        RedisSubscriber subscriber(settings(QStringLiteral("redis://:s3cret@127.0.0.1:%1/3").arg(server.port())),
                                   {"ql:log"}, {"ql:w:*"});
        Heard heard;
        collect(&subscriber, &heard);
        QVERIFY(ready(subscriber));
        // Channels are the same in every database: a publisher in db 0 reaches a subscriber of db 3.
        publisher.command({"PUBLISH", "ql:w:worker-b", R"({"jid":"j","event":"lock_lost","worker":"worker-b"})"});
        publisher.command({"PUBLISH", "ql:log", R"({"jid":"j","event":"put","queue":"q"})"});
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 2, 20000);
        QCOMPARE(heard.events.at(0).channel, QByteArray("ql:w:worker-b"));
        QCOMPARE(heard.events.at(0).source, QlessEvent::Source::Other); // not qless's own channel: kept
        QCOMPARE(heard.events.at(1).event, QStringLiteral("put"));
    }

    void wrongPasswordFailsForGood()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SyncRedis admin;
        QVERIFY(admin.connectUnix(server.socketPath()));
        QCOMPARE(admin.command({"CONFIG", "SET", "requirepass", "right"}).bytes, QByteArray("OK"));
        ConnectionSettings s = settings(QStringLiteral("unix://:wrong@") + server.socketPath());
        RedisSubscriber subscriber(s, {"ql:log"}, {});
        QTRY_COMPARE_WITH_TIMEOUT(subscriber.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(subscriber.state().error.kind, RedisError::Kind::WrongPassword);
    }

    // Redis 7 gives a new user no channels: SUBSCRIBE is refused (NOPERM) and will be again, so the
    // stream fails for good, saying which channels the user may not subscribe to and what to grant.
    void userWithoutChannelsFailsSayingWhich()
    {
        const QByteArray version = m_q.command({"INFO", "server"}).bytes;
        if (!version.contains("redis_version:7") && !version.contains("redis_version:8"))
            QSKIP("channel permissions by default need Redis 7");
        m_q.command({"ACL", "SETUSER", "nochannels", "on", ">pw", "~*", "resetchannels", "+@all"});
        ConnectionSettings s = unixSettings();
        s.user = QStringLiteral("nochannels");
        s.password = QStringLiteral("pw");
        RedisSubscriber subscriber(s, {"ql:log"}, {"ql:w:*"});
        QTRY_COMPARE_WITH_TIMEOUT(subscriber.state().phase, ConnectionState::Phase::Failed, 20000);
        const RedisError error = subscriber.state().error;
        QCOMPARE(error.kind, RedisError::Kind::NoPermission);
        QVERIFY2(error.message.contains(QStringLiteral("may not subscribe to ql:log, ql:w:*")),
                 qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("&ql:*")), qPrintable(error.message));
        QVERIFY2(error.message.contains(QStringLiteral("NOPERM")), qPrintable(error.message));
    }

    void oddPayloadsAreShownNotDropped()
    {
        RedisSubscriber subscriber(unixSettings(), QlessEventDecoder::channels(), {});
        Heard heard;
        collect(&subscriber, &heard);
        QVERIFY(ready(subscriber));
        for (const QByteArray &payload :
             QList<QByteArray>{"not json", "[1,2]", "{}", R"({"event":"mystery","jid":"x","n":3})",
                               QByteArray("{\"event\":\"put\",\"jid\":\"\xff\xfe\"}")})
            m_q.command({"PUBLISH", "ql:log", payload});
        QTRY_COMPARE_WITH_TIMEOUT(heard.events.size(), 5, 20000);
        QVERIFY(heard.events.at(0).problem.startsWith(QStringLiteral("Not JSON")));
        QCOMPARE(heard.events.at(0).payload, QByteArray("not json"));
        QCOMPARE(heard.events.at(1).problem, QStringLiteral("Not a JSON object"));
        QCOMPARE(heard.events.at(2).problem, QStringLiteral("No event named"));
        QCOMPARE(heard.events.at(3).event, QStringLiteral("mystery"));
        QVERIFY(heard.events.at(3).problem.isEmpty());
        QCOMPARE(heard.events.at(3).detail, QStringLiteral("n: 3"));
        QVERIFY(!heard.events.at(4).event.isEmpty()); // odd bytes: decoded or said unreadable, never a crash
    }

    void mailboxStaysBounded()
    {
        PubSubMailbox mailbox(100);
        int wakes = 0;
        for (int i = 0; i < 200000; ++i) {
            if (mailbox.put(PubSubMessage::message("ql:log", QByteArray::number(i), i)))
                ++wakes;
        }
        QCOMPARE(wakes, 1); // one wake-up until the reader takes
        QCOMPARE(mailbox.size(), 100);
        quint64 dropped = 0;
        const QList<PubSubMessage> taken = mailbox.take(&dropped);
        QCOMPARE(taken.size(), 100);
        QCOMPARE(dropped, quint64(200000 - 100));
        QCOMPARE(taken.first().payload, QByteArray("199900")); // the newest are kept, in order
        QCOMPARE(taken.last().payload, QByteArray("199999"));
        QVERIFY(mailbox.put(PubSubMessage()));
        QCOMPARE(mailbox.take(&dropped).size(), 1);
        QCOMPARE(dropped, quint64(0));
        // Taken in parts: while some remain, the reader is still taken as woken.
        for (int i = 0; i < 30; ++i)
            mailbox.put(PubSubMessage::message("ql:log", QByteArray::number(i), i));
        QCOMPARE(mailbox.take(nullptr, 20).size(), 20);
        QVERIFY(!mailbox.put(PubSubMessage::message("ql:log", "30", 30)));
        const QList<PubSubMessage> rest = mailbox.take(nullptr, 20);
        QCOMPARE(rest.size(), 11);
        QCOMPARE(rest.first().payload, QByteArray("20"));
        QVERIFY(mailbox.put(PubSubMessage()));
    }
};

QTEST_GUILESS_MAIN(TestRedisSubscriber)
#include "tst_redissubscriber.moc"
