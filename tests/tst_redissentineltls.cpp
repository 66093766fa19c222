// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"
#include "redissentinel.h"
#include "redisserver.h"
#include "redissubscriber.h"
#include "replywaiter.h"
#include "syncredis.h"
#include "testcertificates.h"

#include <QSslSocket>
#include <QTcpServer>
#include <QTest>
#include <QUrl>

#include <memory>

// rediss-sentinel:// against a master and a sentinel that take TLS: the sentinel is asked over
// TLS, and the master it names is reached over TLS, its password included. The master listens
// for TLS only (no plain TCP port), so nothing of ours can reach it in plain text.
class TestRedisSentinelTls final : public QObject
{
    Q_OBJECT

private:
    QString tlsQuery() const
    {
        return QStringLiteral("?ca=%1&cert=%2&key=%3")
            .arg(QString::fromUtf8(QUrl::toPercentEncoding(m_certificates.caFile())),
                 QString::fromUtf8(QUrl::toPercentEncoding(m_certificates.clientCert())),
                 QString::fromUtf8(QUrl::toPercentEncoding(m_certificates.clientKey())));
    }

    TestCertificates m_certificates;
    std::unique_ptr<RedisServer> m_master;
    std::unique_ptr<RedisSentinel> m_sentinel;
    quint16 m_masterTlsPort = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(QSslSocket::supportsSsl());
        QString error;
        QVERIFY2(m_certificates.generate(&error), qPrintable(error));
        // A port that is free now; the unix socket is the fixture's readiness probe.
        for (int attempt = 0; attempt < 5 && !m_master; ++attempt) {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            m_masterTlsPort = probe.serverPort();
            probe.close();
            RedisServer::Options options;
            options.extraArgs = QStringList{
                QStringLiteral("--tls-port"),         QString::number(m_masterTlsPort),
                QStringLiteral("--tls-cert-file"),    m_certificates.serverCert(),
                QStringLiteral("--tls-key-file"),     m_certificates.serverKey(),
                QStringLiteral("--tls-ca-cert-file"), m_certificates.caFile(),
            };
            auto server = std::make_unique<RedisServer>(options);
            if (server->start(&error))
                m_master = std::move(server);
        }
        QVERIFY2(m_master, qPrintable(error));
        {
            // After the start: the fixture's readiness probe has no password.
            SyncRedis admin;
            QVERIFY(admin.connectUnix(m_master->socketPath()));
            QCOMPARE(admin.command({"CONFIG", "SET", "requirepass", "master-pw"}).bytes, QByteArray("OK"));
        }
        RedisSentinel::Options options;
        options.tlsCertFile = m_certificates.serverCert();
        options.tlsKeyFile = m_certificates.serverKey();
        options.tlsCaFile = m_certificates.caFile();
        options.masterPassword = QStringLiteral("master-pw");
        m_sentinel = std::make_unique<RedisSentinel>(QStringLiteral("mymaster"), m_masterTlsPort, options);
        QVERIFY2(m_sentinel->start(&error), qPrintable(error));
    }

    void sentinelAndMasterOverTls()
    {
        RedisConnection connection(ConnectionSettings::fromUrl(
            QStringLiteral("rediss-sentinel://:master-pw@127.0.0.1:%1/mymaster").arg(m_sentinel->tlsPort())
            + tlsQuery()));
        QVERIFY2(awaitReady(connection), qPrintable(connection.state().describe()));
        QVERIFY2(connection.state().address.contains(QStringLiteral(":%1 ").arg(m_masterTlsPort)),
                 qPrintable(connection.state().address));
        QCOMPARE(awaitReply(connection, RedisCommand::write({"SET", "k", "found over tls"})).bytes, QByteArray("OK"));
        SyncRedis check;
        QVERIFY(check.connectUnix(m_master->socketPath()));
        QCOMPARE(check.command({"AUTH", "master-pw"}).bytes, QByteArray("OK"));
        QCOMPARE(check.command({"GET", "k"}).bytes, QByteArray("found over tls"));
        // Our connection came in on the master's TLS port, its only TCP listener.
        QByteArray ours;
        for (const QByteArray &line : check.command({"CLIENT", "LIST"}).bytes.split('\n')) {
            if (line.contains(" name=qlessdesk "))
                ours = line;
        }
        const QByteArray listener = " laddr=127.0.0.1:" + QByteArray::number(m_masterTlsPort) + ' ';
        QVERIFY2(ours.contains(listener), ours.constData());
    }

    // The events connection (pub/sub) finds the master the same way, over TLS too.
    void eventsOverTls()
    {
        RedisSubscriber subscriber(
            ConnectionSettings::fromUrl(
                QStringLiteral("rediss-sentinel://:master-pw@127.0.0.1:%1/mymaster").arg(m_sentinel->tlsPort())
                + tlsQuery()),
            {"ql:log"}, {});
        QTRY_COMPARE_WITH_TIMEOUT(subscriber.state().phase, ConnectionState::Phase::Ready, 20000);
        SyncRedis check;
        QVERIFY(check.connectUnix(m_master->socketPath()));
        QCOMPARE(check.command({"AUTH", "master-pw"}).bytes, QByteArray("OK"));
        QByteArray ours;
        for (const QByteArray &line : check.command({"CLIENT", "LIST"}).bytes.split('\n')) {
            if (line.contains(" name=qlessdesk-events "))
                ours = line;
        }
        const QByteArray listener = " laddr=127.0.0.1:" + QByteArray::number(m_masterTlsPort) + ' ';
        QVERIFY2(ours.contains(listener), ours.constData());
    }

    // Asked in plain text, a TLS-only sentinel gives no answer: the TLS of a rediss-sentinel://
    // URL is what reached it above, not a plain connection that happened to work.
    void plainSentinelUrlDoesNotReachATlsSentinel()
    {
        ConnectionSettings settings = ConnectionSettings::fromUrl(
            QStringLiteral("redis-sentinel://:master-pw@127.0.0.1:%1/mymaster?connect_timeout=1000")
                .arg(m_sentinel->tlsPort()));
        settings.maxReconnectAttempts = 1;
        RedisConnection connection(settings);
        QTRY_VERIFY_WITH_TIMEOUT(connection.state().phase == ConnectionState::Phase::Reconnecting
                                     || connection.state().phase == ConnectionState::Phase::Failed,
                                 20000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::SentinelUnavailable);
    }

    void anUnreadableCertificateFileEndsTheLookup()
    {
        RedisConnection connection(
            ConnectionSettings::fromUrl(QStringLiteral("rediss-sentinel://127.0.0.1:%1/mymaster?ca=/nonexistent/ca.pem")
                                            .arg(m_sentinel->tlsPort())));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::InvalidSettings);
        QVERIFY(connection.state().error.message.contains(QLatin1String("/nonexistent/ca.pem")));
    }
};

QTEST_GUILESS_MAIN(TestRedisSentinelTls)
#include "tst_redissentineltls.moc"
