// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rediscommand.h"
#include "scriptlibrary.h"

#include <QByteArray>
#include <QList>
#include <QString>

// A read-only script of another job system's library (Blueque's, SideJob's) as one command:
// EVAL <the script's source> 0 args. Read-only, so no read-only connection refuses it. EVAL rather
// than EVALSHA because the connection's pipeline loads only the qless scripts on NOSCRIPT; Redis
// caches an EVAL'd script by its SHA, so only the text's transfer is paid again.
namespace ScriptRead {
RedisCommand eval(const ScriptLibrary &library, const QString &script, const QList<QByteArray> &args);
} // namespace ScriptRead
