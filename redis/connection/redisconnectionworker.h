// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "rediscommand.h"
#include "redisreply.h"
#include "requestpipeline.h"
#include "serverclock.h"

#include <QByteArray>
#include <QObject>

#include <memory>

class ConnectionLife;
class QTimer;

// The half of RedisConnection that lives on the connection thread: opens a transport (TCP,
// TLS, unix socket, or the master that Sentinel names) through ConnectionLife, runs the
// AUTH/SELECT/ROLE/TIME/INFO/SETNAME handshake, feeds replies to the RequestPipeline, and
// reconnects with backoff when the transport fails or the pipeline judges the connection dead. It measures the server's
// clock (TIME) in every handshake and every few minutes, and notices a restarted server by its
// run_id. Every member function runs on the connection thread.
class RedisConnectionWorker final : public QObject
{
    Q_OBJECT

public:
    using Handler = RequestPipeline::Handler;

    // `clock` is shared with the owner, who reads it from its own thread.
    RedisConnectionWorker(const ConnectionSettings &settings, std::shared_ptr<ServerClock> clock);
    ~RedisConnectionWorker() override;

    void start();
    // `handler` runs on this thread, exactly once, with the reply or the error that ends it.
    // With `serverTimeArg` >= 0, the script argument at that index is replaced by the server's
    // time (ServerClock::text) each time the command is sent.
    // `urgent`: written to the socket at once, ahead of whatever else is queued on this thread.
    // `unit`: RedisConnection::Unit's, for ConnectionSettings::oneUnitAtServer (0: its own).
    void submit(const RedisCommand &command, const Handler &handler, int serverTimeArg = -1, bool urgent = false,
                quint64 unit = 0);
    // From any state but Closed: drops the transport (reads in flight are sent again, writes in
    // flight fail as unknown) and connects at once, forgetting a Failed state and the backoff.
    void reconnect();
    // Fails what is pending (Closed), closes, deletes itself and ends the thread.
    void shutdown();

signals:
    void stateChanged(const ConnectionState &state);
    // After each measurement of the server's clock: server minus local, and the round trip.
    void clockMeasured(qint64 offsetMs, qint64 roundTripMs);
    // The handshake read the server's run_id (INFO server).
    void serverIdentified(const QByteArray &runId);
    // A reconnect found another run_id than before: the server restarted (maybe from an older
    // snapshot) or failed over; what was counted before may no longer hold.
    void serverRestarted(const QByteArray &previousRunId, const QByteArray &runId);

private:
    void onTransportUp();
    void onHandshakeDone();
    void onInfo(const RedisReply &reply);
    void measureClock();
    void drop(const RedisError &why, bool permanent);
    void sweep();
    void updateSweep();

    ConnectionSettings m_settings;
    std::shared_ptr<ServerClock> m_clock;
    RequestPipeline m_pipeline;
    ConnectionLife *m_life = nullptr;
    QTimer *m_sweepTimer = nullptr;
    QTimer *m_clockTimer = nullptr;
    RedisError m_lastError;
    QByteArray m_runId; // of the last server we completed a handshake with
};
