// SPDX-License-Identifier: GPL-3.0-or-later
#include "redissubscriberworker.h"

#include "connectionlife.h"
#include "respreader.h"

#include <QDateTime>
#include <QThread>
#include <QTimer>

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
    , m_pingTimer(new QTimer(this))
    , m_wakeTimer(new QTimer(this))
{
    ConnectionLife::Hooks hooks;
    hooks.isPermanent = isPermanent;
    hooks.transportUp = [this] { onTransportUp(); };
    hooks.heard = [this](const QByteArray &) {
        m_pongOwed = false; // anything heard shows the link is alive
    };
    hooks.reply = [this](const RedisReply &reply) { onReply(reply); };
    hooks.closing = [this] { onClosing(); };
    hooks.drop = [this](const RedisError &why, bool permanent) { drop(why, permanent); };
    m_life =
        new ConnectionLife(m_settings, QStringLiteral("Not subscribed within %1 ms").arg(m_settings.connectTimeoutMs),
                           std::move(hooks), this);
    connect(m_life, &ConnectionLife::stateChanged, this, &RedisSubscriberWorker::stateChanged);
    m_wakeTimer->setSingleShot(true);
    m_pingTimer->setInterval(qMax(1000, m_settings.keepAliveIdleMs));
    connect(m_pingTimer, &QTimer::timeout, this, &RedisSubscriberWorker::ping);
    connect(m_wakeTimer, &QTimer::timeout, this, &RedisSubscriberWorker::messagesWaiting);
}

RedisSubscriberWorker::~RedisSubscriberWorker() = default;

qint64 RedisSubscriberWorker::nowMs() const
{
    return m_settings.localClockMs ? m_settings.localClockMs() : QDateTime::currentMSecsSinceEpoch();
}

void RedisSubscriberWorker::start()
{
    m_life->connectNow();
}

void RedisSubscriberWorker::reconnect()
{
    if (m_life->isClosed())
        return;
    m_life->restart();
    if (m_subscribed) {
        m_lostMs = nowMs();
        m_lostWhy = QStringLiteral("Reconnected on request");
    }
    m_life->connectNow();
}

void RedisSubscriberWorker::shutdown()
{
    m_wakeTimer->stop();
    m_life->close();
    m_life->setState(ConnectionState::Phase::Closed);
    deleteLater();
    thread()->quit();
}

void RedisSubscriberWorker::send(const QList<QByteArray> &argv)
{
    m_life->write(RespReader::encode(argv));
}

void RedisSubscriberWorker::onTransportUp()
{
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
        m_subscribed = true;
        m_pongOwed = false;
        m_pingTimer->start();
        m_life->ready();
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

void RedisSubscriberWorker::onClosing()
{
    m_pingTimer->stop();
    m_expected.clear();
    m_acksOwed = 0;
    m_subscribed = false;
}

void RedisSubscriberWorker::drop(const RedisError &why, bool permanent)
{
    if (m_life->isClosed())
        return;
    // The first failure after being subscribed starts the gap; failed attempts after it do not.
    if (m_subscribed) {
        m_lostMs = nowMs();
        m_lostWhy = why.message;
    }
    m_life->cancelResolve();
    m_life->closeTransport();
    m_life->failOrRetry(why, permanent);
}
