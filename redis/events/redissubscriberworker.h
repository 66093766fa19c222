// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "pubsubmailbox.h"
#include "redisreply.h"

#include <QByteArray>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>

class ConnectionLife;
class QTimer;

// The half of RedisSubscriber that lives on its thread: opens a transport of its own (TCP, TLS,
// unix socket, or the master Sentinel names) through ConnectionLife, with the same settings as the main connection, runs
// AUTH (and ROLE behind Sentinel), SUBSCRIBEs and PSUBSCRIBEs, and leaves every message it
// hears in the mailbox. A lost connection is opened again with backoff; once subscribed again,
// a Gap (when lost, when back, why) goes into the mailbox in its place in the stream. A PING
// every keepAliveIdleMs that goes unanswered until the next one drops a silent connection.
// Every member function runs on the subscriber's thread.
class RedisSubscriberWorker final : public QObject
{
    Q_OBJECT

public:
    RedisSubscriberWorker(const ConnectionSettings &settings, const QList<QByteArray> &channels,
                          const QList<QByteArray> &patterns, std::shared_ptr<PubSubMailbox> mailbox,
                          std::function<void(PubSubMessage &)> prepare = {});
    ~RedisSubscriberWorker() override;

    void start();
    // Drops the transport and connects at once (a gap follows).
    void reconnect();
    // Closes, deletes itself and ends the thread.
    void shutdown();

signals:
    void stateChanged(const ConnectionState &state);
    // The mailbox holds something the reader has not been told about; at most one per take.
    void messagesWaiting();

private:
    struct Expected
    {
        bool mustSucceed = false;
        std::function<void(const RedisReply &)> check;
    };

    void onTransportUp();
    void onReply(const RedisReply &reply);
    void onPush(const RedisReply &reply);
    void send(const QList<QByteArray> &argv);
    void deliver(PubSubMessage message);
    void ping();
    void drop(const RedisError &why, bool permanent);
    void onClosing();
    qint64 nowMs() const;

    ConnectionSettings m_settings;
    QList<QByteArray> m_channels;
    QList<QByteArray> m_patterns;
    std::shared_ptr<PubSubMailbox> m_mailbox;
    std::function<void(PubSubMessage &)> m_prepare;
    ConnectionLife *m_life = nullptr;
    QTimer *m_pingTimer;
    QTimer *m_wakeTimer;
    QList<Expected> m_expected; // handshake replies still owed, in order
    int m_acksOwed = 0;         // subscribe confirmations still owed
    bool m_subscribed = false;
    bool m_pongOwed = false;
    qint64 m_lostMs = 0; // when the last subscription was lost; 0 = never subscribed or not lost
    QString m_lostWhy;
};
