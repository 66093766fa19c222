// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisreply.h"

RedisReply RedisReply::fromError(const RedisError &error)
{
    RedisReply reply;
    reply.type = Type::Error;
    reply.error = error;
    reply.bytes = error.serverText;
    return reply;
}
