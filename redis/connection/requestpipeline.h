// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionsettings.h"
#include "rediscommand.h"
#include "redisreply.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>

#include <deque>
#include <functional>
#include <memory>

// The request side of one connection, without a socket: what waits to be sent, what was sent
// and awaits its reply (matched strictly in order), and what was answered but must wait for an
// earlier request before its caller hears of it. It turns script calls into EVALSHA, loads a
// script once per connection after NOSCRIPT and re-sends (a refused load reaches the callers
// with the server's reason), applies the request timeout, and judges the connection dead (K
// timeouts in a row, or silence past the timeout while replies are owed). Bytes go out through
// `write`; replies come in through onReply. The worker owns the transport and decides what a
// dead connection means; tests drive this class directly.
class RequestPipeline final
{
public:
    using Handler = std::function<void(const RedisReply &)>;
    using Writer = std::function<void(const QByteArray &)>;
    // The server's present time as the scripts take it (ServerClock::text).
    using ServerTime = std::function<QByteArray()>;

    RequestPipeline(const ConnectionSettings &settings, Writer write, ServerTime serverTime);
    ~RequestPipeline();
    Q_DISABLE_COPY_MOVE(RequestPipeline)

    // A caller's request: sent at once while open (and, with ConnectionSettings::oneUnitAtServer,
    // while no other unit is at the server), else queued. `handler` runs exactly once. `unit`:
    // requests of the same non-zero unit, submitted one after another, may be at the server
    // together (RedisConnection::Unit); 0: a unit of its own.
    void submit(const RedisCommand &command, const Handler &handler, int serverTimeArg = -1, quint64 unit = 0);
    // Ends a request before it is queued (refused, closed...), counting it like the others.
    void refuse(const Handler &handler, const RedisError &error);
    // One of our own commands (handshake, TIME, SCRIPT LOAD): written now, its reply goes to
    // `handler`. Not held by oneUnitAtServer: each costs Redis a constant few microseconds (a
    // SCRIPT LOAD compiles the script once), against the milliseconds a unit may take.
    void sendInternal(const QList<QByteArray> &argv, const Handler &handler = {});

    // Open: the handshake is done and callers' requests may go out (queued ones go now).
    void setOpen(bool open);
    bool isOpen() const { return m_open; }

    // A reply read from the transport. A non-null result means the connection must be
    // dropped (and reopened) for that reason: a reply nobody asked for, or a demoted master
    // behind Sentinel.
    RedisError onReply(const RedisReply &reply);
    // Bytes arrived (even half a reply): the server is alive.
    void heard();

    // Times out what is overdue. A non-null result says the connection is dead: K requests in
    // a row timed out, or nothing arrived for longer than the request timeout while replies
    // were owed.
    RedisError sweep(const RedisError &lastConnectError);
    // Whether sweep has anything to watch.
    bool needsSweep() const { return m_pending > 0 || !m_expected.empty(); }

    // The transport is gone: writes in flight fail (they may have run), reads and refused
    // requests go back to the front of the queue, in order, to be sent again.
    void abandon(const RedisError &why);
    // Everything ends with `error` (answered replies still reach their callers first).
    void failAll(const RedisError &error);

    qint64 pending() const { return m_pending; }
    // Callers' requests written and not yet answered by the server (timed-out ones included:
    // the server may still be working on them).
    int atServer() const { return m_atServer; }
    // How many requests timed out since the last reply to a caller.
    int consecutiveTimeouts() const { return m_consecutiveTimeouts; }

private:
    struct Request;
    using RequestPtr = std::shared_ptr<Request>;
    struct Expected
    {
        RequestPtr request; // a caller's, or null for one of ours
        Handler internal;
    };

    void send(const RequestPtr &request);
    // onReply for a caller's request; the same result.
    RedisError onCallerReply(const Expected &entry, const RedisReply &reply);
    // Whether `request` may be written now without a second unit at the server.
    bool mayGo(const RequestPtr &request) const;
    // Writes what waits, in order, as far as mayGo allows.
    void sendQueued();
    void write(const QList<QByteArray> &argv);
    void retryAfterNoScript(const RequestPtr &request);
    // Delivers now, in whatever order (timeouts: a caller must never wait past its deadline).
    void finish(const RequestPtr &request, const RedisReply &reply);
    // Delivers in send order: held until every earlier request has been delivered.
    void complete(const RequestPtr &request, const RedisReply &reply);
    void deliverInOrder();
    RedisError unsentError(const RedisError &lastConnectError) const;

    ConnectionSettings m_settings;
    Writer m_write;
    ServerTime m_serverTime;
    std::deque<RequestPtr> m_queue;                  // not sent yet
    std::deque<Expected> m_expected;                 // sent, reply awaited, in order
    std::deque<RequestPtr> m_order;                  // sent callers' requests not delivered yet, in send order
    QHash<QString, quint64> m_scriptLoadedAt;        // script name -> write number of its SCRIPT LOAD
    QHash<QString, RedisError> m_scriptLoadFailures; // script name -> why its last SCRIPT LOAD failed
    quint64 m_writes = 0;                            // numbers every command written on this connection
    QElapsedTimer m_lastHeard;                       // since bytes arrived, or replies began to be owed
    qint64 m_pending = 0;                            // callers' requests not finished
    int m_consecutiveTimeouts = 0;
    int m_atServer = 0;         // callers' entries in m_expected
    quint64 m_unitAtServer = 0; // the unit of the last caller's request written
    bool m_open = false;
};
