// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "rediscommand.h"

#include <QByteArray>
#include <QList>
#include <QObject>

#include <functional>
#include <optional>

class RedisConnection;
struct RedisReply;
struct RedisError;
struct Job;

// What a qless call's reply is handed to, on the caller's `context` thread.
template<typename T>
using QlessDone = std::function<void(const QlessReply<T> &)>;
// Turns a reply into the value a method promises, on the connection's thread.
template<typename T>
using QlessDecode = std::function<T(const RedisReply &, RedisError *)>;

// The one way QlessClient's areas talk to Redis: a command and its args become EVALSHA of the
// unified script qless.lua (<command> <now> args...), marked as a read or a write so that a
// read-only connection refuses writes before sending; the reply is decoded on the connection's
// thread and `done` runs on `context`'s thread unless `context` is gone by then. The member
// templates are defined in qlessclientcalls.h, which only the areas' files include.
class QlessScriptCaller final
{
public:
    // Seconds since the epoch, as the scripts take `now`.
    using Clock = std::function<double()>;

    // `connection` must outlive the caller.
    explicit QlessScriptCaller(RedisConnection *connection);

    RedisConnection *connection() const { return m_connection; }
    // For tests and replays: a fixed source of `now`. By default `now` is the Redis server's
    // clock (RedisConnection::serverClock), written into each call as it is sent.
    void setClock(Clock clock) { m_clock = std::move(clock); }
    // The `now` the scripts get: the set clock, else the server's time as best known.
    double now() const;
    QByteArray nowText() const;
    // Where the connection is to write the server's time into a unified command as it is sent:
    // -1 (never) when a clock was set, which is the caller's on purpose.
    int serverTimeArg() const;

    // A command of the unified script qless.lua: EVALSHA <sha> 0 <command> <now> args..., `now`
    // stamped as it is sent. read() for what changes nothing, write() for the rest.
    RedisCommand unified(bool writes, const QByteArray &command, const QList<QByteArray> &args) const;
    template<typename T>
    void read(const QByteArray &command, const QList<QByteArray> &args, QObject *context, QlessDecode<T> decode,
              QlessDone<T> done);
    template<typename T>
    void write(const QByteArray &command, const QList<QByteArray> &args, QObject *context, QlessDecode<T> decode,
               QlessDone<T> done);
    // write(), or with a receipt: desk.once <receipt> <command> args...
    template<typename T>
    void writeOnce(const QByteArray &receipt, const QByteArray &command, const QList<QByteArray> &args,
                   QObject *context, QlessDecode<T> decode, QlessDone<T> done);

    // `command` <jid>... in calls of at most `perCall` jids, in turn, one reply per jid in the
    // order asked (nullopt where a job is gone), each decoded by `decode`.
    void readPerJid(const QByteArray &command, qsizetype perCall, const QList<QByteArray> &jids,
                    QlessDecode<std::optional<Job>> decode, QObject *context,
                    QlessDone<QList<std::optional<Job>>> done);
    // A page of `command` <before...> <offset> <rows> <after...> read as calls of at most
    // `rowsPerCall` rows at consecutive offsets, in turn; each later part is joined into the
    // first one's page by `join`, in order.
    template<typename Page>
    void readInParts(const QByteArray &command, const QList<QByteArray> &before, int offset, int count, int rowsPerCall,
                     const QList<QByteArray> &after, QlessDecode<Page> decode,
                     std::function<void(Page *, const Page &)> join, QObject *context, QlessDone<Page> done);

private:
    template<typename T>
    void call(const RedisCommand &command, QObject *context, QlessDecode<T> decode, QlessDone<T> done);

    RedisConnection *m_connection;
    Clock m_clock;
};
