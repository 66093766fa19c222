// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "pubsubmessage.h"

#include <QList>
#include <QObject>
#include <QThread>

#include <functional>
#include <memory>

class PubSubMailbox;
class RedisSubscriberWorker;

// A pub/sub connection of its own, on a thread of its own, beside the main RedisConnection
// (which refuses SUBSCRIBE: pushed messages would break its one-reply-per-request matching).
// Same settings as the main connection (TCP, TLS, unix socket, password, Sentinel). What it
// hears arrives in batches (messagesArrived, about 40 a second, whatever the rate) in the
// order heard, with a Gap wherever the subscription was lost and taken up again. Bounded: a
// reader that falls behind loses the oldest messages beyond `capacity`, and is told how many.
// Construct it on the thread that reads the messages.
class RedisSubscriber final : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultCapacity = 50000;
    // At most this many messages a batch: a backlog is handed over in several turns of the
    // reader's event loop, with its timers and paints between them, not in one long one.
    static constexpr int MaxBatch = 500;
    // Runs on the subscriber's thread for every message heard (never for a gap), before it is
    // handed over: decoding there keeps that work off the reader's thread. Must not block.
    using Prepare = std::function<void(PubSubMessage &)>;

    RedisSubscriber(const ConnectionSettings &settings, const QList<QByteArray> &channels,
                    const QList<QByteArray> &patterns, QObject *parent = nullptr, int capacity = DefaultCapacity,
                    Prepare prepare = {});
    ~RedisSubscriber() override; // closes, then ends the thread
    Q_DISABLE_COPY_MOVE(RedisSubscriber)

    ConnectionState state() const { return m_state; }
    // Drops the connection and subscribes again at once (a gap follows).
    void reconnect();

signals:
    void stateChanged(const ConnectionState &state);
    // `dropped`: messages lost before this batch because the reader fell behind.
    void messagesArrived(const QList<PubSubMessage> &messages, quint64 dropped);

private:
    void takeMessages();

    ConnectionState m_state;
    std::shared_ptr<PubSubMailbox> m_mailbox;
    QThread m_thread;
    RedisSubscriberWorker *m_worker = nullptr;
};
