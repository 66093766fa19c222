// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "connectionstate.h"
#include "rediscommand.h"
#include "redisreply.h"
#include "serverclock.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <memory>

class RedisConnectionWorker;

// One connection to one Redis server, on a thread of its own: nothing here ever waits on the
// network in the caller's thread. Requests are pipelined and answered in order; each ends in
// exactly one reply or one readable error. Construct it on the thread that will use it.
class RedisConnection final : public QObject
{
    Q_OBJECT

public:
    using Callback = std::function<void(const RedisReply &)>;

    // The requests submitted on this thread while one lives (on any connection) form one unit
    // for ConnectionSettings::oneUnitAtServer: they may be at the server together. For a batch
    // its sender has bounded (StepWindow sizes BulkRunner's steps to Redis's time), never for
    // independent calls. Scopes nest: an inner one joins the outer unit.
    class Unit final
    {
    public:
        Unit();
        ~Unit();
        Q_DISABLE_COPY_MOVE(Unit)
        // The unit being declared on this thread; 0: none (each request is its own).
        static quint64 current();

    private:
        quint64 m_previous;
    };

    explicit RedisConnection(const ConnectionSettings &settings, QObject *parent = nullptr);
    ~RedisConnection() override; // fails what is pending (Closed), then ends the thread
    Q_DISABLE_COPY_MOVE(RedisConnection)

    const ConnectionSettings &settings() const { return m_settings; }
    bool isReadOnly() const { return m_settings.readOnly; }
    // As last reported by stateChanged.
    ConnectionState state() const { return m_state; }

    // Sends `command`; `callback` runs on `context`'s thread with the reply, unless `context`
    // has been destroyed by then (the reply is dropped). Call it on `context`'s thread.
    void send(const RedisCommand &command, QObject *context, Callback callback);
    // For layers on top (the typed API): `handler` runs on the connection's thread, where a
    // reply can be decoded without holding up the caller; it must not block. With
    // `serverTimeArg` >= 0, that script argument is replaced by the server's time when sent.
    // `urgent`: the command is written to the socket as soon as the connection's thread takes it,
    // not after the other work queued there (replies of a batch being decoded).
    void submit(const RedisCommand &command, Callback handler, int serverTimeArg = -1, bool urgent = false);
    // Runs `work` on the connection's thread after what is queued there now (a submit made just
    // before included). Dropped if the connection is destroyed first.
    void post(std::function<void()> work);

    // The server's clock, measured with TIME at every connect and every few minutes; readable
    // from any thread without waiting. Until the first measurement it is the local clock.
    const ServerClock &serverClock() const { return *m_clock; }
    double serverNow() const { return m_clock->nowSeconds(); }

    // From any state but Closed: drops the connection and opens it again at once (after
    // Failed, when the password was fixed on the server; to skip a backoff wait; or when the
    // operator suspects a dead link). Reads in flight are sent again, writes in flight fail.
    void reconnect();

    // The run_id of the server (INFO server) as of the last handshake; empty until then, or
    // when an ACL refuses INFO.
    QByteArray serverRunId() const;

signals:
    void stateChanged(const ConnectionState &state);
    // After each measurement of the server's clock: server minus local, and its round trip.
    void serverClockMeasured(qint64 offsetMs, qint64 roundTripMs);
    // A reconnect reached a server with another run_id than before: it restarted (perhaps from
    // an older snapshot) or another took its place. Whatever was counted before may be stale.
    void serverRestarted(const QByteArray &previousRunId, const QByteArray &runId);

private:
    ConnectionSettings m_settings;
    ConnectionState m_state;
    QByteArray m_runId;
    std::shared_ptr<ServerClock> m_clock;
    QThread m_thread;
    RedisConnectionWorker *m_worker = nullptr;
};
