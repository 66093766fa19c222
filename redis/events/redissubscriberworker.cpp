// SPDX-License-Identifier: GPL-3.0-or-later
#include "redissubscriberworker.h"

#include "redistransport.h"
#include "sentinelresolver.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace {
using Kind = RedisError::Kind;

// A burst is handed over this long after its first message: at most 40 batches a second reach
// the reader, however fast messages come.
constexpr int WakeDelayMs = 25;

bool isPermanent(const RedisError &error)
{
    return error.kind == Kind::WrongPassword || error.kind == Kind::NoPermission || error.kind == Kind::InvalidSettings;
}
} // namespace

RedisSubscriberWorker::RedisSubscriberWorker(const ConnectionSettings &settings, const QList<QByteArray> &channels,
                                             const QList<QByteArray> &patterns, std::shared_ptr<PubSubMailbox> mailbox,
                                             std::function<void(PubSubMessage &)> prepare)
    : m_settings(settings)
    , m_channels(channels)
    , m_patterns(patterns)
    , m_mailbox(std::move(mailbox))
    , m_prepare(std::move(prepare))
    , m_connectTimer(new QTimer(this))
    , m_reconnectTimer(new QTimer(this))
    , m_pingTimer(new QTimer(this))
    , m_wakeTimer(new QTimer(this))
    , m_resolver(new SentinelResolver(this))
{
    m_connectTimer->setSingleShot(true);
    m_reconnectTimer->setSingleShot(true);
    m_wakeTimer->setSingleShot(true);
    m_pingTimer->setInterval(qMax(1000, m_settings.keepAliveIdleMs));
    connect(m_connectTimer, &QTimer::timeout, this, [this] {
        drop(RedisError::make(Kind::ConnectTimeout,
                              QStringLiteral("Not subscribed within %1 ms").arg(m_settings.connectTimeoutMs)),
             false);
    });
    connect(m_reconnectTimer, &QTimer::timeout, this, &RedisSubscriberWorker::connectNow);
    connect(m_pingTimer, &QTimer::timeout, this, &RedisSubscriberWorker::ping);
    connect(m_wakeTimer, &QTimer::timeout, this, &RedisSubscriberWorker::messagesWaiting);
    m_state.address = m_settings.describe();
}

RedisSubscriberWorker::~RedisSubscriberWorker() = default;

qint64 RedisSubscriberWorker::nowMs() const
{
    return m_settings.localClockMs ? m_settings.localClockMs() : QDateTime::currentMSecsSinceEpoch();
}

void RedisSubscriberWorker::start()
{
    connectNow();
}

void RedisSubscriberWorker::reconnect()
{
    if (m_closed)
        return;
    m_failedAttempts = 0;
    m_resolver->cancel();
    if (m_subscribed) {
        m_lostMs = nowMs();
        m_lostWhy = QStringLiteral("Reconnected on request");
    }
    closeTransport();
    connectNow();
}

void RedisSubscriberWorker::shutdown()
{
    m_closed = true;
    m_resolver->cancel();
    m_connectTimer->stop();
    m_reconnectTimer->stop();
    m_wakeTimer->stop();
    closeTransport();
    setState(ConnectionState::Phase::Closed);
    deleteLater();
    thread()->quit();
}

void RedisSubscriberWorker::setState(ConnectionState::Phase phase, const RedisError &error, int retryInMs)
{
    m_state.phase = phase;
    m_state.error = error;
    m_state.retryInMs = retryInMs;
    m_state.attempt = m_failedAttempts;
    emit stateChanged(m_state);
}

