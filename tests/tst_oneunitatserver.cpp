// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "wiretap.h"

#include <QMutex>
#include <QTest>

#include <vector>

// ConnectionSettings::oneUnitAtServer against a real server: independent flows sending at once
// never have more than one unit written and unanswered (seen on the wire with WireTap), a unit
// declared with RedisConnection::Unit goes out together, and replies keep the order sent.
class TestOneUnitAtServer final : public QObject
{
    Q_OBJECT

private:
    // Commands written and not yet answered on one named connection, and the most there were.
    class Outstanding final : public WireTap
    {
    public:
        explicit Outstanding(QString clientName)
            : m_clientName(std::move(clientName))
        {}
        void written(const QString &clientName, const QList<QByteArray> &) override
        {
            if (clientName != m_clientName)
                return;
            QMutexLocker lock(&m_mutex);
            m_most = qMax(m_most, ++m_now);
        }
        void replied(const QString &clientName) override
        {
            if (clientName != m_clientName)
                return;
            QMutexLocker lock(&m_mutex);
            --m_now;
        }
        int most()
        {
            QMutexLocker lock(&m_mutex);
            return m_most;
        }
        void reset()
        {
            QMutexLocker lock(&m_mutex);
            m_most = m_now;
        }

    private:
        QString m_clientName;
        QMutex m_mutex;
        int m_now = 0;
        int m_most = 0;
    };

    static ConnectionSettings settingsFor(const RedisServer &server, bool oneUnit)
    {
        ConnectionSettings settings = ConnectionSettings::fromUrl(QStringLiteral("unix://") + server.socketPath());
        settings.clientName = QStringLiteral("oneunit-test");
        settings.oneUnitAtServer = oneUnit;
        return settings;
    }

    // Three flows sending at once, as a page's reads and a bulk run do: `perFlow` calls each,
    // interleaved. Returns the most commands at the server at once; `order` gets the replies'
    // indexes in the order their callbacks ran.
    static int mostAtOnce(bool oneUnit, int perFlow, std::vector<int> *order)
    {
        RedisServer server;
        if (!server.start())
            return -1;
        RedisConnection connection(settingsFor(server, oneUnit));
        if (!awaitReady(connection))
            return -1;
        Outstanding tap(connection.settings().clientName);
        WireTap::install(&tap);
        QObject context;
        int index = 0;
        for (int i = 0; i < perFlow; ++i) {
            for (int flow = 0; flow < 3; ++flow) {
                const int mine = index++;
                connection.send(RedisCommand::write({"SET", "flow" + QByteArray::number(flow), QByteArray::number(i)}),
                                &context, [order, mine](const RedisReply &) { order->push_back(mine); });
            }
        }
        const bool all = QTest::qWaitFor([&] { return int(order->size()) == index; }, 20000);
        WireTap::install(nullptr);
        return all ? tap.most() : -1;
    }

private slots:
    void withoutTheSettingFlowsPileUpAtTheServer()
    {
        // The measurement itself: a bare connection pipelines whatever it is given.
        std::vector<int> order;
        QVERIFY(mostAtOnce(false, 20, &order) > 1);
    }

    void independentFlowsHaveOneCallAtTheServerInSendOrder()
    {
        std::vector<int> order;
        QCOMPARE(mostAtOnce(true, 20, &order), 1);
        QCOMPARE(int(order.size()), 60);
        for (int i = 0; i < 60; ++i)
            QCOMPARE(order[size_t(i)], i);
    }

    void aDeclaredUnitGoesOutTogetherAndNothingJoinsIt()
    {
        RedisServer server;
        QVERIFY(server.start());
        RedisConnection connection(settingsFor(server, true));
        QVERIFY(awaitReady(connection));
        Outstanding tap(connection.settings().clientName);
        WireTap::install(&tap);
        QObject context;
        std::vector<int> order;
        const auto record = [&order](int index) {
            return [&order, index](const RedisReply &) { order.push_back(index); };
        };
        // A call before the unit, the unit of 10, a call after: the unit waits for the first and
        // goes whole; the last waits for the whole unit.
        connection.send(RedisCommand::read({"GET", "before"}), &context, record(0));
        {
            const RedisConnection::Unit unit;
            for (int i = 1; i <= 10; ++i)
                connection.send(RedisCommand::write({"SET", "k" + QByteArray::number(i), "v"}), &context, record(i));
        }
        connection.send(RedisCommand::read({"GET", "after"}), &context, record(11));
        QVERIFY(QTest::qWaitFor([&] { return order.size() == 12; }, 20000));
        WireTap::install(nullptr);
        QCOMPARE(tap.most(), 10);
        for (int i = 0; i < 12; ++i)
            QCOMPARE(order[size_t(i)], i);
    }
};

QTEST_GUILESS_MAIN(TestOneUnitAtServer)
#include "tst_oneunitatserver.moc"
