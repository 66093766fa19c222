#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "pubsubmessage.h"

#include <QList>
#include <QObject>
#include <QThread>

#include <memory>

class PubSubMailbox;
class RedisSubscriberWorker;

// A pub/sub connection of its own, on a thread of its own, beside the main RedisConnection
// (which refuses SUBSCRIBE: pushed messages would break its one-reply-per-request matching).
// Same settings as the main connection (TCP, TLS, unix socket, password, Sentinel). What it
// hears arrives in batches (messagesArrived, about 20 a second at most, whatever the rate) in the
// order heard, with a Gap wherever the subscription was lost and taken up again. Bounded: a
// reader that falls behind loses the oldest messages beyond `capacity`, and is told how many.
// Construct it on the thread that reads the messages.
class RedisSubscriber final : public QObject
{
    Q_OBJECT

public:
    static constexpr int DefaultCapacity = 50000;

    RedisSubscriber(const ConnectionSettings &settings, const QList<QByteArray> &channels,
                    const QList<QByteArray> &patterns, QObject *parent = nullptr,
                    int capacity = DefaultCapacity);
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
