// SPDX-License-Identifier: GPL-3.0-or-later
// The Blueque scripts as the raw side and the calls-alone kinds send them: the read scripts as
// BluequeClient sends them (EVAL with the source), the action scripts by SHA (loaded first).
#pragma once

#include "bluequescripts.h"
#include "rawredis.h"

#include <QString>

inline RawRedis::Argv bluequeEval(const QString &name, const QList<QByteArray> &args)
{
    const LuaScript *script = BluequeScripts::instance().find(name);
    RawRedis::Argv argv{"EVAL", script ? script->source : QByteArray("return redis.error_reply('no script')"), "0"};
    return argv + args;
}

inline RawRedis::Argv bluequeEvalSha(const QString &name, const QList<QByteArray> &args)
{
    const LuaScript *script = BluequeScripts::instance().find(name);
    RawRedis::Argv argv{"EVALSHA", script ? script->sha1 : QByteArray("0"), "0"};
    return argv + args;
}