void RedisSubscriberWorker::connectNow()
{
    if (m_closed)
        return;
    closeTransport();
    m_reconnectTimer->stop();
    const QString problem = m_settings.check();
    if (!problem.isEmpty()) {
        drop(RedisError::make(Kind::InvalidSettings, problem), true);
        return;
    }
    setState(ConnectionState::Phase::Connecting);
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        m_resolver->resolve(m_settings, [this](const QString &host, quint16 port, const RedisError &error) {
            if (!error.isNull()) {
                drop(error, isPermanent(error));
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

void RedisSubscriberWorker::openTransport(const QString &host, quint16 port)
{
    m_connectTimer->start(m_settings.connectTimeoutMs);
    m_reader.reset();
    auto *transport = new RedisTransport(m_settings, this);
    m_transport = transport;
    connect(transport, &RedisTransport::up, this, &RedisSubscriberWorker::onTransportUp);
    connect(transport, &RedisTransport::readyRead, this, &RedisSubscriberWorker::onReadyRead);
    connect(transport, &RedisTransport::failed, this, &RedisSubscriberWorker::drop);
    transport->open(host, port);
}

void RedisSubscriberWorker::send(const QList<QByteArray> &argv)
{
    if (m_transport)
        m_transport->write(RespReader::encode(argv));
}

void RedisSubscriberWorker::onTransportUp()
{
    m_reader.reset();
    m_expected.clear();
    // Pub/sub channels are the same in every database: no SELECT. The handshake's replies come
    // back in order before any subscription's, so a list of what is owed tells them apart.
    if (!m_settings.password.isEmpty()) {
        // Bound: one password checked, whatever the data.
        QList<QByteArray> auth{"AUTH"};
        if (!m_settings.user.isEmpty())
            auth << m_settings.user.toUtf8();
        auth << m_settings.password.toUtf8();
        send(auth);
        m_expected.append(Expected{true, {}});
    }
    if (m_settings.transport == ConnectionSettings::Transport::Sentinel) {
        // Right after a failover Sentinel may still name the old master: its events stopped.
        // Bound: the server's role and its replicas' offsets (a few entries).
        send({"ROLE"});
        m_expected.append(
            Expected{false, [this](const RedisReply &reply) {
                         if (!reply.isError() && reply.elements.value(0).bytes != "master")
                             drop(RedisError::make(Kind::ReadOnlyReplica,
                                                   QStringLiteral("The server Sentinel named is not (yet) the master")),
                                  false);
                     }});
    }
    // Bound: names this connection, whatever the data.
    send({"CLIENT", "SETNAME", m_settings.clientName.toUtf8() + "-events"});
    m_expected.append(Expected{false, {}});
    m_acksOwed = int(m_channels.size() + m_patterns.size());
    if (!m_channels.isEmpty())
        // Bound: the console's few channels.
        send(QList<QByteArray>{"SUBSCRIBE"} + m_channels);
    if (!m_patterns.isEmpty())
        // Bound: the console's few patterns.
        send(QList<QByteArray>{"PSUBSCRIBE"} + m_patterns);
}

void RedisSubscriberWorker::onReadyRead()
{
    RedisTransport *transport = m_transport;
    if (!transport)
        return;
    m_reader.feed(transport->readAll());
    m_pongOwed = false; // anything heard shows the link is alive
    while (m_transport == transport) {
        RedisReply reply;
        const RespReader::Result result = m_reader.next(&reply);
        if (result == RespReader::Result::NeedMore)
            break;
        if (result == RespReader::Result::Failed) {
            drop(RedisError::make(Kind::Protocol,
                                  QStringLiteral("Unreadable reply from the server: ") + m_reader.errorString()),
                 false);
            break;
        }
        onReply(reply);
    }
}

void RedisSubscriberWorker::onReply(const RedisReply &reply)
{
    if (!m_expected.isEmpty()) {
        const Expected expected = m_expected.takeFirst();
        if (reply.isError()) {
            const bool passing = reply.error.kind == Kind::MaxClients || reply.error.kind == Kind::Loading
                                 || reply.error.kind == Kind::Busy;
            if (passing || expected.mustSucceed) {
                drop(reply.error, !passing && isPermanent(reply.error));
                return;
            }
        }
        if (expected.check)
            expected.check(reply);
        return;
    }
    if (reply.isError()) {
        // A subscription refused (an ACL without the channel) will be refused again.
        RedisError why = reply.error;
        if (why.kind == Kind::NoPermission && m_acksOwed > 0) {
            QList<QByteArray> names = m_channels + m_patterns;
            QStringList shown;
            for (const QByteArray &name : std::as_const(names))
                shown.append(QString::fromUtf8(name));
            why.message = QStringLiteral("This Redis user may not subscribe to %1 (ACL channel permissions: Redis 7 "
                                         "gives a new user none; grant the channels, e.g. &ql:*). Redis said: %2")
                              .arg(shown.join(QStringLiteral(", ")), QString::fromUtf8(reply.bytes));
        }
        drop(why, isPermanent(why));
        return;
    }
    if (reply.isArray())
        onPush(reply);
}

void RedisSubscriberWorker::onPush(const RedisReply &reply)
{
    const QByteArray kind = reply.elements.value(0).bytes;
    if (kind == "message" && reply.elements.size() >= 3) {
        deliver(PubSubMessage::message(reply.elements.at(1).bytes, reply.elements.at(2).bytes, nowMs()));
    } else if (kind == "pmessage" && reply.elements.size() >= 4) {
        deliver(PubSubMessage::message(reply.elements.at(2).bytes, reply.elements.at(3).bytes, nowMs()));
    } else if ((kind == "subscribe" || kind == "psubscribe") && m_acksOwed > 0 && --m_acksOwed == 0) {
        m_connectTimer->stop();
        m_failedAttempts = 0;
        m_subscribed = true;
        m_pongOwed = false;
        m_pingTimer->start();
        setState(ConnectionState::Phase::Ready);
        if (m_lostMs > 0) {
            deliver(PubSubMessage::gap(m_lostMs, nowMs(), m_lostWhy));
            m_lostMs = 0;
        }
    }
    // "pong" and anything else: the link is alive, which onReadyRead already noted.
}

void RedisSubscriberWorker::deliver(PubSubMessage message)
{
    if (m_prepare && message.kind == PubSubMessage::Kind::Message)
        m_prepare(message);
    if (m_mailbox->put(std::move(message)))
        m_wakeTimer->start(WakeDelayMs);
}

void RedisSubscriberWorker::ping()
{
    if (!m_subscribed)
        return;
    if (m_pongOwed) {
        drop(RedisError::make(Kind::Timeout,
                              QStringLiteral("No answer to PING within %1 ms").arg(m_pingTimer->interval())),
             false);
        return;
    }
    m_pongOwed = true;
    // Bound: constant.
    send({"PING"});
}

void RedisSubscriberWorker::closeTransport()
{
    m_connectTimer->stop();
    m_pingTimer->stop();
    m_reader.reset();
    m_expected.clear();
    m_acksOwed = 0;
    m_subscribed = false;
    if (!m_transport)
        return;
    RedisTransport *transport = m_transport;
    m_transport = nullptr;
    transport->disconnect(this);
    transport->close();
    transport->deleteLater();
}

void RedisSubscriberWorker::drop(const RedisError &why, bool permanent)
{
    if (m_closed)
        return;
    // The first failure after being subscribed starts the gap; failed attempts after it do not.
    if (m_subscribed) {
        m_lostMs = nowMs();
        m_lostWhy = why.message;
    }
    m_resolver->cancel();
    closeTransport();
    if (permanent) {
        setState(ConnectionState::Phase::Failed, why);
        return;
    }
    if (m_settings.maxReconnectAttempts > 0 && m_failedAttempts >= m_settings.maxReconnectAttempts) {
        RedisError error = why;
        error.message = QStringLiteral("Gave up after %1 attempts: %2").arg(m_failedAttempts).arg(why.message);
        setState(ConnectionState::Phase::Failed, error);
        return;
    }
    // Exponential backoff with jitter, as the main connection's.
    const qint64 ceiling = std::min<qint64>(m_settings.reconnectMaxMs, qint64(m_settings.reconnectInitialMs)
                                                                           << std::min(m_failedAttempts, 20));
    const int delay = int(ceiling / 2 + QRandomGenerator::global()->bounded(ceiling / 2 + 1));
    ++m_failedAttempts;
    setState(ConnectionState::Phase::Reconnecting, why, delay);
    m_reconnectTimer->start(delay);
}
