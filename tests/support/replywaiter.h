// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisconnection.h"

#include <QObject>
#include <QTest>

#include <optional>

// Sends one command through a RedisConnection and spins the test's event loop until the reply
// comes (or `timeoutMs` passes: then the reply is an error saying so). Only for tests: the
// product never waits like this.
inline RedisReply awaitReply(RedisConnection &connection, const RedisCommand &command, int timeoutMs = 20000)
{
    QObject context;
    std::optional<RedisReply> reply;
    connection.send(command, &context, [&reply](const RedisReply &r) { reply = r; });
    if (!QTest::qWaitFor([&reply] { return reply.has_value(); }, timeoutMs))
        return RedisReply::fromError(
            RedisError::make(RedisError::Kind::Timeout, QStringLiteral("test: no reply in time")));
    return *reply;
}

inline bool awaitReady(RedisConnection &connection, int timeoutMs = 20000)
{
    return QTest::qWaitFor([&connection] { return connection.state().phase == ConnectionState::Phase::Ready; },
                           timeoutMs);
}
