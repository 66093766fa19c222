#include "redisconnectionworker.h"

#include "scriptlibrary.h"
#include "sentinelresolver.h"

#include <QFile>
#include <QLocalSocket>
#include <QRandomGenerator>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace {
using Kind = RedisError::Kind;

QString seconds(int milliseconds)
{
    return QString::number(milliseconds / 1000.0, 'g', 3) + QStringLiteral(" s");
}

RedisError socketError(QAbstractSocket::SocketError code, const QString &text, bool ready)
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
        return RedisError::make(Kind::ConnectionLost, ready ? QStringLiteral("The server closed the connection")
                                                            : QStringLiteral("The server closed the connection while connecting"));
    default:
        return RedisError::make(Kind::ConnectionLost, QStringLiteral("Connection lost: ") + text);
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
    default:
        return RedisError::make(Kind::ConnectionLost, QStringLiteral("Connection lost: ") + text);
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

// Handshake errors that another attempt cannot fix: the operator must change the settings.
bool isPermanent(const RedisError &error)
{
    return error.kind == Kind::WrongPassword || error.kind == Kind::NoPermission
        || error.kind == Kind::ServerError || error.kind == Kind::InvalidSettings;
}
} // namespace

RedisConnectionWorker::RedisConnectionWorker(const ConnectionSettings &settings, std::shared_ptr<ServerClock> clock)
    : m_settings(settings)
    , m_clock(std::move(clock))
    , m_connectTimer(new QTimer(this))
    , m_reconnectTimer(new QTimer(this))
    , m_sweepTimer(new QTimer(this))
    , m_clockTimer(new QTimer(this))
    , m_resolver(new SentinelResolver(this))
{
    m_connectTimer->setSingleShot(true);
    m_reconnectTimer->setSingleShot(true);
    // Request deadlines are checked a few times a second: they are seconds long, and one timer
    // is cheaper than one per request when ten thousand are pipelined.
    m_sweepTimer->setInterval(50);
    connect(m_connectTimer, &QTimer::timeout, this, [this] {
        drop(RedisError::make(Kind::ConnectTimeout,
                              QStringLiteral("No connection within %1").arg(seconds(m_settings.connectTimeoutMs))),
             false);
    });
    connect(m_reconnectTimer, &QTimer::timeout, this, &RedisConnectionWorker::connectNow);
    connect(m_sweepTimer, &QTimer::timeout, this, &RedisConnectionWorker::sweepTimeouts);
    connect(m_clockTimer, &QTimer::timeout, this, &RedisConnectionWorker::measureClock);
    m_state.address = m_settings.describe();
}

RedisConnectionWorker::~RedisConnectionWorker() = default;

void RedisConnectionWorker::start()
{
    connectNow();
}

void RedisConnectionWorker::reconnect()
{
    if (m_closed)
        return;
    m_failedAttempts = 0;
    if (m_state.phase == ConnectionState::Phase::Failed || m_state.phase == ConnectionState::Phase::Reconnecting)
        connectNow();
}

void RedisConnectionWorker::shutdown()
{
    m_closed = true;
    m_resolver->cancel();
    m_connectTimer->stop();
    m_reconnectTimer->stop();
    m_sweepTimer->stop();
    m_clockTimer->stop();
    closeTransport();
    failAll(RedisError::make(Kind::Closed, QStringLiteral("The connection was closed")));
    setState(ConnectionState::Phase::Closed);
    deleteLater();
    thread()->quit();
}

void RedisConnectionWorker::setState(ConnectionState::Phase phase, const RedisError &error, int retryInMs)
{
    m_state.phase = phase;
    m_state.error = error;
    m_state.retryInMs = retryInMs;
    m_state.attempt = m_failedAttempts;
    emit stateChanged(m_state);
}

void RedisConnectionWorker::connectNow()
{
    if (m_closed)
        return;
    closeTransport();
    m_reconnectTimer->stop();
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        setState(ConnectionState::Phase::Connecting);
        m_resolver->resolve(m_settings.sentinels, m_settings.masterName, m_settings.connectTimeoutMs,
                            [this](const QString &host, quint16 port, const RedisError &error) {
                                if (!error.isNull()) {
                                    drop(error, false);
                                    return;
                                }
                                m_state.address = QStringLiteral("%1:%2 (master \"%3\" by Sentinel)")
                                                      .arg(host).arg(port).arg(m_settings.masterName);
                                openTransport(host, port);
                            });
        return;
    }
    setState(ConnectionState::Phase::Connecting);
    openTransport(m_settings.host, m_settings.port);
}

