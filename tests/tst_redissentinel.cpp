// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"
#include "redissentinel.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "syncredis.h"

#include <QTcpServer>
#include <QTest>

#include <memory>

// A real Sentinel with a master and a replica on loopback: the connection finds the master
// through it and follows a failover.
class TestRedisSentinel final : public QObject
{
    Q_OBJECT

private:
    // A fresh client per question: Sentinel kills the normal clients of the servers it
    // reconfigures, the test's own among them.
    static RedisValue ask(const RedisServer &server, const QList<QByteArray> &command)
    {
        SyncRedis redis;
        redis.connectUnix(server.socketPath());
        return redis.command(command);
    }

    static QByteArray infoField(const RedisServer &server, const QByteArray &section, const QByteArray &field)
    {
        const QByteArray info = ask(server, {"INFO", section}).bytes;
        for (const QByteArray &line : info.split('\n')) {
            if (line.startsWith(QByteArray(field + ':')))
                return line.mid(field.size() + 1).trimmed();
        }
        return QByteArray();
    }

    std::unique_ptr<RedisServer> m_master;
    std::unique_ptr<RedisServer> m_replica;
    std::unique_ptr<RedisSentinel> m_sentinel;

private slots:
    void initTestCase()
    {
        RedisServer::Options options;
        options.tcp = true;
        m_master = std::make_unique<RedisServer>(options);
        QVERIFY(m_master->start());
        options.extraArgs =
            QStringList{QStringLiteral("--replicaof"), QStringLiteral("127.0.0.1"), QString::number(m_master->port())};
        m_replica = std::make_unique<RedisServer>(options);
        QVERIFY(m_replica->start());
        m_sentinel = std::make_unique<RedisSentinel>(QStringLiteral("mymaster"), m_master->port());
        QString error;
        QVERIFY2(m_sentinel->start(&error), qPrintable(error));
    }

    void unknownMasterKeepsTrying()
    {
        RedisConnection connection(ConnectionSettings::fromUrl(
            QStringLiteral("redis-sentinel://127.0.0.1:%1/nosuchmaster").arg(m_sentinel->port())));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Reconnecting, 20000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::SentinelUnavailable);
        QVERIFY(connection.state().error.message.contains(QLatin1String("nosuchmaster")));
    }

    void findsTheMasterPastADeadSentinel()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 dead = probe.serverPort();
        probe.close();
        RedisConnection connection(ConnectionSettings::fromUrl(
            QStringLiteral("redis-sentinel://127.0.0.1:%1,127.0.0.1:%2/mymaster").arg(dead).arg(m_sentinel->port())));
        QVERIFY(awaitReady(connection));
        QVERIFY(connection.state().address.contains(QStringLiteral(":%1").arg(m_master->port())));
        QCOMPARE(awaitReply(connection, RedisCommand::write({"SET", "before", "1"})).bytes, QByteArray("OK"));
    }

    void followsAFailover()
    {
        ConnectionSettings settings = ConnectionSettings::fromUrl(
            QStringLiteral("redis-sentinel://127.0.0.1:%1/mymaster?timeout=5000").arg(m_sentinel->port()));
        settings.reconnectInitialMs = 100;
        settings.reconnectMaxMs = 1000;
        RedisConnection connection(settings);
        QVERIFY(awaitReady(connection));
        const QString oldMaster = QStringLiteral(":%1 ").arg(m_master->port());
        const QString newMaster = QStringLiteral(":%1 ").arg(m_replica->port());
        QVERIFY2(connection.state().address.contains(oldMaster), qPrintable(connection.state().address));

        // The replica must be in sync and known to the sentinel before it can be promoted.
        QTRY_COMPARE_WITH_TIMEOUT(infoField(*m_replica, "replication", "master_link_status"), QByteArray("up"), 60000);
        SyncRedis sentinel;
        QVERIFY(sentinel.connectTcp(QStringLiteral("127.0.0.1"), m_sentinel->port()));
        // QTRY evaluates its condition once more at the end: ask for the failover only once.
        bool failingOver = false;
        QTRY_VERIFY_WITH_TIMEOUT(
            failingOver || (failingOver = sentinel.command({"SENTINEL", "FAILOVER", "mymaster"}).bytes == "OK"), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(infoField(*m_replica, "replication", "role"), QByteArray("master"), 60000);

        // Writes go on; once the old master is demoted they get READONLY, and the connection asks
        // the sentinel again and moves to the new master. Each write ends clearly either way.
        int attempt = 0;
        bool followed = false;
        QTRY_VERIFY_WITH_TIMEOUT(followed
                                     || (followed =
                                             [&] {
                                                 const QByteArray value = "after-" + QByteArray::number(++attempt);
                                                 const RedisReply reply =
                                                     awaitReply(connection,
                                                                RedisCommand::write({"SET", "after", value}));
                                                 if (reply.isError()) {
                                                     if (reply.error.message.isEmpty())
                                                         qFatal("an error without a message");
                                                     return false;
                                                 }
                                                 return connection.state().address.contains(newMaster)
                                                        && ask(*m_replica, {"GET", "after"}).bytes == value;
                                             }()),
                                 90000);
        QCOMPARE(connection.state().phase, ConnectionState::Phase::Ready);
        QCOMPARE(ask(*m_replica, {"GET", "before"}).bytes, QByteArray("1"));
    }
};

QTEST_GUILESS_MAIN(TestRedisSentinel)
#include "tst_redissentinel.moc"
