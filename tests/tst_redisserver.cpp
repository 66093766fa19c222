// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"
#include "redisserver.h"

#include <QTest>

// The test fixture itself: a private server on a unix socket and a free TCP port, nothing saved,
// flushed between tests, gone when stopped or destroyed.
class TestRedisServer final : public QObject
{
    Q_OBJECT

private slots:
    void startsOnSocketAndPort()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QVERIFY(server.port() > 0);

        SyncRedis overTcp;
        QVERIFY(overTcp.connectTcp(QStringLiteral("127.0.0.1"), server.port()));
        QCOMPARE(overTcp.command({"PING"}).text(), QByteArray("PONG"));
        const RedisValue save = overTcp.command({"CONFIG", "GET", "save"});
        QCOMPARE(save.elements.value(1).bytes, QByteArray());

        SyncRedis overSocket;
        QVERIFY(overSocket.connectUnix(server.socketPath()));
        QCOMPARE(overSocket.command({"PING"}).text(), QByteArray("PONG"));
    }

    void debugCommandOnlyWhenAsked()
    {
        RedisServer plain;
        QVERIFY(plain.start());
        SyncRedis a;
        QVERIFY(a.connectUnix(plain.socketPath()));
        QVERIFY(a.command({"DEBUG", "DIGEST"}).isError());

        RedisServer::Options options;
        options.debugCommand = true;
        RedisServer debug(options);
        QVERIFY(debug.start());
        SyncRedis b;
        QVERIFY(b.connectUnix(debug.socketPath()));
        QVERIFY(!b.command({"DEBUG", "DIGEST"}).isError());
    }

    void stopAndDestructorEndTheServer()
    {
        QString socket;
        {
            RedisServer server;
            QVERIFY(server.start());
            socket = server.socketPath();
            server.stop();
            QVERIFY(!server.isRunning());
            SyncRedis client;
            QVERIFY(!client.connectUnix(socket));
            QVERIFY(server.start()); // restart on the same socket
            QVERIFY(client.connectUnix(socket));
        }
        SyncRedis client;
        QVERIFY(!client.connectUnix(socket));
    }

    void killAndRestartKeepPort()
    {
        RedisServer::Options options;
        options.tcp = true;
        RedisServer server(options);
        QVERIFY(server.start());
        const quint16 port = server.port();
        server.kill();
        QVERIFY(!server.isRunning());
        QVERIFY(server.start());
        QCOMPARE(server.port(), port);
    }

    void fixtureFlushes()
    {
        QlessFixture fixture;
        QVERIFY(fixture.start());
        fixture.command({"SET", "k", "v"});
        QCOMPARE(fixture.command({"DBSIZE"}).integer, 1);
        fixture.flush();
        QCOMPARE(fixture.command({"DBSIZE"}).integer, 0);
    }
};

QTEST_GUILESS_MAIN(TestRedisServer)
#include "tst_redisserver.moc"
