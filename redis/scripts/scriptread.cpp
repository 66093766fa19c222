// SPDX-License-Identifier: GPL-3.0-or-later
#include "scriptread.h"

namespace ScriptRead {
RedisCommand eval(const ScriptLibrary &library, const QString &script, const QList<QByteArray> &args)
{
    const LuaScript *lua = library.find(script);
    // Bound: the script's own (its -- Bound: comment in lua/blueque or lua/sidejob).
    QList<QByteArray> argv{"EVAL", lua ? lua->source : QByteArray("return redis.error_reply('no script')"), "0"};
    argv += args;
    return RedisCommand::read(argv);
}
} // namespace ScriptRead
