// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectionprofile.h"

#include <QTest>

// ConnectionProfile: a saved connection rebuilds exactly the settings it came from, less the password.
class TestConnectionProfile final : public QObject
{
    Q_OBJECT

private slots:
    void roundTripThroughSettings_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("tcp") << QStringLiteral("redis://ops:s3cret@redis.example:6380/3?readonly=1");
        QTest::newRow("tls") << QStringLiteral(
            "rediss://h.example:7000/1?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem&sni=name.example&verify=0");
        QTest::newRow("unix") << QStringLiteral("unix://:pw@/run/redis/redis.sock?db=2&timeout=900");
        QTest::newRow("sentinel") << QStringLiteral(
            "redis-sentinel://:pw@s1:26379,s2:26380,[::1]:26381/mymaster/4?connect_timeout=1200");
    }

    void roundTripThroughSettings()
    {
        QFETCH(QString, url);
        QString error;
        const ConnectionSettings original = ConnectionSettings::fromUrl(url, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const ConnectionProfile profile = ConnectionProfile::fromSettings(QStringLiteral("p"), original);
        QCOMPARE(profile.usesPassword, !original.password.isEmpty());
        QVERIFY2(profile.problems().isEmpty(), qPrintable(profile.problems().join(QLatin1Char(' '))));

        const ConnectionSettings rebuilt = profile.toSettings(original.password);
        QCOMPARE(rebuilt.describe(), original.describe());
        QCOMPARE(rebuilt.password, original.password);
        QCOMPARE(rebuilt.sentinels, original.sentinels);
        QCOMPARE(rebuilt.masterName, original.masterName);
        QCOMPARE(rebuilt.tls.caFile, original.tls.caFile);
        QCOMPARE(rebuilt.tls.certFile, original.tls.certFile);
        QCOMPARE(rebuilt.tls.keyFile, original.tls.keyFile);
        QCOMPARE(rebuilt.tls.verifyPeer, original.tls.verifyPeer);
        QCOMPARE(rebuilt.tls.serverName, original.tls.serverName);
        QCOMPARE(rebuilt.readOnly, original.readOnly);
        QCOMPARE(rebuilt.connectTimeoutMs, original.connectTimeoutMs);
        QCOMPARE(rebuilt.requestTimeoutMs, original.requestTimeoutMs);
        QCOMPARE(ConnectionProfile::fromSettings(QStringLiteral("p"), rebuilt), profile);
        // Without a password given, none comes back: the profile never held it.
        QCOMPARE(profile.toSettings().password, QString());
    }

    void problemsPerTransport()
    {
        ConnectionProfile tcp;
        tcp.host.clear();
        QCOMPARE(tcp.problems(), QStringList{ConnectionProfile::tr("Enter the server's host name or address.")});
        tcp.host = QStringLiteral("h");
        tcp.port = 0;
        tcp.db = -1;
        QCOMPARE(tcp.problems().size(), 2);
        QVERIFY(tcp.problems().at(0).contains(QLatin1String("1 to 65535")));
        QVERIFY(tcp.problems().at(1).contains(QLatin1String("0 or more")));

        ConnectionProfile tls;
        tls.transport = ConnectionSettings::Transport::Tls;
        tls.tls.certFile = QStringLiteral("/c.pem");
        QCOMPARE(tls.problems(),
                 QStringList{ConnectionProfile::tr("A client certificate needs its private key file.")});

        ConnectionProfile unixSocket;
        unixSocket.transport = ConnectionSettings::Transport::Unix;
        QCOMPARE(unixSocket.problems(),
                 QStringList{ConnectionProfile::tr("Enter the path of the server's unix socket.")});

        ConnectionProfile sentinel;
        sentinel.transport = ConnectionSettings::Transport::Sentinel;
        QCOMPARE(sentinel.problems().size(), 2);
        sentinel.sentinels = {{QStringLiteral("s1"), 26379}};
        sentinel.masterName = QStringLiteral("mymaster");
        QVERIFY(sentinel.problems().isEmpty());
    }

    void sentinelLists()
    {
        QList<QPair<QString, quint16>> sentinels;
        QString error;
        QVERIFY(
            ConnectionProfile::parseSentinels(QStringLiteral(" s1:26379, s2\n[::1]:26380;s3:1 "), &sentinels, &error));
        const QList<QPair<QString, quint16>> expected = {{QStringLiteral("s1"), 26379},
                                                         {QStringLiteral("s2"), 26379},
                                                         {QStringLiteral("::1"), 26380},
                                                         {QStringLiteral("s3"), 1}};
        QCOMPARE(sentinels, expected);
        QCOMPARE(ConnectionProfile::formatSentinels(sentinels),
                 QStringLiteral("s1:26379, s2:26379, [::1]:26380, s3:1"));

        for (const QString &bad : {QStringLiteral("s1:0"), QStringLiteral("s1:70000"), QStringLiteral("s1:port"),
                                   QStringLiteral("user@s1:1")}) {
            QVERIFY2(!ConnectionProfile::parseSentinels(bad, &sentinels, &error), qPrintable(bad));
            QVERIFY(error.contains(bad));
            QVERIFY(sentinels.isEmpty());
        }
    }

    void transportKeys()
    {
        for (auto transport : {ConnectionSettings::Transport::Tcp, ConnectionSettings::Transport::Tls,
                               ConnectionSettings::Transport::Unix, ConnectionSettings::Transport::Sentinel}) {
            ConnectionSettings::Transport back = ConnectionSettings::Transport::Tcp;
            QVERIFY(ConnectionProfile::transportFromKey(ConnectionProfile::transportKey(transport), &back));
            QCOMPARE(back, transport);
        }
        ConnectionSettings::Transport unchanged = ConnectionSettings::Transport::Unix;
        QVERIFY(!ConnectionProfile::transportFromKey(QStringLiteral("carrier-pigeon"), &unchanged));
        QCOMPARE(unchanged, ConnectionSettings::Transport::Unix);
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfile)
#include "tst_connectionprofile.moc"