void RedisConnectionWorker::openTransport(const QString &host, quint16 port)
{
    m_connectTimer->start(m_settings.connectTimeoutMs);
    m_sslErrors.clear();
    if (m_settings.transport == ConnectionSettings::Transport::Unix) {
        auto *socket = new QLocalSocket(this);
        m_device = socket;
        connect(socket, &QLocalSocket::connected, this, &RedisConnectionWorker::onTransportUp);
        connect(socket, &QLocalSocket::readyRead, this, &RedisConnectionWorker::onReadyRead);
        connect(socket, &QLocalSocket::errorOccurred, this, [this, socket](QLocalSocket::LocalSocketError code) {
            onTransportError(localSocketError(code, socket->errorString(), m_settings.socketPath), false);
        });
        connect(socket, &QLocalSocket::disconnected, this, [this] {
            onTransportError(RedisError::make(Kind::ConnectionLost, QStringLiteral("The server closed the connection")), false);
        });
        socket->connectToServer(m_settings.socketPath);
        return;
    }

    QTcpSocket *socket = nullptr;
    if (m_settings.transport == ConnectionSettings::Transport::Tls) {
        auto *ssl = new QSslSocket(this);
        socket = ssl;
        QSslConfiguration config = ssl->sslConfiguration();
        const ConnectionSettings::Tls &tls = m_settings.tls;
        if (!tls.caFile.isEmpty()) {
            const QList<QSslCertificate> cas = QSslCertificate::fromPath(tls.caFile, QSsl::Pem);
            if (cas.isEmpty()) {
                m_device = ssl;
                drop(RedisError::make(Kind::InvalidSettings,
                                      QStringLiteral("Cannot read a CA certificate from %1").arg(tls.caFile)), true);
                return;
            }
            config.setCaCertificates(cas);
        }
        if (!tls.certFile.isEmpty()) {
            const QList<QSslCertificate> certs = QSslCertificate::fromPath(tls.certFile, QSsl::Pem);
            QFile keyFile(tls.keyFile);
            const QSslKey key = keyFile.open(QIODevice::ReadOnly) ? readKey(keyFile.readAll()) : QSslKey();
            if (certs.isEmpty() || key.isNull()) {
                m_device = ssl;
                drop(RedisError::make(Kind::InvalidSettings,
                                      QStringLiteral("Cannot read the client certificate %1 or its key %2")
                                          .arg(tls.certFile, tls.keyFile)), true);
                return;
            }
            config.setLocalCertificate(certs.first());
            config.setPrivateKey(key);
        }
        config.setPeerVerifyMode(tls.verifyPeer ? QSslSocket::VerifyPeer : QSslSocket::VerifyNone);
        ssl->setSslConfiguration(config);
        connect(ssl, &QSslSocket::encrypted, this, &RedisConnectionWorker::onTransportUp);
        connect(ssl, &QSslSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
            QStringList texts;
            for (const QSslError &error : errors)
                texts << error.errorString();
            m_sslErrors = texts.join(QStringLiteral("; "));
        });
    } else {
        socket = new QTcpSocket(this);
        connect(socket, &QTcpSocket::connected, this, &RedisConnectionWorker::onTransportUp);
    }
    m_device = socket;
    connect(socket, &QTcpSocket::readyRead, this, &RedisConnectionWorker::onReadyRead);
    connect(socket, &QTcpSocket::errorOccurred, this, [this, socket](QAbstractSocket::SocketError code) {
        if (!m_sslErrors.isEmpty()) {
            // The certificate was refused: trying again cannot help until the settings change.
            onTransportError(RedisError::make(Kind::TlsHandshake,
                                              QStringLiteral("TLS handshake failed: ") + m_sslErrors), true);
            return;
        }
        onTransportError(socketError(code, socket->errorString(), m_ready), false);
    });
    connect(socket, &QTcpSocket::disconnected, this, [this] {
        onTransportError(RedisError::make(Kind::ConnectionLost, QStringLiteral("The server closed the connection")), false);
    });
    if (m_settings.transport == ConnectionSettings::Transport::Tls) {
        const QString peerName = m_settings.tls.serverName.isEmpty() ? host : m_settings.tls.serverName;
        static_cast<QSslSocket *>(socket)->connectToHostEncrypted(host, port, peerName);
    } else {
        socket->connectToHost(host, port);
    }
}

void RedisConnectionWorker::onTransportError(const RedisError &error, bool permanent)
{
    drop(error, permanent);
}

