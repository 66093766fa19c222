// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"
#include "redisserver.h"
#include "replywaiter.h"
#include "testcertificates.h"

#include <QSslSocket>
#include <QTcpServer>
#include <QTest>
#include <QUrl>

#include <memory>

// rediss:// against redis-server --tls-port, with certificates made in the test.
class TestRedisTls final : public QObject
{
    Q_OBJECT

private:
    QString url(const QString &caFile, const QString &extra = {}) const
    {
        return QStringLiteral("rediss://127.0.0.1:%1/0?ca=%2&cert=%3&key=%4%5")
            .arg(m_tlsPort)
            .arg(QString::fromUtf8(QUrl::toPercentEncoding(caFile)),
                 QString::fromUtf8(QUrl::toPercentEncoding(m_certificates.clientCert())),
                 QString::fromUtf8(QUrl::toPercentEncoding(m_certificates.clientKey())), extra);
    }

    TestCertificates m_certificates;
    std::unique_ptr<RedisServer> m_server;
    quint16 m_tlsPort = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(QSslSocket::supportsSsl());
        QString error;
        QVERIFY2(m_certificates.generate(&error), qPrintable(error));
        // A port that is free now; the unix socket is the fixture's readiness probe.
        for (int attempt = 0; attempt < 5 && !m_server; ++attempt) {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            m_tlsPort = probe.serverPort();
            probe.close();
            RedisServer::Options options;
            options.extraArgs = QStringList{
                QStringLiteral("--tls-port"),         QString::number(m_tlsPort),
                QStringLiteral("--tls-cert-file"),    m_certificates.serverCert(),
                QStringLiteral("--tls-key-file"),     m_certificates.serverKey(),
                QStringLiteral("--tls-ca-cert-file"), m_certificates.caFile(),
            };
            auto server = std::make_unique<RedisServer>(options);
            if (server->start(&error))
                m_server = std::move(server);
        }
        QVERIFY2(m_server, qPrintable(error));
    }

    void verifiedConnection()
    {
        RedisConnection connection(ConnectionSettings::fromUrl(url(m_certificates.caFile())));
        QVERIFY(awaitReady(connection));
        QCOMPARE(awaitReply(connection, RedisCommand::write({"SET", "k", "over tls"})).bytes, QByteArray("OK"));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"GET", "k"})).bytes, QByteArray("over tls"));
        // The script path works the same over TLS.
        QCOMPARE(
            awaitReply(connection, RedisCommand::readScript(QStringLiteral("config"), {}, {"get", "heartbeat"})).bytes,
            QByteArray("60"));
    }

    void serverNameGivenForTheCertificate()
    {
        RedisConnection connection(
            ConnectionSettings::fromUrl(url(m_certificates.caFile(), QStringLiteral("&sni=localhost"))));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));

        RedisConnection wrongName(
            ConnectionSettings::fromUrl(url(m_certificates.caFile(), QStringLiteral("&sni=elsewhere.example"))));
        QTRY_COMPARE_WITH_TIMEOUT(wrongName.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(wrongName.state().error.kind, RedisError::Kind::TlsHandshake);
        // The operator is told it is the name, and which name was expected, not only "failed".
        const QString message = wrongName.state().error.message;
        QVERIFY2(message.contains(QLatin1String("host name did not match")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("expected elsewhere.example")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("the certificate names localhost")), qPrintable(message));
        // Nothing waits past the connect timeout for it: a request fails with the same reason.
        const RedisReply reply = awaitReply(wrongName, RedisCommand::read({"PING"}), 5000);
        QCOMPARE(reply.error.kind, RedisError::Kind::TlsHandshake);
    }

    void wrongCaIsRefused()
    {
        RedisConnection connection(ConnectionSettings::fromUrl(url(m_certificates.otherCaFile())));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Failed, 20000);
        const RedisError error = connection.state().error;
        QCOMPARE(error.kind, RedisError::Kind::TlsHandshake);
        QVERIFY2(error.message.startsWith(QLatin1String("TLS handshake failed")), qPrintable(error.message));
        const RedisReply reply = awaitReply(connection, RedisCommand::read({"PING"}));
        QCOMPARE(reply.error.kind, RedisError::Kind::TlsHandshake);
    }

    void verificationCanBeTurnedOff()
    {
        RedisConnection connection(
            ConnectionSettings::fromUrl(url(m_certificates.otherCaFile(), QStringLiteral("&verify=0"))));
        QCOMPARE(awaitReply(connection, RedisCommand::read({"PING"})).bytes, QByteArray("PONG"));
    }

    void unreadableFilesSaySo()
    {
        RedisConnection connection(ConnectionSettings::fromUrl(url(QStringLiteral("/nonexistent/ca.pem"))));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state().phase, ConnectionState::Phase::Failed, 20000);
        QCOMPARE(connection.state().error.kind, RedisError::Kind::InvalidSettings);
        QVERIFY(connection.state().error.message.contains(QLatin1String("/nonexistent/ca.pem")));
    }
};

QTEST_GUILESS_MAIN(TestRedisTls)
#include "tst_redistls.moc"
