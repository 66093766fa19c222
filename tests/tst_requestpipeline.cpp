// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestpipeline.h"
#include "respreader.h"
#include "scriptlibrary.h"
#include "wiretap.h"

#include <QTest>

#include <vector>

// The request pipeline without a socket: bytes written are collected, replies are handed in by
// the test, so orderings a real server rarely produces are made on purpose.
class TestRequestPipeline final : public QObject
{
    Q_OBJECT

private:
    struct Harness
    {
        explicit Harness(const ConnectionSettings &settings = {})
            : pipeline(
                settings, [this](const QByteArray &bytes) { written.append(parse(bytes)); },
                [] { return QByteArray("1700000000.000"); })
        {}
        static QList<QList<QByteArray>> parse(const QByteArray &bytes)
        {
            RespReader reader;
            reader.feed(bytes);
            QList<QList<QByteArray>> commands;
            RedisReply reply;
            while (reader.next(&reply) == RespReader::Result::Reply) {
                QList<QByteArray> argv;
                for (const RedisReply &part : reply.elements)
                    argv << part.bytes;
                commands << argv;
            }
            return commands;
        }
        int count(const QByteArray &name) const
        {
            return int(std::count_if(written.begin(), written.end(),
                                     [&name](const QList<QByteArray> &argv) { return argv.value(0) == name; }));
        }
        RequestPipeline::Handler record(int id)
        {
            return [this, id](const RedisReply &reply) { delivered.push_back({id, reply}); };
        }

        QList<QList<QByteArray>> written;
        std::vector<std::pair<int, RedisReply>> delivered;
        RequestPipeline pipeline;
    };

    static RedisReply status(const QByteArray &text)
    {
        RedisReply reply;
        reply.type = RedisReply::Type::Status;
        reply.bytes = text;
        return reply;
    }
    static RedisReply error(const QByteArray &text) { return RedisReply::fromError(RedisError::fromServer(text)); }
    static RedisCommand configGet()
    {
        return RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"});
    }

private slots:
    void oneScriptLoadForAllNoScriptsThenRepliesInSendOrder()
    {
        Harness h;
        h.pipeline.setOpen(true);
        h.pipeline.submit(configGet(), h.record(0));
        h.pipeline.submit(RedisCommand::read({"ECHO", "1"}), h.record(1));
        h.pipeline.submit(configGet(), h.record(2));
        h.pipeline.submit(RedisCommand::read({"ECHO", "3"}), h.record(3));
        QCOMPARE(h.count("EVALSHA"), 2);

        // The server lost the script: both EVALSHAs fail, the ECHOs do not.
        QVERIFY(h.pipeline.onReply(error("NOSCRIPT No matching script.")).isNull());
        QVERIFY(h.pipeline.onReply(status("1")).isNull());
        QVERIFY(h.pipeline.onReply(error("NOSCRIPT No matching script.")).isNull());
        QVERIFY(h.pipeline.onReply(status("3")).isNull());
        QCOMPARE(h.count("SCRIPT"), 1); // one load, not one per NOSCRIPT
        QCOMPARE(h.count("EVALSHA"), 4);
        // The ECHOs were answered, but their callers wait for the script call sent before them.
        QVERIFY(h.delivered.empty());

        QVERIFY(h.pipeline.onReply(status("sha")).isNull()); // SCRIPT LOAD
        QVERIFY(h.pipeline.onReply(status("60")).isNull());
        QVERIFY(h.pipeline.onReply(status("60")).isNull());
        QCOMPARE(h.delivered.size(), size_t(4));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(h.delivered[size_t(i)].first, i);
        QCOMPARE(h.delivered[0].second.bytes, QByteArray("60"));
        QCOMPARE(h.delivered[1].second.bytes, QByteArray("1"));
        QCOMPARE(h.pipeline.pending(), 0);
    }

    void scriptLostAgainAfterOurLoadIsLoadedAgain()
    {
        Harness h;
        h.pipeline.setOpen(true);
        h.pipeline.submit(configGet(), h.record(0));
        h.pipeline.onReply(error("NOSCRIPT No matching script."));
        h.pipeline.onReply(status("sha"));
        QCOMPARE(h.count("SCRIPT"), 1);
        // Flushed between our load and the retry: the retry was sent after the load, so one
        // more load is due.
        h.pipeline.onReply(error("NOSCRIPT No matching script."));
        QCOMPARE(h.count("SCRIPT"), 2);
        h.pipeline.onReply(status("sha"));
        h.pipeline.onReply(status("60"));
        QCOMPARE(h.delivered.size(), size_t(1));
        QCOMPARE(h.delivered[0].second.bytes, QByteArray("60"));
    }

