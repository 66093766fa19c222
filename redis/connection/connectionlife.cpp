// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionlife.h"

#include "redistransport.h"
#include "sentinelresolver.h"

#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>

using Kind = RedisError::Kind;

ConnectionLife::ConnectionLife(const ConnectionSettings &settings, const QString &connectTimeoutMessage, Hooks hooks,
                               QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_hooks(std::move(hooks))
    , m_connectTimer(new QTimer(this))
    , m_reconnectTimer(new QTimer(this))
    , m_resolver(new SentinelResolver(this))
{
    m_connectTimer->setSingleShot(true);
    m_reconnectTimer->setSingleShot(true);
    connect(m_connectTimer, &QTimer::timeout, this, [this, connectTimeoutMessage] {
        m_hooks.drop(RedisError::make(Kind::ConnectTimeout, connectTimeoutMessage), false);
    });
    connect(m_reconnectTimer, &QTimer::timeout, this, &ConnectionLife::connectNow);
    m_state.address = m_settings.describe();
}

ConnectionLife::~ConnectionLife() = default;

void ConnectionLife::setState(ConnectionState::Phase phase, const RedisError &error, int retryInMs)
{
    m_state.phase = phase;
    m_state.error = error;
    m_state.retryInMs = retryInMs;
    m_state.attempt = m_failedAttempts;
    emit stateChanged(m_state);
}

void ConnectionLife::connectNow()
{
    if (m_closed)
        return;
    closeTransport();
    m_reconnectTimer->stop();
    const QString problem = m_settings.check();
    if (!problem.isEmpty()) {
        m_hooks.drop(RedisError::make(Kind::InvalidSettings, problem), true);
        return;
    }
    setState(ConnectionState::Phase::Connecting);
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        m_resolver->resolve(m_settings, [this](const QString &host, quint16 port, const RedisError &error) {
            if (!error.isNull()) {
                m_hooks.drop(error, m_hooks.isPermanent(error));
                return;
            }
            m_state.address = QStringLiteral("%1:%2 (master \"%3\" by Sentinel)")
                                  .arg(host, QString::number(port), m_settings.masterName);
            openTransport(host, port);
        });
        return;
    }
    openTransport(m_settings.host, m_settings.port);
}

void ConnectionLife::restart()
{
    m_failedAttempts = 0;
    m_resolver->cancel();
}

void ConnectionLife::cancelResolve()
{
    m_resolver->cancel();
}

void ConnectionLife::openTransport(const QString &host, quint16 port)
{
    m_connectTimer->start(m_settings.connectTimeoutMs);
    m_reader.reset();
    auto *transport = new RedisTransport(m_settings, this);
    m_transport = transport;
    connect(transport, &RedisTransport::up, this, &ConnectionLife::onTransportUp);
    connect(transport, &RedisTransport::readyRead, this, &ConnectionLife::onReadyRead);
    connect(transport, &RedisTransport::failed, this,
            [this](const RedisError &why, bool permanent) { m_hooks.drop(why, permanent); });
    transport->open(host, port);
}

void ConnectionLife::onTransportUp()
{
    m_reader.reset();
    m_hooks.transportUp();
}

void ConnectionLife::onReadyRead()
{
    RedisTransport *transport = m_transport;
    if (!transport)
        return;
    const QByteArray bytes = transport->readAll();
    m_hooks.heard(bytes);
    m_reader.feed(bytes);
    while (m_transport == transport) {
        RedisReply reply;
        const RespReader::Result result = m_reader.next(&reply);
        if (result == RespReader::Result::NeedMore)
            break;
        if (result == RespReader::Result::Failed) {
            m_hooks.drop(RedisError::make(Kind::Protocol, QStringLiteral("Unreadable reply from the server: ")
                                                              + m_reader.errorString()),
                         false);
            break;
        }
        m_hooks.reply(reply);
    }
    if (m_hooks.readDone)
        m_hooks.readDone();
}

void ConnectionLife::write(const QByteArray &bytes)
{
    if (m_transport)
        m_transport->write(bytes);
}

void ConnectionLife::flush()
{
    if (m_transport)
        m_transport->flush();
}

void ConnectionLife::closeTransport()
{
    m_connectTimer->stop();
    if (m_hooks.closing)
        m_hooks.closing();
    m_reader.reset();
    if (!m_transport)
        return;
    RedisTransport *transport = m_transport;
    m_transport = nullptr;
    transport->disconnect(this);
    transport->close();
    transport->deleteLater();
}

RedisError ConnectionLife::failOrRetry(const RedisError &why, bool permanent)
{
    if (permanent) {
        setState(ConnectionState::Phase::Failed, why);
        return why;
    }
    if (m_settings.maxReconnectAttempts > 0 && m_failedAttempts >= m_settings.maxReconnectAttempts) {
        RedisError error = why;
        error.message = QStringLiteral("Gave up after %1 attempts: %2").arg(m_failedAttempts).arg(why.message);
        setState(ConnectionState::Phase::Failed, error);
        return error;
    }
    // Exponential backoff with jitter, so that many clients of a restarted server do not all
    // come back in the same millisecond.
    const qint64 ceiling = std::min<qint64>(m_settings.reconnectMaxMs, qint64(m_settings.reconnectInitialMs)
                                                                           << std::min(m_failedAttempts, 20));
    const int delay = int(ceiling / 2 + QRandomGenerator::global()->bounded(ceiling / 2 + 1));
    ++m_failedAttempts;
    setState(ConnectionState::Phase::Reconnecting, why, delay);
    m_reconnectTimer->start(delay);
    return RedisError();
}

void ConnectionLife::ready()
{
    m_connectTimer->stop();
    m_failedAttempts = 0;
    setState(ConnectionState::Phase::Ready);
}

void ConnectionLife::close()
{
    m_closed = true;
    m_resolver->cancel();
    m_connectTimer->stop();
    m_reconnectTimer->stop();
    closeTransport();
}
