#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "rediscommand.h"
#include "redisreply.h"
#include "respreader.h"
#include "serverclock.h"

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
// reconnects with backoff. It measures the server's clock (TIME) in every handshake and every
// few minutes, and writes the server's time into each script call that asks for it just before
// sending. Every member function runs on the connection thread.
class RedisConnectionWorker final : public QObject
{
    Q_OBJECT

public:
    using Handler = std::function<void(const RedisReply &)>;

    // `clock` is shared with the owner, who reads it from its own thread.
    RedisConnectionWorker(const ConnectionSettings &settings, std::shared_ptr<ServerClock> clock);
    ~RedisConnectionWorker() override;

    void start();
    // `handler` runs on this thread, exactly once, with the reply or the error that ends it.
    // With `serverTimeArg` >= 0, the script argument at that index is replaced by the server's
    // time (ServerClock::text) each time the command is sent.
    void submit(const RedisCommand &command, const Handler &handler, int serverTimeArg = -1);
    // Forgets a Failed state and connects again.
    void reconnect();
    // Fails what is pending (Closed), closes, deletes itself and ends the thread.
    void shutdown();

signals:
    void stateChanged(const ConnectionState &state);
    // After each measurement of the server's clock: server minus local, and the round trip.
    void clockMeasured(qint64 offsetMs, qint64 roundTripMs);

private:
    struct Request
    {
        RedisCommand command;
        Handler handler;
        QDeadlineTimer deadline;
        int serverTimeArg = -1;
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
    void measureClock();
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
    std::shared_ptr<ServerClock> m_clock;
    QIODevice *m_device = nullptr;
    RespReader m_reader;
    std::deque<RequestPtr> m_queue;   // not sent yet
    std::deque<Expected> m_expected;  // sent, reply awaited, in order
    QTimer *m_connectTimer = nullptr;
    QTimer *m_reconnectTimer = nullptr;
    QTimer *m_sweepTimer = nullptr;
    QTimer *m_clockTimer = nullptr;
    SentinelResolver *m_resolver = nullptr;
    ConnectionState m_state;
    RedisError m_lastError;
    QString m_sslErrors;
    int m_failedAttempts = 0;
    qint64 m_pending = 0; // requests not finished yet
    bool m_ready = false;
    bool m_closed = false;
};
