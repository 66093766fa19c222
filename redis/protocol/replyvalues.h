// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redisreply.h"

#include <QByteArray>

// An element of a script's reply read as a value, whatever Lua made of it: a number may come as
// an integer reply or as text. What the job systems' decoders share.
namespace ReplyValues {
// The element's text (an integer as its decimal text).
inline QByteArray text(const RedisReply &reply)
{
    return reply.type == RedisReply::Type::Integer ? QByteArray::number(reply.integer) : reply.bytes;
}

// The element as a whole number, -1 when it is not one.
inline qint64 count(const RedisReply &reply)
{
    if (reply.type == RedisReply::Type::Integer)
        return reply.integer;
    bool ok = false;
    const qint64 value = reply.bytes.toLongLong(&ok);
    return ok ? value : -1;
}
} // namespace ReplyValues
