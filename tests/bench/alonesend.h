// SPDX-License-Identifier: GPL-3.0-or-later
// Calls no QlessClient method makes on their own (desk.failurenewest alone, the simulator's
// worker commands, plain commands), sent on the console's connection as its own calls go, for
// the calls-alone kinds: a failed call counts as a failed measurement (aloneanswer.h).
#pragma once

#include "rediscommand.h"
#include "redisconnection.h"

#include <QString>

#include <functional>

// The unified script's `command` as QlessClient sends it: <command> <now> args..., `now` the
// server's clock (the log places a call by it).
inline RedisCommand aloneScript(RedisConnection *connection, bool writes, const QByteArray &command,
                                const QList<QByteArray> &args)
{
    QList<QByteArray> all{command, QByteArray::number(connection->serverNow(), 'f', 6)};
    all += args;
    return writes ? RedisCommand::writeScript(QStringLiteral("qless"), {}, all)
                  : RedisCommand::readScript(QStringLiteral("qless"), {}, all);
}

inline void aloneSend(RedisConnection *connection, const RedisCommand &command, const QString &kind, QObject *context,
                      const std::function<void()> &done, const std::function<void(const QString &)> &fail)
{
    connection->send(command, context, [kind, done, fail](const RedisReply &reply) {
        if (reply.isError())
            fail(QStringLiteral("%1, alone: %2").arg(kind, reply.error.message));
        done();
    });
}