void RedisConnectionWorker::onTransportUp()
{
    if (auto *socket = qobject_cast<QAbstractSocket *>(m_device)) {
        // Notices a peer that vanished without a FIN (a cable, a NAT) on an idle connection.
        socket->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    }
    m_reader.reset();
    auto failHandshake = [this](const RedisReply &reply) {
        if (reply.isError()) {
            drop(reply.error, isPermanent(reply.error));
            return true;
        }
        return false;
    };
    if (!m_settings.password.isEmpty()) {
        QList<QByteArray> auth{"AUTH"};
        if (!m_settings.user.isEmpty())
            auth << m_settings.user.toUtf8();
        auth << m_settings.password.toUtf8();
        sendInternal(auth, failHandshake);
    }
    if (m_settings.db != 0)
        sendInternal({"SELECT", QByteArray::number(m_settings.db)}, failHandshake);
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        // Sentinel's answer may be stale for a moment after a failover: make sure.
        sendInternal({"ROLE"}, [this](const RedisReply &reply) {
            if (!reply.isError() && reply.elements.value(0).bytes != "master") {
                drop(RedisError::make(Kind::ReadOnlyReplica,
                                      QStringLiteral("The server Sentinel named is not (yet) the master")),
                     false);
            }
        });
    }
    // Before anything of ours runs, so that the first script call already has the server's time.
    measureClock();
    // Last: its reply, whatever it is (an ACL may refuse CLIENT), ends the handshake.
    sendInternal({"CLIENT", "SETNAME", m_settings.clientName.toUtf8()}, [this](const RedisReply &) {
        onHandshakeDone();
    });
}

void RedisConnectionWorker::onHandshakeDone()
{
    m_connectTimer->stop();
    m_ready = true;
    m_failedAttempts = 0;
    m_lastError = RedisError();
    setState(ConnectionState::Phase::Ready);
    if (m_settings.clockCheckIntervalMs > 0)
        m_clockTimer->start(m_settings.clockCheckIntervalMs);
    flushQueue();
}

void RedisConnectionWorker::measureClock()
{
    if (!m_device)
        return;
    const qint64 sentMs = m_clock->localMs();
    sendInternal({"TIME"}, [this, sentMs](const RedisReply &reply) {
        QString error;
        if (m_clock->update(reply, sentMs, m_clock->localMs(), &error)) {
            emit clockMeasured(m_clock->offsetMs(), m_clock->roundTripMs());
            return;
        }
        // Not fatal: the last offset (or none, the desktop's clock) stays in use.
        qWarning("qlessdesk: cannot read the clock of %s: %s", qPrintable(m_state.address), qPrintable(error));
    });
}

void RedisConnectionWorker::closeTransport()
{
    m_connectTimer->stop();
    m_clockTimer->stop();
    m_ready = false;
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
    m_reader.reset();
}

void RedisConnectionWorker::drop(const RedisError &why, bool permanent)
{
    if (m_closed)
        return;
    m_resolver->cancel();
    closeTransport();

    // What was sent and not answered: reads go back to the head of the queue, in order, to be
    // sent again; a write fails, since it may have run and running it twice is not ours to risk.
    const std::deque<Expected> expected = std::move(m_expected);
    m_expected.clear();
    std::vector<RequestPtr> resend;
    for (const Expected &entry : expected) {
        const RequestPtr &request = entry.request;
        if (!request || request->done)
            continue;
        if (request->command.writes) {
            finish(request, RedisReply::fromError(RedisError::make(
                Kind::ConnectionLost,
                QStringLiteral("%1 before the reply to %2: it may or may not have run. "
                               "Check before trying again.").arg(why.message, request->command.describe()))));
        } else if (request->sends >= m_settings.readAttempts) {
            finish(request, RedisReply::fromError(RedisError::make(
                Kind::ConnectionLost,
                QStringLiteral("%1; gave up on %2 after %3 tries")
                    .arg(why.message, request->command.describe()).arg(request->sends))));
        } else {
            resend.push_back(request);
        }
    }
    // The same request may be awaited twice (a NOSCRIPT retry): keep its first place only.
    std::vector<RequestPtr> unique;
    for (const RequestPtr &request : resend) {
        if (std::find(unique.begin(), unique.end(), request) == unique.end())
            unique.push_back(request);
    }
    for (auto it = unique.rbegin(); it != unique.rend(); ++it) {
        // A new server may have lost the script again: it gets its own load-and-retry.
        (*it)->noscriptRetried = false;
        m_queue.push_front(*it);
    }

    m_lastError = why;
    if (permanent) {
        setState(ConnectionState::Phase::Failed, why);
        failAll(why);
        return;
    }
    scheduleReconnect(why);
}

