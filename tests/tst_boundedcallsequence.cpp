// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedcallsequence.h"
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "syncredis.h"

#include <QDeadlineTimer>
#include <QTest>
#include <QThread>

#include <atomic>
#include <mutex>

// BoundedCallSequence against a real server: every reply in order, never more than InFlight calls sent
// ahead of the replies handled, and nothing more sent once a call failed.
class TestBoundedCallSequence final : public QObject
{
    Q_OBJECT

private:
    RedisServer m_server;
    std::unique_ptr<RedisConnection> m_connection;
    SyncRedis m_check;

    // What the replies' handlers saw (they run on the connection's thread).
    struct Seen
    {
        std::mutex lock;
        QList<qsizetype> indexes;
        QList<qint64> counters;   // INCR's reply per call
        QList<qint64> ranAlready; // how many INCRs the server had run when a reply was handled
        std::atomic<int> lasts{0};
    };

    void send(const QList<RedisCommand> &calls, Seen *seen)
    {
        BoundedCallSequence::send(
            m_connection.get(), calls,
            [this, seen](qsizetype index, const RedisReply &reply) {
                const qint64 ran = m_check.command({"GET", "n"}).bytes.toLongLong();
                std::lock_guard<std::mutex> guard(seen->lock);
                seen->indexes.append(index);
                seen->counters.append(reply.isError() ? -1 : reply.integer);
                seen->ranAlready.append(ran);
            },
            [seen] { ++seen->lasts; }, -1);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        QString error;
        m_connection = std::make_unique<RedisConnection>(
            ConnectionSettings::fromUrl(QStringLiteral("unix://") + m_server.socketPath(), &error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(awaitReady(*m_connection));
        QVERIFY(m_check.connectUnix(m_server.socketPath()));
    }
    void init() { m_check.command({"FLUSHALL"}); }

    // Many rounds: a first reply can come back before the caller has handed over the second call.
    // Seen once in the sanitized suite with other tests running (the third call then ran before
    // the second, "lists differ at index 1"); the rounds make it likelier to show, not certain.
    void repliesInOrderWithAtMostTwoSentAhead_data()
    {
        QTest::addColumn<int>("round");
        for (int round = 0; round < 25; ++round)
            QTest::newRow(qPrintable(QString::number(round))) << round;
    }
    void repliesInOrderWithAtMostTwoSentAhead()
    {
        QList<RedisCommand> calls;
        for (int i = 0; i < 8; ++i)
            calls.append(RedisCommand::write({"INCR", "n"}));
        Seen seen;
        send(calls, &seen);
        QTRY_COMPARE_WITH_TIMEOUT(seen.lasts.load(), 1, 10000);
        std::lock_guard<std::mutex> guard(seen.lock);
        QCOMPARE(seen.indexes, (QList<qsizetype>{0, 1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(seen.counters, (QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8}));
        // When the reply to call i is decoded, call i + InFlight has gone out (sent as the reply
        // came, before the decode), and so may one more if the next reply came in the same read
        // (its handler runs before this decode): the server can have run at most
        // i + InFlight + 2 of them (all of them, were they pipelined at once).
        for (qsizetype i = 0; i < seen.ranAlready.size(); ++i)
            QVERIFY2(seen.ranAlready.at(i) <= i + BoundedCallSequence::InFlight + 2,
                     qPrintable(QStringLiteral("reply %1: %2 already run").arg(i).arg(seen.ranAlready.at(i))));
    }

    // The next call is on the wire before a reply is decoded: Redis answers the two calls on their
    // way together when it read them together, and decoding both first left it idle for both
    // decodes. Here each decode waits (up to 2 s) until the server has run the call sent after
    // its reply; were that call written only once the decode ended, it never would.
    void theNextCallRunsWhileAReplyIsDecoded()
    {
        QList<RedisCommand> calls;
        for (int i = 0; i < 5; ++i)
            calls.append(RedisCommand::write({"INCR", "n"}));
        const qsizetype count = calls.size();
        Seen seen;
        BoundedCallSequence::send(
            m_connection.get(), calls,
            [this, &seen, count](qsizetype index, const RedisReply &) {
                const qint64 wanted = qMin<qint64>(count, index + BoundedCallSequence::InFlight + 1);
                qint64 ran = 0;
                QDeadlineTimer deadline(2000);
                while ((ran = m_check.command({"GET", "n"}).bytes.toLongLong()) < wanted && !deadline.hasExpired())
                    QThread::msleep(2);
                std::lock_guard<std::mutex> guard(seen.lock);
                seen.ranAlready.append(ran);
            },
            [&seen] { ++seen.lasts; }, -1);
        QTRY_COMPARE_WITH_TIMEOUT(seen.lasts.load(), 1, 20000);
        std::lock_guard<std::mutex> guard(seen.lock);
        QCOMPARE(seen.ranAlready.size(), count);
        for (qsizetype i = 0; i < count; ++i)
            QVERIFY2(seen.ranAlready.at(i) >= qMin<qint64>(count, i + BoundedCallSequence::InFlight + 1),
                     qPrintable(QStringLiteral("reply %1 decoded with %2 run").arg(i).arg(seen.ranAlready.at(i))));
    }

    void aFailedCallStopsTheCallsNotSentYet()
    {
        m_check.command({"SET", "text", "not a number"});
        QList<RedisCommand> calls{RedisCommand::write({"INCR", "n"}), RedisCommand::write({"INCR", "text"})};
        for (int i = 0; i < 4; ++i)
            calls.append(RedisCommand::write({"INCR", "n"}));
        Seen seen;
        send(calls, &seen);
        QTRY_COMPARE_WITH_TIMEOUT(seen.lasts.load(), 1, 10000);
        QTest::qWait(100); // nothing more arrives
        std::lock_guard<std::mutex> guard(seen.lock);
        // The call already on its way beside the failed one still runs and is handled; none
        // goes out after the failure.
        QCOMPARE(seen.indexes, (QList<qsizetype>{0, 1, 2}));
        QCOMPARE(seen.counters, (QList<qint64>{1, -1, 2}));
        QCOMPARE(seen.lasts.load(), 1);
        QCOMPARE(m_check.command({"GET", "n"}).bytes, QByteArray("2"));
    }

    void noCallsEndsAtOnce()
    {
        Seen seen;
        send({}, &seen);
        QCOMPARE(seen.lasts.load(), 1);
        QVERIFY(seen.indexes.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestBoundedCallSequence)
#include "tst_boundedcallsequence.moc"
