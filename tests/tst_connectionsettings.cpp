#include "connectionsettings.h"

#include <QTest>

// Where to connect, from the URLs operators paste.
class TestConnectionSettings final : public QObject
{
    Q_OBJECT

private slots:
    void plainRedis()
    {
        QString error;
        const ConnectionSettings s = ConnectionSettings::fromUrl(
            QStringLiteral("redis://ops:p%40ss@redis.example:6380/3"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(s.transport, ConnectionSettings::Transport::Tcp);
        QCOMPARE(s.host, QStringLiteral("redis.example"));
        QCOMPARE(s.port, quint16(6380));
        QCOMPARE(s.db, 3);
        QCOMPARE(s.user, QStringLiteral("ops"));
        QCOMPARE(s.password, QStringLiteral("p@ss"));
        QVERIFY(!s.readOnly);
        QVERIFY(!s.describe().contains(QLatin1String("p@ss")));
    }

    void passwordOnlyAndDefaults()
    {
        const ConnectionSettings s = ConnectionSettings::fromUrl(QStringLiteral("redis://:secret@10.0.0.1"));
        QCOMPARE(s.user, QString());
        QCOMPARE(s.password, QStringLiteral("secret"));
        QCOMPARE(s.port, quint16(6379));
        QCOMPARE(s.db, 0);
    }

    void tlsWithFiles()
    {
        QString error;
        const ConnectionSettings s = ConnectionSettings::fromUrl(
            QStringLiteral("rediss://h:7000/1?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem&sni=name.example"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(s.transport, ConnectionSettings::Transport::Tls);
        QCOMPARE(s.tls.caFile, QStringLiteral("/etc/ca.pem"));
        QCOMPARE(s.tls.certFile, QStringLiteral("/c.pem"));
        QCOMPARE(s.tls.keyFile, QStringLiteral("/k.pem"));
        QCOMPARE(s.tls.serverName, QStringLiteral("name.example"));
        QVERIFY(s.tls.verifyPeer);
        QVERIFY(!ConnectionSettings::fromUrl(QStringLiteral("rediss://h?verify=0")).tls.verifyPeer);
        ConnectionSettings::fromUrl(QStringLiteral("rediss://h?cert=/c.pem"), &error);
        QVERIFY(error.contains(QLatin1String("key")));
    }

    void unixSocket()
    {
        const ConnectionSettings s = ConnectionSettings::fromUrl(
            QStringLiteral("unix:///run/redis/redis.sock?db=4&readonly=1&timeout=2500"));
        QCOMPARE(s.transport, ConnectionSettings::Transport::Unix);
        QCOMPARE(s.socketPath, QStringLiteral("/run/redis/redis.sock"));
        QCOMPARE(s.db, 4);
        QVERIFY(s.readOnly);
        QCOMPARE(s.requestTimeoutMs, 2500);
    }

    void sentinel()
    {
        QString error;
        const ConnectionSettings s = ConnectionSettings::fromUrl(
            QStringLiteral("redis-sentinel://:pw@10.0.0.1:26379,10.0.0.2,[::1]:26380/mymaster/2"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(s.transport, ConnectionSettings::Transport::Sentinel);
        QCOMPARE(s.sentinels.size(), 3);
        QCOMPARE(s.sentinels.at(0), qMakePair(QStringLiteral("10.0.0.1"), quint16(26379)));
        QCOMPARE(s.sentinels.at(1), qMakePair(QStringLiteral("10.0.0.2"), quint16(26379)));
        QCOMPARE(s.sentinels.at(2), qMakePair(QStringLiteral("::1"), quint16(26380)));
        QCOMPARE(s.masterName, QStringLiteral("mymaster"));
        QCOMPARE(s.db, 2);
        QCOMPARE(s.password, QStringLiteral("pw"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("scheme") << QStringLiteral("http://h");
        QTest::newRow("db") << QStringLiteral("redis://h/abc");
        QTest::newRow("no socket") << QStringLiteral("unix://");
        QTest::newRow("no master") << QStringLiteral("redis-sentinel://h:1");
        QTest::newRow("no sentinel") << QStringLiteral("redis-sentinel:///m");
        QTest::newRow("timeout") << QStringLiteral("redis://h?timeout=soon");
        // No "no limit": the request timeout is also how a dead connection is noticed.
        QTest::newRow("timeout 0") << QStringLiteral("redis://h?timeout=0");
        QTest::newRow("unix timeout 0") << QStringLiteral("unix:///tmp/r.sock?timeout=0");
        QTest::newRow("sentinel timeout 0") << QStringLiteral("redis-sentinel://h:1/m?timeout=0");
        QTest::newRow("connect_timeout 0") << QStringLiteral("redis://h?connect_timeout=0");
        QTest::newRow("garbage") << QStringLiteral("not a url");
    }

    void errors()
    {
        QFETCH(QString, url);
        QString error;
        ConnectionSettings::fromUrl(url, &error);
        QVERIFY2(!error.isEmpty(), qPrintable(url));
    }

    void zeroTimeoutSaysWhy()
    {
        QString error;
        ConnectionSettings::fromUrl(QStringLiteral("redis://h?timeout=0"), &error);
        QVERIFY2(error.contains(QLatin1String("at least 1 ms")), qPrintable(error));
        QVERIFY(ConnectionSettings::fromUrl(QStringLiteral("redis://h?timeout=1")).check().isEmpty());
        QVERIFY(ConnectionSettings().check().isEmpty());
    }

    void environment()
    {
        qputenv("REDIS_URL", "redis://envhost:1234/5");
        QCOMPARE(ConnectionSettings::fromEnvironment().host, QStringLiteral("envhost"));
        qunsetenv("REDIS_URL");
        const ConnectionSettings fallback = ConnectionSettings::fromEnvironment();
        QCOMPARE(fallback.host, QStringLiteral("127.0.0.1"));
        QCOMPARE(fallback.port, quint16(6379));
    }
};

QTEST_GUILESS_MAIN(TestConnectionSettings)
#include "tst_connectionsettings.moc"
