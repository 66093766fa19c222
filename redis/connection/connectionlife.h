// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "redisreply.h"
#include "respreader.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

class QTimer;
class RedisTransport;
class SentinelResolver;

// The life both connection workers share (RedisConnectionWorker's requests, RedisSubscriberWorker's
// subscriptions): resolve the master by Sentinel if need be, open the transport within the
// connect timeout, read its replies, and after a failure either give up (a permanent error, or
// maxReconnectAttempts used) or connect again after an exponential backoff with jitter. What is
// said on the connection and what a failure costs stay with the worker, which the hooks reach.
// Every member function runs on the worker's thread.
class ConnectionLife final : public QObject
{
    Q_OBJECT

public:
    struct Hooks
    {
        // Which errors of the Sentinel lookup no other attempt can fix.
        std::function<bool(const RedisError &)> isPermanent;
        // The transport is up (the reader is reset): the worker starts its handshake.
        std::function<void()> transportUp;
        // Bytes arrived (maybe none): the link is alive. Called before their replies.
        std::function<void(const QByteArray &)> heard;
        std::function<void(const RedisReply &)> reply;
        // After the replies of one read (optional).
        std::function<void()> readDone;
        // Closing the transport: the worker forgets what belonged to it (optional).
        std::function<void()> closing;
        // A failure: the worker's drop, which calls closeTransport() and failOrRetry().
        std::function<void(const RedisError &, bool permanent)> drop;
    };

    // `connectTimeoutMessage`: what a connection that is not up within connectTimeoutMs says.
    ConnectionLife(const ConnectionSettings &settings, const QString &connectTimeoutMessage, Hooks hooks,
                   QObject *parent);
    ~ConnectionLife() override;

    // Closes what is open, checks the settings and opens a transport (behind Sentinel's lookup).
    void connectNow();
    // Forgets the failed attempts and the Sentinel lookup under way (for an asked reconnect).
    void restart();
    void closeTransport();
    // After a failure (transport closed): a permanent one, or the last attempt allowed, sets
    // Failed and returns the error the connection failed with; otherwise Reconnecting with a
    // backoff, and a null error.
    RedisError failOrRetry(const RedisError &why, bool permanent);
    // The handshake is done: Ready, and the next failure starts the backoff from the beginning.
    void ready();
    // For good: nothing reconnects, the transport is closed, Closed is said.
    void close();

    void cancelResolve();
    bool isClosed() const { return m_closed; }
    bool hasTransport() const { return m_transport != nullptr; }
    void write(const QByteArray &bytes);
    void flush();
    ConnectionState::Phase phase() const { return m_state.phase; }
    QString address() const { return m_state.address; }
    void setState(ConnectionState::Phase phase, const RedisError &error = {}, int retryInMs = 0);

signals:
    void stateChanged(const ConnectionState &state);

private:
    void openTransport(const QString &host, quint16 port);
    void onTransportUp();
    void onReadyRead();

    const ConnectionSettings m_settings;
    Hooks m_hooks;
    RedisTransport *m_transport = nullptr;
    RespReader m_reader;
    QTimer *m_connectTimer;
    QTimer *m_reconnectTimer;
    SentinelResolver *m_resolver;
    ConnectionState m_state;
    int m_failedAttempts = 0;
    bool m_closed = false;
};
