// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediserror.h"

#include <QByteArray>
#include <QList>

// One RESP2 reply as a value, or the error that stands in for it (an error reply from the
// server, already sorted by RedisError, or a transport failure such as a timeout).
struct RedisReply
{
    enum class Type { Nil, Status, Error, Integer, String, Array };

    Type type = Type::Nil;
    QByteArray bytes;           // Status, String (and the raw text of a server Error)
    qint64 integer = 0;         // Integer
    QList<RedisReply> elements; // Array
    RedisError error;           // Error
    // For a caller's request that was written: nanoseconds from its last write to this reply (or
    // the error standing in for it), on the connection's thread: the round trip, without any wait
    // on the connection before the write. -1 for one never written.
    qint64 sinceWrittenNs = -1;

    bool isNil() const { return type == Type::Nil; }
    bool isError() const { return type == Type::Error; }
    bool isString() const { return type == Type::String; }
    bool isArray() const { return type == Type::Array; }

    static RedisReply fromError(const RedisError &error);
};
