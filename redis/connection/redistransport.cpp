// SPDX-License-Identifier: GPL-3.0-or-later
#include "redistransport.h"

#include <QFile>
#include <QLocalSocket>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#endif

namespace {
using Kind = RedisError::Kind;

RedisError socketError(QAbstractSocket::SocketError code, const QString &text, bool up)
{
    switch (code) {
    case QAbstractSocket::ConnectionRefusedError:
        return RedisError::make(Kind::ConnectionRefused, QStringLiteral("Connection refused: is Redis running there?"));
    case QAbstractSocket::HostNotFoundError:
        return RedisError::make(Kind::HostNotFound, QStringLiteral("Host not found: ") + text);
    case QAbstractSocket::SocketTimeoutError:
        return RedisError::make(Kind::ConnectTimeout, QStringLiteral("Timed out connecting: ") + text);
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError:
        return RedisError::make(Kind::TlsHandshake, QStringLiteral("TLS handshake failed: ") + text);
    case QAbstractSocket::RemoteHostClosedError:
        return RedisError::make(Kind::ConnectionLost,
                                up ? QStringLiteral("The server closed the connection")
                                   : QStringLiteral("The server closed the connection while connecting"));
    default: return RedisError::make(Kind::ConnectionLost, QStringLiteral("Connection lost: ") + text);
    }
}

RedisError localSocketError(QLocalSocket::LocalSocketError code, const QString &text, const QString &path)
{
    switch (code) {
    case QLocalSocket::ServerNotFoundError:
    case QLocalSocket::ConnectionRefusedError:
        return RedisError::make(Kind::ConnectionRefused,
                                QStringLiteral("Connection refused: no Redis listening on %1").arg(path));
    case QLocalSocket::PeerClosedError:
        return RedisError::make(Kind::ConnectionLost, QStringLiteral("The server closed the connection"));
    case QLocalSocket::SocketTimeoutError:
        return RedisError::make(Kind::ConnectTimeout, QStringLiteral("Timed out connecting: ") + text);
    default: return RedisError::make(Kind::ConnectionLost, QStringLiteral("Connection lost: ") + text);
    }
}

QSslKey readKey(const QByteArray &pem)
{
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        const QSslKey key(pem, algorithm);
        if (!key.isNull())
            return key;
    }
    return QSslKey();
}

RedisError closedByServer()
{
    return RedisError::make(Kind::ConnectionLost, QStringLiteral("The server closed the connection"));
}
} // namespace

