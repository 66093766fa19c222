// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scriptlibrary.h"
#include "syncredis.h"

// Runs one script of `library` as the console does: EVALSHA with no keys, loading the script on
// NOSCRIPT. A name the library lacks is an error reply, so a test fails on it rather than crashes.
inline RedisValue callLibraryScript(SyncRedis &redis, const ScriptLibrary &library, const QString &name,
                                    const QList<QByteArray> &args)
{
    const LuaScript *script = library.find(name);
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