void RedisConnectionWorker::scheduleReconnect(const RedisError &why)
{
    if (m_settings.maxReconnectAttempts > 0 && m_failedAttempts >= m_settings.maxReconnectAttempts) {
        RedisError error = why;
        error.message = QStringLiteral("Gave up after %1 attempts: %2").arg(m_failedAttempts).arg(why.message);
        setState(ConnectionState::Phase::Failed, error);
        failAll(error);
        return;
    }
    // Exponential backoff with jitter, so that many clients of a restarted server do not all
    // come back in the same millisecond.
    const qint64 ceiling = std::min<qint64>(m_settings.reconnectMaxMs,
                                            qint64(m_settings.reconnectInitialMs) << std::min(m_failedAttempts, 20));
    const int delay = int(ceiling / 2 + QRandomGenerator::global()->bounded(ceiling / 2 + 1));
    ++m_failedAttempts;
    setState(ConnectionState::Phase::Reconnecting, why, delay);
    m_reconnectTimer->start(delay);
    updateSweep();
}

void RedisConnectionWorker::submit(const RedisCommand &command, const Handler &handler, int serverTimeArg)
{
    auto request = std::make_shared<Request>();
    request->command = command;
    request->handler = handler;
    request->serverTimeArg = serverTimeArg;
    request->deadline = QDeadlineTimer(m_settings.requestTimeoutMs);
    ++m_pending;
    if (m_closed) {
        finish(request, RedisReply::fromError(RedisError::make(Kind::Closed, QStringLiteral("The connection was closed"))));
        return;
    }
    if (m_settings.readOnly && command.writes) {
        finish(request, RedisReply::fromError(RedisError::make(
            Kind::ReadOnlyMode,
            QStringLiteral("This connection is read-only: %1 would change data, so it was not sent")
                .arg(command.describe()))));
        return;
    }
    if (m_state.phase == ConnectionState::Phase::Failed) {
        RedisError error = m_lastError;
        error.message = QStringLiteral("Not sent: ") + error.message;
        finish(request, RedisReply::fromError(error));
        return;
    }
    if (m_ready && m_queue.empty())
        sendRequest(request);
    else
        m_queue.push_back(request);
    updateSweep();
}

void RedisConnectionWorker::flushQueue()
{
    while (m_ready && !m_queue.empty()) {
        const RequestPtr request = m_queue.front();
        m_queue.pop_front();
        sendRequest(request);
    }
    updateSweep();
}

void RedisConnectionWorker::sendRequest(const RequestPtr &request)
{
    QList<QByteArray> argv;
    const RedisCommand &command = request->command;
    if (command.isScript()) {
        const LuaScript *script = ScriptLibrary::instance().find(command.script);
        if (!script) {
            finish(request, RedisReply::fromError(RedisError::make(
                Kind::InvalidSettings, QStringLiteral("No script named \"%1\" is built in").arg(command.script))));
            return;
        }
        argv.reserve(3 + command.keys.size() + command.args.size());
        argv << "EVALSHA" << script->sha1 << QByteArray::number(command.keys.size());
        argv += command.keys;
        argv += command.args;
        // Stamped now, not when the caller built it: a request that waited out a reconnect,
        // or was sent before the first TIME reply, still gets the server's present time.
        if (request->serverTimeArg >= 0 && request->serverTimeArg < command.args.size())
            argv[3 + command.keys.size() + request->serverTimeArg] = ServerClock::text(m_clock->nowSeconds());
    } else {
        argv = command.argv;
    }
    ++request->sends;
    writeBytes(RespReader::encode(argv));
    m_expected.push_back({request, {}});
}

void RedisConnectionWorker::sendInternal(const QList<QByteArray> &argv, const Handler &handler)
{
    writeBytes(RespReader::encode(argv));
    m_expected.push_back({nullptr, handler ? handler : Handler([](const RedisReply &) {})});
}

void RedisConnectionWorker::writeBytes(const QByteArray &bytes)
{
    if (m_device)
        m_device->write(bytes);
}

void RedisConnectionWorker::onReadyRead()
{
    QIODevice *device = m_device;
    if (!device)
        return;
    m_reader.feed(device->readAll());
    while (m_device == device) {
        RedisReply reply;
        const RespReader::Result result = m_reader.next(&reply);
        if (result == RespReader::Result::NeedMore)
            break;
        if (result == RespReader::Result::Failed) {
            drop(RedisError::make(Kind::Protocol, QStringLiteral("Unreadable reply from the server: ")
                                                      + m_reader.errorString()), false);
            break;
        }
        onReply(reply);
    }
    updateSweep();
}

