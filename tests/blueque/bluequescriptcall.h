// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequescripts.h"
#include "scriptcall.h"
#include "syncredis.h"

// One of the embedded Blueque scripts, as the console runs it.
inline RedisValue callBlueque(SyncRedis &redis, const QString &name, const QList<QByteArray> &args)
{
    return callLibraryScript(redis, BluequeScripts::instance(), name, args);
}
