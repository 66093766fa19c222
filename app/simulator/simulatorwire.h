// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediscommand.h"

#include <QByteArray>
#include <QList>

#include <optional>

// How the simulated clients speak to qless, as one of two kinds of deployment does:
// - Current: the unified qless.lua, called as the Ruby gem and qless-py call it
//   (EVALSHA <sha> 0 <command> <now> args...), including what only current qless has (put by a
//   named worker, timeout, log entries, pause, max-concurrency, recurring backlog);
// - Seed: the 2012 per-command scripts of the seed's API.
// Each method builds the command; those current qless alone has give nullopt in the Seed shape.
class SimulatorWire
{
public:
    enum class Shape { Current, Seed };
    using Args = QList<QByteArray>;

    explicit SimulatorWire(Shape shape)
        : m_shape(shape)
    {}
    Shape shape() const { return m_shape; }

    // `options`: name/value pairs (priority, tags, retries, depends). `worker`: who puts it.
    RedisCommand put(double now, const QByteArray &worker, const QByteArray &queue, const QByteArray &jid,
                     const QByteArray &klass, const QByteArray &data, double delay, const Args &options) const;
    RedisCommand pop(double now, const QByteArray &queue, const QByteArray &worker, int count) const;
    RedisCommand heartbeat(double now, const QByteArray &jid, const QByteArray &worker) const;
    // `next`: the queue the job goes on to, empty for none.
    RedisCommand complete(double now, const QByteArray &jid, const QByteArray &worker, const QByteArray &queue,
                          const QByteArray &data, const QByteArray &next) const;
    RedisCommand fail(double now, const QByteArray &jid, const QByteArray &worker, const QByteArray &group,
                      const QByteArray &message) const;
    RedisCommand retry(double now, const QByteArray &jid, const QByteArray &queue, const QByteArray &worker,
                       double delay) const;
    RedisCommand track(double now, const QByteArray &jid) const;
    // An interval template; `options` as for put, plus backlog in the Current shape.
    RedisCommand recur(double now, const QByteArray &queue, const QByteArray &jid, const QByteArray &klass,
                       const QByteArray &data, double interval, double offset, const Args &options) const;
    RedisCommand setConfig(double now, const QByteArray &option, const QByteArray &value) const;

    // Current qless only.
    std::optional<RedisCommand> timeout(double now, const QByteArray &jid) const;
    std::optional<RedisCommand> log(double now, const QByteArray &jid, const QByteArray &message,
                                    const QByteArray &data) const;
    std::optional<RedisCommand> pause(double now, const QByteArray &queue) const;
    std::optional<RedisCommand> unpause(double now, const QByteArray &queue) const;

    static QByteArray number(double value);

private:
    RedisCommand unified(const QByteArray &command, double now, const Args &args) const;

    Shape m_shape;
};
