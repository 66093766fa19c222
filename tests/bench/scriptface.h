// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rawredis.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

struct RedisCommand;

// One qless script call, sent either way: through our connection or through hiredis.
struct ScriptCall
{
    QString script;  // a script ScriptLibrary embeds, by name; or empty, and then
    QByteArray sha1; // a script loaded by hand, by its SHA1 (qless.lua while it is not embedded)
    QList<QByteArray> keys;
    QList<QByteArray> args;

    RedisCommand command() const;
    RawRedis::Argv argv() const;
};

// The calls of a throughput step, written for one face of our Lua: the seed's per-command
// scripts (put.lua, pop.lua... with their own argument orders) or the unified qless.lua
// (qless-core's API, `EVALSHA <sha> 0 <command> <now> args...`), which is what the qless gem and
// qless-py call. The same step on both faces does the same thing to the same kind of keys.
class ScriptFace final
{
public:
    static ScriptFace perCommand();
    // The unified script, loaded into the server through `raw`: the embedded :/qless/qless.lua when
    // the library has it, else the one generated into the build's lua dir (or $QLESSDESK_QLESS_LUA).
    static std::optional<ScriptFace> unified(RawRedis &raw, QString *error);

    bool isUnified() const { return m_unified; }
    // Where the script came from, for the report.
    QString origin() const { return m_origin; }

    ScriptCall put(const QByteArray &queue, const QByteArray &worker, const QByteArray &jid, const QByteArray &data,
                   const QByteArray &now) const;
    ScriptCall pop(const QByteArray &queue, const QByteArray &worker, const QByteArray &now) const;
    ScriptCall complete(const QByteArray &jid, const QByteArray &worker, const QByteArray &queue,
                        const QByteArray &now) const;
    ScriptCall fail(const QByteArray &jid, const QByteArray &worker, const QByteArray &group, const QByteArray &message,
                    const QByteArray &now) const;
    // Moves one job of `group` back to `queue`.
    ScriptCall unfail(const QByteArray &queue, const QByteArray &group, const QByteArray &now) const;
    // Replies the queue's counts as a JSON object (waiting, running...).
    ScriptCall counts(const QByteArray &queue, const QByteArray &now) const;
    // Replies every failure group's size as a JSON object.
    ScriptCall failedGroups(const QByteArray &now) const;
    // Sets a job's priority (qless.lua only: the seed's scripts had no such call).
    ScriptCall priority(const QByteArray &jid, const QByteArray &priority, const QByteArray &now) const;

private:
    ScriptFace() = default;
    // A per-command script by name, or a command of the unified one.
    ScriptCall call(const char *command, const QList<QByteArray> &keys, const QList<QByteArray> &args) const;

    bool m_unified = false;
    QString m_script;  // the unified script's name in ScriptLibrary, when embedded
    QByteArray m_sha1; // its SHA1 otherwise
    QString m_origin;
};
