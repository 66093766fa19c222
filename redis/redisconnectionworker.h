#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "rediscommand.h"
#include "redisreply.h"
#include "respreader.h"

#include <QDeadlineTimer>
#include <QObject>

#include <deque>
#include <functional>
#include <memory>

class QIODevice;
class QTimer;
class SentinelResolver;

// The half of RedisConnection that lives on the connection thread and owns the socket: connects
// (TCP, TLS, unix socket, or the master that Sentinel names), runs the AUTH/SELECT/SETNAME
// handshake, pipelines requests and matches replies in order, applies the timeouts, and
// reconnects with backoff. Every member function runs on the connection thread.
class RedisConnectionWorker final : public QObject
{
    Q_OBJECT

public:
    using Handler = std::function<void(const RedisReply &)>;

    explicit RedisConnectionWorker(const ConnectionSettings &settings);
    ~RedisConnectionWorker() override;

    void start();
    // `handler` runs on this thread, exactly once, with the reply or the error that ends it.
    void submit(const RedisCommand &command, const Handler &handler);
    // Forgets a Failed state and connects again.
    void reconnect();
    // Fails what is pending (Closed), closes, deletes itself and ends the thread.
    void shutdown();

signals:
    void stateChanged(const ConnectionState &state);

private:
    struct Request
    {
        RedisCommand command;
        Handler handler;
        QDeadlineTimer deadline;
        int sends = 0;
        bool noscriptRetried = false;
        bool done = false;
    };
    using RequestPtr = std::shared_ptr<Request>;
    // One reply we wait for: a caller's request, or one of our own (handshake, SCRIPT LOAD).
    struct Expected
    {
        RequestPtr request;
        Handler internal;
    };

    void connectNow();
    void openTransport(const QString &host, quint16 port);
    void onTransportUp();
    void onTransportError(const RedisError &error, bool permanent);
    void onReadyRead();
    void onReply(const RedisReply &reply);
    void onHandshakeDone();
    void drop(const RedisError &why, bool permanent);
    void closeTransport();
    void scheduleReconnect(const RedisError &why);
    void flushQueue();
    void sendRequest(const RequestPtr &request);
    void sendInternal(const QList<QByteArray> &argv, const Handler &handler);
    void writeBytes(const QByteArray &bytes);
    void finish(const RequestPtr &request, const RedisReply &reply);
    void failAll(const RedisError &error);
    void sweepTimeouts();
    void updateSweep();
    void setState(ConnectionState::Phase phase, const RedisError &error = {}, int retryInMs = 0);
    RedisError unsentError() const;

    ConnectionSettings m_settings;
    QIODevice *m_device = nullptr;
    RespReader m_reader;
    std::deque<RequestPtr> m_queue;   // not sent yet
    std::deque<Expected> m_expected;  // sent, reply awaited, in order
    QTimer *m_connectTimer = nullptr;
    QTimer *m_reconnectTimer = nullptr;
    QTimer *m_sweepTimer = nullptr;
    SentinelResolver *m_resolver = nullptr;
    ConnectionState m_state;
    RedisError m_lastError;
    QString m_sslErrors;
    int m_failedAttempts = 0;
    qint64 m_pending = 0; // requests not finished yet
    bool m_ready = false;
    bool m_closed = false;
};
