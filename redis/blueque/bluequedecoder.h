// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"
#include "rediserror.h"
#include "redisreply.h"

// Blueque's script replies decoded into bluequetypes.h. Tolerant: a reply of the wrong shape is
// a BadReply error, never a crash; a field that is not what Blueque writes is kept as its text.
namespace BluequeDecoder {
BluequeQueuePage queuePage(const RedisReply &reply, RedisError *error);
BluequeTaskPage taskPage(const RedisReply &reply, RedisError *error);
BluequeTaskRecord taskRecord(const RedisReply &reply, RedisError *error);
BluequeSearchStep searchStep(const RedisReply &reply, RedisError *error);
// TYPE blueque_queues: "zset" when the server holds Blueque.
QString keyType(const RedisReply &reply, RedisError *error);
} // namespace BluequeDecoder