    void consecutiveTimeoutsDeclareTheConnectionDead()
    {
        ConnectionSettings settings;
        settings.requestTimeoutMs = 100;
        settings.timeoutsBeforeReconnect = 3;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"GET", "a"}), h.record(0));
        h.pipeline.submit(RedisCommand::read({"GET", "b"}), h.record(1));
        QTest::qWait(150);
        h.pipeline.heard(); // bytes keep trickling in, so silence alone would not tell
        QVERIFY(h.pipeline.sweep({}).isNull());
        QCOMPARE(h.delivered.size(), size_t(2));
        QCOMPARE(h.delivered[0].second.error.kind, RedisError::Kind::Timeout);
        QCOMPARE(h.pipeline.consecutiveTimeouts(), 2);

        h.pipeline.submit(RedisCommand::read({"GET", "c"}), h.record(2));
        QTest::qWait(150);
        h.pipeline.heard();
        const RedisError dead = h.pipeline.sweep({});
        QCOMPARE(dead.kind, RedisError::Kind::ConnectionLost);
        QVERIFY2(dead.message.contains(QLatin1String("3 requests in a row")), qPrintable(dead.message));
    }

    void aReplyInTimeResetsTheCount()
    {
        ConnectionSettings settings;
        settings.requestTimeoutMs = 100;
        settings.timeoutsBeforeReconnect = 2;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"GET", "a"}), h.record(0));
        QTest::qWait(150);
        h.pipeline.heard();
        QVERIFY(h.pipeline.sweep({}).isNull());
        h.pipeline.onReply(status("late")); // the late reply to "a": dropped, counts nothing
        h.pipeline.submit(RedisCommand::read({"GET", "b"}), h.record(1));
        h.pipeline.onReply(status("b"));
        QCOMPARE(h.pipeline.consecutiveTimeouts(), 0);
    }

    void silencePastTheTimeoutWhileRepliesAreOwed()
    {
        ConnectionSettings settings;
        settings.requestTimeoutMs = 100;
        settings.timeoutsBeforeReconnect = 0; // silence only
        Harness h(settings);
        h.pipeline.setOpen(true);
        QTest::qWait(150);
        QVERIFY(h.pipeline.sweep({}).isNull()); // nothing owed: quiet is fine
        h.pipeline.sendInternal({"TIME"});
        QTest::qWait(150);
        const RedisError dead = h.pipeline.sweep({});
        QCOMPARE(dead.kind, RedisError::Kind::ConnectionLost);
        QVERIFY(dead.message.contains(QLatin1String("Nothing arrived")));
    }

    void readOnlyReplicaWithoutSentinelIsFinal()
    {
        Harness h;
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::write({"SET", "k", "v"}), h.record(0));
        QVERIFY(h.pipeline.onReply(error("READONLY You can't write against a read only replica.")).isNull());
        QCOMPARE(h.delivered.size(), size_t(1));
        const RedisError &e = h.delivered[0].second.error;
        QCOMPARE(e.kind, RedisError::Kind::NotMaster);
        QVERIFY(!e.isPassing());
        QVERIFY(e.certainlyNotRun());
        QVERIFY(e.message.contains(QLatin1String("Sentinel")));
    }

    void abandonedReadsAreResentInOrderAndWritesFail()
    {
        Harness h;
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"GET", "a"}), h.record(0));
        h.pipeline.submit(RedisCommand::write({"INCR", "n"}), h.record(1));
        h.pipeline.submit(RedisCommand::read({"GET", "b"}), h.record(2));
        h.pipeline.abandon(RedisError::make(RedisError::Kind::ConnectionLost, QStringLiteral("gone")));
        QVERIFY(h.delivered.empty()); // the write's failure waits behind the read sent before it
        h.written.clear();
        h.pipeline.setOpen(true);
        QCOMPARE(h.written.size(), 2);
        QCOMPARE(h.written[0].value(1), QByteArray("a"));
        QCOMPARE(h.written[1].value(1), QByteArray("b"));
        h.pipeline.onReply(status("A"));
        h.pipeline.onReply(status("B"));
        QCOMPARE(h.delivered.size(), size_t(3));
        QCOMPARE(h.delivered[0].first, 0);
        QCOMPARE(h.delivered[1].first, 1);
        QVERIFY(h.delivered[1].second.error.message.contains(QLatin1String("may or may not have run")));
        QCOMPARE(h.delivered[2].second.bytes, QByteArray("B"));
    }
    // The benchmark's view of the wire: every command written (the script's load after a
    // NOSCRIPT included) and every reply read, under the connection's name; nothing once removed.
    void wireTapSeesEveryWriteAndReply()
    {
        struct Recorder final : WireTap
        {
            void written(const QString &name, const QList<QByteArray> &argv) override
            {
                events << name + QLatin1Char(' ') + QString::fromUtf8(argv.value(0));
            }
            void replied(const QString &name) override { events << name + QStringLiteral(" reply"); }
            QStringList events;
        } recorder;
        ConnectionSettings settings;
        settings.clientName = QStringLiteral("console");
        Harness h(settings);
        h.pipeline.setOpen(true);
        WireTap::install(&recorder);
        h.pipeline.submit(configGet(), h.record(0));
        h.pipeline.submit(RedisCommand::read({"ECHO", "1"}), h.record(1));
        h.pipeline.onReply(error("NOSCRIPT No matching script."));
        h.pipeline.onReply(status("1"));
        h.pipeline.onReply(status("sha"));
        h.pipeline.onReply(status("60"));
        WireTap::install(nullptr);
        h.pipeline.submit(RedisCommand::read({"ECHO", "2"}), h.record(2));
        const QStringList expected{QStringLiteral("console EVALSHA"), QStringLiteral("console ECHO"),
                                   QStringLiteral("console reply"),   QStringLiteral("console SCRIPT"),
                                   QStringLiteral("console EVALSHA"), QStringLiteral("console reply"),
                                   QStringLiteral("console reply"),   QStringLiteral("console reply")};
        QCOMPARE(recorder.events, expected);
    }
    // ConnectionSettings::oneUnitAtServer: a request waits until the unit before it is answered;
    // the requests of one declared unit go together; callers hear replies in the order sent.
    void oneUnitAtServerHoldsTheNextUnitUntilAnswered()
    {
        ConnectionSettings settings;
        settings.oneUnitAtServer = true;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"ECHO", "a"}), h.record(0));
        h.pipeline.submit(RedisCommand::read({"ECHO", "b"}), h.record(1));
        h.pipeline.submit(RedisCommand::read({"ECHO", "c"}), h.record(2), -1, 7);
        h.pipeline.submit(RedisCommand::read({"ECHO", "d"}), h.record(3), -1, 7);
        h.pipeline.submit(RedisCommand::read({"ECHO", "e"}), h.record(4));
        QCOMPARE(h.written.size(), 1);
        QCOMPARE(h.pipeline.atServer(), 1);
        h.pipeline.onReply(status("a"));
        QCOMPARE(h.written.size(), 2);
        h.pipeline.onReply(status("b"));
        QCOMPARE(h.written.size(), 4); // the unit of two, together
        QCOMPARE(h.pipeline.atServer(), 2);
        h.pipeline.onReply(status("c"));
        QCOMPARE(h.written.size(), 4); // e waits for the whole unit
        h.pipeline.onReply(status("d"));
        QCOMPARE(h.written.size(), 5);
        h.pipeline.onReply(status("e"));
        QCOMPARE(h.delivered.size(), size_t(5));
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(h.delivered[size_t(i)].first, i);
            QCOMPARE(h.delivered[size_t(i)].second.bytes, QByteArray(1, char('a' + i)));
        }
        QCOMPARE(h.pipeline.atServer(), 0);
    }

    void oneUnitAtServerResendsQueuedUnitsInOrderAfterADrop()
    {
        ConnectionSettings settings;
        settings.oneUnitAtServer = true;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"ECHO", "a"}), h.record(0));
        h.pipeline.submit(RedisCommand::read({"ECHO", "b"}), h.record(1), -1, 9);
        h.pipeline.submit(RedisCommand::read({"ECHO", "c"}), h.record(2), -1, 9);
        h.pipeline.submit(RedisCommand::read({"ECHO", "d"}), h.record(3));
        // Dropped with a at the server: a goes again first, alone; the rest still wait.
        h.pipeline.abandon(RedisError::make(RedisError::Kind::ConnectionLost, QStringLiteral("dropped")));
        QCOMPARE(h.pipeline.atServer(), 0);
        h.pipeline.setOpen(true);
        QCOMPARE(h.written.size(), 2);
        QCOMPARE(h.written[1].value(1), QByteArray("a"));
        h.pipeline.onReply(status("a"));
        QCOMPARE(h.written.size(), 4);
        // Dropped in the middle of the unit: the unit goes again whole, then d.
        h.pipeline.onReply(status("b"));
        h.pipeline.abandon(RedisError::make(RedisError::Kind::ConnectionLost, QStringLiteral("dropped")));
        h.pipeline.setOpen(true);
        QCOMPARE(h.written.size(), 5);
        QCOMPARE(h.written[4].value(1), QByteArray("c"));
        h.pipeline.onReply(status("c"));
        QCOMPARE(h.written.size(), 6);
        QCOMPARE(h.written[5].value(1), QByteArray("d"));
        h.pipeline.onReply(status("d"));
        QCOMPARE(h.delivered.size(), size_t(4));
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(h.delivered[size_t(i)].first, i);
            QCOMPARE(h.delivered[size_t(i)].second.bytes, QByteArray(1, char('a' + i)));
        }
    }

    // A request held behind the unit at the server past its timeout never left the client: its
    // caller hears that it was not sent (certainly not run, so a write may go again), not a
    // timeout that leaves it in doubt; and it is not written later.
    void oneUnitAtServerAHeldRequestPastItsTimeoutWasNotSent()
    {
        ConnectionSettings settings;
        settings.oneUnitAtServer = true;
        settings.requestTimeoutMs = 100;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(RedisCommand::read({"GET", "a"}), h.record(0));
        h.pipeline.submit(RedisCommand::write({"SET", "b", "1"}), h.record(1));
        QCOMPARE(h.written.size(), 1);
        QTest::qWait(150);
        h.pipeline.heard();
        QVERIFY(h.pipeline.sweep({}).isNull());
        QCOMPARE(h.delivered.size(), size_t(2));
        const auto held =
            std::find_if(h.delivered.begin(), h.delivered.end(), [](const auto &d) { return d.first == 1; });
        QVERIFY(held != h.delivered.end());
        QCOMPARE(held->second.error.kind, RedisError::Kind::NotSent);
        QVERIFY(held->second.error.certainlyNotRun());
        QVERIFY(held->second.error.isPassing());
        QVERIFY2(held->second.error.message.contains(QLatin1String("not sent"), Qt::CaseInsensitive),
                 qPrintable(held->second.error.message));
        const auto sent =
            std::find_if(h.delivered.begin(), h.delivered.end(), [](const auto &d) { return d.first == 0; });
        QCOMPARE(sent->second.error.kind, RedisError::Kind::Timeout);
        QCOMPARE(h.pipeline.consecutiveTimeouts(), 1); // only the one sent counts towards a dead link
        h.pipeline.onReply(status("late a"));
        QCOMPARE(h.written.size(), 1);
        QCOMPARE(h.delivered.size(), size_t(2));
    }

    // A request that waited out its timeout for a connection was never written, whatever the
    // last attempt to connect ended with (a link lost in the handshake too): not run, for sure.
    void aRequestNeverSentForWantOfAConnectionCertainlyDidNotRun()
    {
        ConnectionSettings settings;
        settings.requestTimeoutMs = 100;
        Harness h(settings);
        h.pipeline.submit(RedisCommand::write({"SET", "b", "1"}), h.record(0));
        QTest::qWait(150);
        const RedisError lost =
            RedisError::make(RedisError::Kind::ConnectionLost, QStringLiteral("closed in the handshake"));
        QVERIFY(h.pipeline.sweep(lost).isNull());
        QCOMPARE(h.delivered.size(), size_t(1));
        const RedisError error = h.delivered[0].second.error;
        QVERIFY2(error.certainlyNotRun(), qPrintable(error.message));
        QVERIFY(error.isPassing());
        QVERIFY2(error.message.contains(QLatin1String("closed in the handshake")), qPrintable(error.message));
        QCOMPARE(h.written.size(), 0);
    }

    void oneUnitAtServerReloadsAScriptWithinItsUnit()
    {
        ConnectionSettings settings;
        settings.oneUnitAtServer = true;
        Harness h(settings);
        h.pipeline.setOpen(true);
        h.pipeline.submit(configGet(), h.record(0));
        h.pipeline.submit(RedisCommand::read({"ECHO", "1"}), h.record(1));
        h.pipeline.onReply(error("NOSCRIPT No matching script."));
        // The load and the call again; the ECHO still waits for the call.
        QCOMPARE(h.count("SCRIPT"), 1);
        QCOMPARE(h.count("EVALSHA"), 2);
        QCOMPARE(h.count("ECHO"), 0);
        h.pipeline.onReply(status("sha"));
        QCOMPARE(h.count("ECHO"), 0);
        h.pipeline.onReply(status("60"));
        QCOMPARE(h.count("ECHO"), 1);
        h.pipeline.onReply(status("1"));
        QCOMPARE(h.delivered.size(), size_t(2));
        QCOMPARE(h.delivered[0].second.bytes, QByteArray("60"));
        QCOMPARE(h.delivered[1].second.bytes, QByteArray("1"));
    }
};

QTEST_GUILESS_MAIN(TestRequestPipeline)
#include "tst_requestpipeline.moc"