RedisTransport::RedisTransport(const ConnectionSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{}

RedisTransport::~RedisTransport()
{
    close();
}

void RedisTransport::open(const QString &host, quint16 port)
{
    if (m_settings.transport == ConnectionSettings::Transport::Unix)
        openUnix();
    else
        openTcp(host, port);
}

void RedisTransport::openUnix()
{
    auto *socket = new QLocalSocket(this);
    m_device = socket;
    connect(socket, &QLocalSocket::connected, this, [this] {
        m_up = true;
        emit up();
    });
    connect(socket, &QLocalSocket::readyRead, this, &RedisTransport::readyRead);
    connect(socket, &QLocalSocket::errorOccurred, this, [this, socket](QLocalSocket::LocalSocketError code) {
        emit failed(localSocketError(code, socket->errorString(), m_settings.socketPath), false);
    });
    connect(socket, &QLocalSocket::disconnected, this, [this] { emit failed(closedByServer(), false); });
    socket->connectToServer(m_settings.socketPath);
}

void RedisTransport::openTcp(const QString &host, quint16 port)
{
    QTcpSocket *socket = nullptr;
    if (m_settings.usesTls()) {
        auto *ssl = new QSslSocket(this);
        socket = ssl;
        m_device = ssl;
        QSslConfiguration config = ssl->sslConfiguration();
        const ConnectionSettings::Tls &tls = m_settings.tls;
        if (!tls.caFile.isEmpty()) {
            const QList<QSslCertificate> cas = QSslCertificate::fromPath(tls.caFile, QSsl::Pem);
            if (cas.isEmpty()) {
                emit failed(RedisError::make(Kind::InvalidSettings,
                                             QStringLiteral("Cannot read a CA certificate from %1").arg(tls.caFile)),
                            true);
                return;
            }
            config.setCaCertificates(cas);
        }
        if (!tls.certFile.isEmpty()) {
            const QList<QSslCertificate> certs = QSslCertificate::fromPath(tls.certFile, QSsl::Pem);
            QFile keyFile(tls.keyFile);
            const QSslKey key = keyFile.open(QIODevice::ReadOnly) ? readKey(keyFile.readAll()) : QSslKey();
            if (certs.isEmpty() || key.isNull()) {
                emit failed(RedisError::make(Kind::InvalidSettings,
                                             QStringLiteral("Cannot read the client certificate %1 or its key %2")
                                                 .arg(tls.certFile, tls.keyFile)),
                            true);
                return;
            }
            config.setLocalCertificate(certs.first());
            config.setPrivateKey(key);
        }
        config.setPeerVerifyMode(tls.verifyPeer ? QSslSocket::VerifyPeer : QSslSocket::VerifyNone);
        ssl->setSslConfiguration(config);
        const QString expectedName = tls.serverName.isEmpty() ? host : tls.serverName;
        connect(ssl, &QSslSocket::sslErrors, this, [this, expectedName](const QList<QSslError> &errors) {
            QStringList texts;
            for (const QSslError &error : errors) {
                texts << error.errorString();
                // Qt's text says a name did not match, not which: the operator needs both sides.
                if (error.error() == QSslError::HostNameMismatch) {
                    QStringList names = error.certificate().subjectAlternativeNames().values(QSsl::DnsEntry);
                    names += error.certificate().subjectAlternativeNames().values(QSsl::IpAddressEntry);
                    texts.last() += QStringLiteral(" (expected %1; the certificate names %2)")
                                        .arg(expectedName, names.isEmpty() ? QStringLiteral("no host")
                                                                           : names.join(QStringLiteral(", ")));
                }
            }
            m_sslErrors = texts.join(QStringLiteral("; "));
        });
    } else {
        socket = new QTcpSocket(this);
        m_device = socket;
    }
    auto becameUp = [this, socket] {
        // Before anything is written, so that even the handshake is covered.
        socket->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        tuneKeepAlive(socket->socketDescriptor(), m_settings);
        m_up = true;
        emit up();
    };
    if (auto *ssl = qobject_cast<QSslSocket *>(socket))
        connect(ssl, &QSslSocket::encrypted, this, becameUp);
    else
        connect(socket, &QTcpSocket::connected, this, becameUp);
    connect(socket, &QTcpSocket::readyRead, this, &RedisTransport::readyRead);
    connect(socket, &QTcpSocket::errorOccurred, this, [this, socket](QAbstractSocket::SocketError code) {
        if (!m_sslErrors.isEmpty()) {
            // The certificate was refused: trying again cannot help until the settings change.
            emit failed(RedisError::make(Kind::TlsHandshake, QStringLiteral("TLS handshake failed: ") + m_sslErrors),
                        true);
            return;
        }
        emit failed(socketError(code, socket->errorString(), m_up), false);
    });
    connect(socket, &QTcpSocket::disconnected, this, [this] { emit failed(closedByServer(), false); });
    if (auto *ssl = qobject_cast<QSslSocket *>(socket)) {
        const QString peerName = m_settings.tls.serverName.isEmpty() ? host : m_settings.tls.serverName;
        ssl->connectToHostEncrypted(host, port, peerName);
    } else {
        socket->connectToHost(host, port);
    }
}

void RedisTransport::write(const QByteArray &bytes)
{
    if (m_device)
        m_device->write(bytes);
}

void RedisTransport::flush()
{
    // QSslSocket's flush hides QAbstractSocket's: the encrypted bytes are its own to write.
    if (auto *ssl = qobject_cast<QSslSocket *>(m_device))
        ssl->flush();
    else if (auto *socket = qobject_cast<QAbstractSocket *>(m_device))
        socket->flush();
    else if (auto *local = qobject_cast<QLocalSocket *>(m_device))
        local->flush();
}

QByteArray RedisTransport::readAll()
{
    return m_device ? m_device->readAll() : QByteArray();
}

void RedisTransport::close()
{
    if (!m_device)
        return;
    QIODevice *device = m_device;
    m_device = nullptr;
    device->disconnect(this);
    if (auto *socket = qobject_cast<QAbstractSocket *>(device))
        socket->abort();
    else if (auto *local = qobject_cast<QLocalSocket *>(device))
        local->abort();
    device->deleteLater();
}

bool RedisTransport::tuneKeepAlive(qintptr descriptor, const ConnectionSettings &settings)
{
#ifdef Q_OS_UNIX
    if (descriptor < 0)
        return false;
    const int fd = int(descriptor);
    auto set = [fd](int level, int option, int value) {
        return ::setsockopt(fd, level, option, &value, sizeof value) == 0;
    };
    bool ok = set(SOL_SOCKET, SO_KEEPALIVE, 1);
#if defined(TCP_KEEPIDLE)
    ok = set(IPPROTO_TCP, TCP_KEEPIDLE, std::max(1, settings.keepAliveIdleMs / 1000)) && ok;
#elif defined(TCP_KEEPALIVE)
    ok = set(IPPROTO_TCP, TCP_KEEPALIVE, std::max(1, settings.keepAliveIdleMs / 1000)) && ok;
#endif
#if defined(TCP_KEEPINTVL)
    ok = set(IPPROTO_TCP, TCP_KEEPINTVL, std::max(1, settings.keepAliveIntervalMs / 1000)) && ok;
#endif
#if defined(TCP_KEEPCNT)
    ok = set(IPPROTO_TCP, TCP_KEEPCNT, std::max(1, settings.keepAliveProbes)) && ok;
#endif
#if defined(TCP_USER_TIMEOUT)
    ok = set(IPPROTO_TCP, TCP_USER_TIMEOUT, std::max(0, settings.tcpUserTimeoutMs)) && ok;
#endif
    return ok;
#else
    Q_UNUSED(descriptor)
    Q_UNUSED(settings)
    return false;
#endif
}
