// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scriptcall.h"
#include "sidejobkeydump.h"
#include "sidejobscripts.h"
#include "syncredis.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

// One of the embedded SideJob scripts, as the console runs it.
inline RedisValue callSideJob(SyncRedis &redis, const QString &name, const QList<QByteArray> &args)
{
    return callLibraryScript(redis, SideJobScripts::instance(), name, args);
}

// The database as the key dump shows it, plus the exact bytes of what the dump writes as "<time>"
// in Sidekiq's items and 4.0.2's logs, which a script must write exactly as the library does.
// A running job's lock token is random: it reads "<token>".
inline QStringList sideJobSnapshot(SyncRedis &redis)
{
    QStringList lines = SideJobKeyDump(redis).lines();
    static const QRegularExpression token(
        QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
    lines.replaceInStrings(token, QStringLiteral("<token>"));
    QList<QByteArray> lists = redis.command({"KEYS", "queue:*"}).strings();
    std::sort(lists.begin(), lists.end());
    lists << "jobs:logs";
    for (const QByteArray &key : lists)
        for (const QByteArray &value : redis.command({"LRANGE", key, "0", "-1"}).strings())
            lines << QString::fromUtf8(key + " exactly " + value);
    for (const QByteArray &value : redis.command({"ZRANGE", "schedule", "0", "-1", "WITHSCORES"}).strings())
        lines << QString::fromUtf8("schedule exactly " + value);
    return lines;
}