void RedisConnectionWorker::onReply(const RedisReply &reply)
{
    if (m_expected.empty()) {
        drop(RedisError::make(Kind::Protocol, QStringLiteral("The server sent a reply nobody asked for")), false);
        return;
    }
    const Expected entry = m_expected.front();
    m_expected.pop_front();
    if (entry.internal) {
        entry.internal(reply);
        return;
    }
    const RequestPtr &request = entry.request;
    if (request->done)
        return; // it timed out; its late reply is dropped here
    if (reply.isError() && reply.error.kind == Kind::NoScript && request->command.isScript()
        && !request->noscriptRetried) {
        // The server lost the script (restart, SCRIPT FLUSH): load it and ask once more. The
        // script did not run, so this is safe for writes too.
        request->noscriptRetried = true;
        if (const LuaScript *script = ScriptLibrary::instance().find(request->command.script))
            sendInternal({"SCRIPT", "LOAD", script->source}, nullptr);
        --request->sends; // a NOSCRIPT answer is not a failed try
        sendRequest(request);
        return;
    }
    if (reply.isError() && reply.error.kind == Kind::ReadOnlyReplica
        && m_settings.transport == ConnectionSettings::Transport::Sentinel
        && request->sends < m_settings.readAttempts) {
        // The master we talk to was demoted. The command was refused, so it may go again once
        // Sentinel has named the new master.
        request->noscriptRetried = false;
        m_queue.push_front(request);
        drop(reply.error, false);
        return;
    }
    finish(request, reply);
}

void RedisConnectionWorker::finish(const RequestPtr &request, const RedisReply &reply)
{
    if (request->done)
        return;
    request->done = true;
    --m_pending;
    if (request->handler)
        request->handler(reply);
}

void RedisConnectionWorker::failAll(const RedisError &error)
{
    const std::deque<RequestPtr> queue = std::move(m_queue);
    m_queue.clear();
    const std::deque<Expected> expected = std::move(m_expected);
    m_expected.clear();
    for (const Expected &entry : expected) {
        if (!entry.request || entry.request->done)
            continue;
        RedisError unknown = error;
        if (entry.request->command.writes)
            unknown.message += QStringLiteral(" before the reply to %1: it may or may not have run")
                                   .arg(entry.request->command.describe());
        finish(entry.request, RedisReply::fromError(unknown));
    }
    for (const RequestPtr &request : queue)
        finish(request, RedisReply::fromError(error));
    updateSweep();
}

RedisError RedisConnectionWorker::unsentError() const
{
    const QString within = seconds(m_settings.requestTimeoutMs);
    if (m_lastError.isNull()) {
        return RedisError::make(Kind::ConnectTimeout,
                                QStringLiteral("Not sent: still connecting after %1").arg(within));
    }
    RedisError error = m_lastError;
    error.message = QStringLiteral("Not sent: no connection within %1 (%2)").arg(within, m_lastError.message);
    return error;
}

void RedisConnectionWorker::sweepTimeouts()
{
    for (auto it = m_queue.begin(); it != m_queue.end();) {
        const RequestPtr request = *it;
        if (request->deadline.hasExpired()) {
            it = m_queue.erase(it);
            finish(request, RedisReply::fromError(unsentError()));
        } else {
            ++it;
        }
    }
    // Copy: a handler may submit more (through the queue, so not into this list, but be safe).
    std::vector<RequestPtr> expired;
    for (const Expected &entry : m_expected) {
        if (entry.request && !entry.request->done && entry.request->deadline.hasExpired())
            expired.push_back(entry.request);
    }
    for (const RequestPtr &request : expired) {
        const QString within = seconds(m_settings.requestTimeoutMs);
        const QString message = request->command.writes
            ? QStringLiteral("No reply to %1 within %2: it may still run, or have run. Check before trying again.")
                  .arg(request->command.describe(), within)
            : QStringLiteral("No reply to %1 within %2").arg(request->command.describe(), within);
        // The entry stays in m_expected: its reply, when it comes, must still be matched to it.
        finish(request, RedisReply::fromError(RedisError::make(Kind::Timeout, message)));
    }
    updateSweep();
}

void RedisConnectionWorker::updateSweep()
{
    const bool pending = m_pending > 0;
    if (pending && !m_sweepTimer->isActive())
        m_sweepTimer->start();
    else if (!pending && m_sweepTimer->isActive())
        m_sweepTimer->stop();
}
