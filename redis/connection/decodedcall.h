// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "redisconnection.h"
#include "replyrelay.h"

#include <QObject>

#include <functional>

// One asynchronous call as the job systems' clients make it: the reply decoded on the
// connection's thread by `decode`, then `done` run on `context`'s thread with the value or the
// error, unless `context` is gone by then (ReplyRelay).
template<typename T>
void submitDecoded(RedisConnection *connection, const RedisCommand &command, QObject *context,
                   std::function<T(const RedisReply &, RedisError *)> decode,
                   std::function<void(const QlessReply<T> &)> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    connection->submit(command, [relay, decode = std::move(decode), done = std::move(done)](const RedisReply &reply) {
        QlessReply<T> result;
        if (reply.isError())
            result.error = reply.error;
        else
            result.value = decode(reply, &result.error);
        relay->post([done, result] { done(result); });
    });
}
