// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequescripts.h"
#include "syncredis.h"

// Runs one of the embedded Blueque scripts as the console will: EVALSHA with no keys, loading
// the script on NOSCRIPT.
inline RedisValue callBlueque(SyncRedis &redis, const QString &name, const QList<QByteArray> &args)
{
    const LuaScript *script = BluequeScripts::instance().find(name);
    if (!script) {
        RedisValue missing;
        missing.type = RedisValue::Type::Error;
        missing.bytes = "no such script: " + name.toUtf8();
        return missing;
    }
    QList<QByteArray> argv{"EVALSHA", script->sha1, "0"};
    argv += args;
    RedisValue reply = redis.command(argv);
    if (reply.isError() && reply.bytes.startsWith("NOSCRIPT")) {
        redis.command({"SCRIPT", "LOAD", script->source});
        reply = redis.command(argv);
    }
    return reply;
}
