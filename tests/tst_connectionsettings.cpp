// SPDX-License-Identifier: GPL-3.0-or-later
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
        const ConnectionSettings s =
            ConnectionSettings::fromUrl(QStringLiteral("redis://ops:p%40ss@redis.example:6380/3"), &error);
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
        const ConnectionSettings s =
            ConnectionSettings::fromUrl(QStringLiteral("unix:///run/redis/redis.sock?db=4&readonly=1&timeout=2500"));
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

    void sentinelOverTls()
    {
        QString error;
        const ConnectionSettings s = ConnectionSettings::fromUrl(
            QStringLiteral("rediss-sentinel://:pw@10.0.0.1:26379,10.0.0.2/mymaster/2?ca=/etc/ca.pem&sni=redis.example"),
            &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(s.transport, ConnectionSettings::Transport::Sentinel);
        QVERIFY(s.usesTls());
        QCOMPARE(s.sentinels.size(), 2);
        QCOMPARE(s.masterName, QStringLiteral("mymaster"));
        QCOMPARE(s.db, 2);
        QCOMPARE(s.tls.caFile, QStringLiteral("/etc/ca.pem"));
        QCOMPARE(s.tls.serverName, QStringLiteral("redis.example"));
        QVERIFY(s.describe().startsWith(QLatin1String("rediss-sentinel://")));
        QVERIFY(!s.describe().contains(QLatin1String("pw")));

        const ConnectionSettings plain = ConnectionSettings::fromUrl(QStringLiteral("redis-sentinel://h/m"));
        QVERIFY(!plain.usesTls());
        QVERIFY(plain.describe().startsWith(QLatin1String("redis-sentinel://")));
        QVERIFY(ConnectionSettings::fromUrl(QStringLiteral("rediss://h")).usesTls());
        QVERIFY(!ConnectionSettings::fromUrl(QStringLiteral("redis://h")).usesTls());
    }

    // Taken silently, a TLS option would let the operator believe the password travels encrypted.
    void tlsOptionsOnAPlainSchemeAreRefused_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("hint");
        QTest::newRow("sentinel ca") << QStringLiteral("redis-sentinel://h:1/m?ca=/etc/ca.pem")
                                     << QStringLiteral("rediss-sentinel://");
        QTest::newRow("sentinel verify") << QStringLiteral("redis-sentinel://h:1/m?verify=0")
                                         << QStringLiteral("rediss-sentinel://");
        QTest::newRow("redis cert") << QStringLiteral("redis://h?cert=/c.pem&key=/k.pem")
                                    << QStringLiteral("rediss://");
        QTest::newRow("redis sni") << QStringLiteral("redis://h?sni=name") << QStringLiteral("rediss://");
        QTest::newRow("unix ca") << QStringLiteral("unix:///tmp/r.sock?ca=/etc/ca.pem")
                                 << QStringLiteral("unix socket");
    }

    void tlsOptionsOnAPlainSchemeAreRefused()
    {
        QFETCH(QString, url);
        QFETCH(QString, hint);
        QString error;
        ConnectionSettings::fromUrl(url, &error);
        QVERIFY2(error.contains(QLatin1String("TLS")) && error.contains(hint), qPrintable(error));
    }

    // An error quotes parts of the URL; the password is never one of them, whatever broke the URL
    // (its own characters included). Two halves, so that a password cut in two is caught too.
    void errorsNeverShowThePassword_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("not a url") << QStringLiteral("redis://ops:Kq7wPass Zr4x@h:1");
        QTest::newRow("scheme") << QStringLiteral("http://ops:Kq7wZr4x@h");
        QTest::newRow("port") << QStringLiteral("redis://ops:Kq7wZr4x@h:99999");
        QTest::newRow("db") << QStringLiteral("redis://ops:Kq7wZr4x@h/abc");
        QTest::newRow("slash in password") << QStringLiteral("redis://ops:Kq7w/Zr4x@h:1");
        QTest::newRow("question mark in password") << QStringLiteral("redis://ops:Kq7w?Zr4x@h:1");
        QTest::newRow("hash in password") << QStringLiteral("rediss://ops:Kq7w#Zr4x@h:1");
        QTest::newRow("sentinel, slash in password") << QStringLiteral("redis-sentinel://ops:Kq7w/Zr4x@h:1/m");
        QTest::newRow("sentinel, question mark") << QStringLiteral("redis-sentinel://ops:Kq7w?Zr4x@h:1/m");
        QTest::newRow("sentinel address") << QStringLiteral("redis-sentinel://ops:Kq7wZr4x@h:x/m");
        QTest::newRow("unix") << QStringLiteral("unix://ops:Kq7wZr4x@/tmp/r.sock?timeout=0");
    }

    void errorsNeverShowThePassword()
    {
        QFETCH(QString, url);
        QString error;
        ConnectionSettings::fromUrl(url, &error);
        QVERIFY2(!error.isEmpty(), qPrintable(url));
        QVERIFY2(!error.contains(QLatin1String("Kq7w")) && !error.contains(QLatin1String("Zr4x")), qPrintable(error));
    }

    void aPasswordsOwnCharactersAreNamedAsTheTrouble()
    {
        QString error;
        ConnectionSettings::fromUrl(QStringLiteral("redis://ops:Kq7w/Zr4x@h:1"), &error);
        QVERIFY2(error.contains(QLatin1String("percent-encoded")) && error.contains(QLatin1String("ops:******@h:1")),
                 qPrintable(error));
    }

    void withoutPassword()
    {
        QCOMPARE(ConnectionSettings::withoutPassword(QStringLiteral("redis://ops:pw@h:1/2")),
                 QStringLiteral("redis://ops:******@h:1/2"));
        QCOMPARE(ConnectionSettings::withoutPassword(QStringLiteral("redis://:p@w/x@h")),
                 QStringLiteral("redis://:******@h"));
        QCOMPARE(ConnectionSettings::withoutPassword(QStringLiteral("redis://ops@h:1")),
                 QStringLiteral("redis://ops@h:1"));
        QCOMPARE(ConnectionSettings::withoutPassword(QStringLiteral("redis://h:1/0")), QStringLiteral("redis://h:1/0"));
        QCOMPARE(ConnectionSettings::withoutPassword(QStringLiteral("redis-sentinel://:pw@a:1,b:2/m")),
                 QStringLiteral("redis-sentinel://:******@a:1,b:2/m"));
    }

    void passwordFromTheEnvironment()
    {
        qputenv("REDIS_PASSWORD", "from-env");
        ConnectionSettings none = ConnectionSettings::fromUrl(QStringLiteral("redis://ops@h"));
        QVERIFY(none.takePasswordFromEnvironment());
        QCOMPARE(none.password, QStringLiteral("from-env"));
        QCOMPARE(none.user, QStringLiteral("ops"));
        // The URL's own password wins.
        ConnectionSettings own = ConnectionSettings::fromUrl(QStringLiteral("redis://:in-url@h"));
        QVERIFY(!own.takePasswordFromEnvironment());
        QCOMPARE(own.password, QStringLiteral("in-url"));
        qputenv("REDIS_URL", "redis://envhost:1234/5");
        QCOMPARE(ConnectionSettings::fromEnvironment().password, QStringLiteral("from-env"));
        qunsetenv("REDIS_URL");
        qunsetenv("REDIS_PASSWORD");
        ConnectionSettings unset = ConnectionSettings::fromUrl(QStringLiteral("redis://h"));
        QVERIFY(!unset.takePasswordFromEnvironment());
        QVERIFY(unset.password.isEmpty());
        QVERIFY(ConnectionSettings::secretVariables().contains(QStringLiteral("REDIS_PASSWORD")));
        QVERIFY(ConnectionSettings::secretVariables().contains(QStringLiteral("REDIS_URL")));
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
