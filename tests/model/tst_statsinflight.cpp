// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedcallsequence.h"
#include "qlessclient.h"
#include "qlessfixture.h"
#include "redisconnection.h"
#include "replywaiter.h"
#include "statshistory.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <hiredis/hiredis.h>

namespace {
// A loopback proxy between the console's connection and a real redis-server that counts, from
// the bytes that pass, the stats calls (qless's `stats` and desk.statssum) sent and not answered
// yet: Redis answers in order, so each reply ends the oldest call on its way. Nothing is timed.
class StatsCallCounter final : public QObject
{
public:
    explicit StatsCallCounter(quint16 target)
        : m_target(target)
    {
        connect(&m_listener, &QTcpServer::newConnection, this, [this] { accept(); });
    }
    ~StatsCallCounter() override
    {
        for (Pipe *pipe : std::as_const(m_pipes)) {
            redisReaderFree(pipe->requests);
            redisReaderFree(pipe->replies);
            delete pipe;
        }
    }

    bool listen() { return m_listener.listen(QHostAddress::LocalHost, 0); }
    quint16 port() const { return m_listener.serverPort(); }
    void reset()
    {
        m_sent = 0;
        m_most = 0;
    }
    int sent() const { return m_sent; }
    int mostOnTheirWay() const { return m_most; }

private:
    struct Pipe
    {
        QTcpSocket *client = nullptr;
        QTcpSocket *server = nullptr;
        redisReader *requests = nullptr;
        redisReader *replies = nullptr;
        QList<bool> onTheirWay; // every request not answered yet, in order: a stats call or not
        QByteArray early;       // what the client wrote before the server's side was connected
    };

    void accept()
    {
        while (QTcpSocket *client = m_listener.nextPendingConnection()) {
            auto *pipe = new Pipe;
            pipe->client = client;
            pipe->server = new QTcpSocket(this);
            pipe->requests = redisReaderCreate();
            pipe->replies = redisReaderCreate();
            m_pipes << pipe;
            connect(client, &QTcpSocket::readyRead, this, [this, pipe] { up(pipe); });
            connect(pipe->server, &QTcpSocket::readyRead, this, [this, pipe] { down(pipe); });
            connect(pipe->server, &QTcpSocket::connected, this, [pipe] {
                pipe->server->write(pipe->early);
                pipe->early.clear();
            });
            pipe->server->connectToHost(QHostAddress::LocalHost, m_target);
        }
    }

    static bool isStatsCall(const redisReply *request)
    {
        if (request->type != REDIS_REPLY_ARRAY || request->elements < 4)
            return false;
        const redisReply *command = request->element[3];
        const QByteArray name(command->str, qsizetype(command->len));
        return name == "stats" || name == "desk.statssum";
    }

    void up(Pipe *pipe)
    {
        const QByteArray bytes = pipe->client->readAll();
        redisReaderFeed(pipe->requests, bytes.constData(), size_t(bytes.size()));
        void *raw = nullptr;
        while (redisReaderGetReply(pipe->requests, &raw) == REDIS_OK && raw) {
            const bool stats = isStatsCall(static_cast<redisReply *>(raw));
            freeReplyObject(raw);
            raw = nullptr;
            pipe->onTheirWay.append(stats);
            if (stats) {
                ++m_sent;
                m_most = qMax(m_most, int(pipe->onTheirWay.count(true)));
            }
        }
        if (pipe->server->state() == QAbstractSocket::ConnectedState)
            pipe->server->write(bytes);
        else
            pipe->early += bytes;
    }

    void down(Pipe *pipe)
    {
        const QByteArray bytes = pipe->server->readAll();
        redisReaderFeed(pipe->replies, bytes.constData(), size_t(bytes.size()));
        void *raw = nullptr;
        while (redisReaderGetReply(pipe->replies, &raw) == REDIS_OK && raw) {
            freeReplyObject(raw);
            raw = nullptr;
            if (!pipe->onTheirWay.isEmpty())
                pipe->onTheirWay.removeFirst();
        }
        pipe->client->write(bytes);
    }

    quint16 m_target;
    QTcpServer m_listener;
    QList<Pipe *> m_pipes;
    int m_sent = 0;
    int m_most = 0;
};
} // namespace

// StatsHistory's calls as they pass on the wire: however many queues and days, and however
// loads overlap, never more than BoundedCallSequence::InFlight stats calls on their way at once.
class TestStatsInFlight final : public QObject
{
    Q_OBJECT

    static RedisServer::Options tcp()
    {
        RedisServer::Options options;
        options.tcp = true;
        return options;
    }

    QlessFixture m_qless{tcp()};

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }

    void neverMoreThanTwoStatsCallsOnTheirWay()
    {
        QStringList queues;
        QList<QDate> days;
        for (int back = 9; back >= 0; --back)
            days << StatsHistory::today().addDays(-back);
        for (int i = 0; i < 250; ++i) {
            const QString queue = QStringLiteral("queue-%1").arg(i);
            queues << queue;
            for (const QDate &day : std::as_const(days)) {
                const QByteArray key =
                    "ql:s:wait:" + QByteArray::number(qint64(StatsHistory::timestampOf(day)) / 86400 * 86400) + ":"
                    + queue.toUtf8();
                QVERIFY(
                    !m_qless.command({"HSET", key, "total", "2", "mean", QByteArray::number(i), "vk", "2", "s1", "2"})
                         .isError());
            }
        }

        StatsCallCounter counter(m_qless.server().port());
        QVERIFY(counter.listen());
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Tcp;
        settings.host = QStringLiteral("127.0.0.1");
        settings.port = counter.port();
        RedisConnection connection(settings);
        QlessClient client(&connection);
        QVERIFY(awaitReady(connection));
        // The script is loaded once (NOSCRIPT, then again): done before counting.
        QObject context;
        bool warm = false;
        client.statsReads().stats(queues.first(), StatsHistory::timestampOf(days.first()), &context,
                                  [&warm](const QlessReply<DayStats> &) { warm = true; });
        QVERIFY(QTest::qWaitFor([&warm] { return warm; }, 30000));
        counter.reset();

        StatsHistory history(&client);
        int ended = 0;
        QStringList errors;
        const auto done = [&](const QString &error) {
            ++ended;
            if (!error.isEmpty())
                errors << error;
        };
        history.load(queues, days, done);
        history.load({queues.at(7)}, days, done);
        history.load(queues, days, done);
        QVERIFY(QTest::qWaitFor([&ended] { return ended == 3; }, 120000));
        QCOMPARE(errors, QStringList());
        QVERIFY2(counter.sent() >= days.size() * 3, qPrintable(QString::number(counter.sent())));
        QCOMPARE(counter.mostOnTheirWay(), BoundedCallSequence::InFlight);
        QCOMPARE(history.figures(queues, days.first()).wait.count, qint64(2 * queues.size()));
    }
};

QTEST_GUILESS_MAIN(TestStatsInFlight)
#include "tst_statsinflight.moc"
