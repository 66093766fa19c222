// SPDX-License-Identifier: GPL-3.0-or-later
#include "scriptface.h"

#include "rediscommand.h"
#include "scriptlibrary.h"

#include <QCryptographicHash>
#include <QFile>

namespace {
const char Klass[] = "Bench::Job";
}

RedisCommand ScriptCall::command() const
{
    if (!script.isEmpty())
        return RedisCommand::writeScript(script, keys, args);
    // Not in ScriptLibrary, so the connection cannot load it on NOSCRIPT: the benchmark loads it
    // before anything is timed (ScriptFace::unified) and no round flushes scripts.
    return RedisCommand::write(argv());
}

RawRedis::Argv ScriptCall::argv() const
{
    if (!script.isEmpty())
        return RawRedis::script(script, keys, args);
    RawRedis::Argv out{"EVALSHA", sha1, QByteArray::number(keys.size())};
    out += keys;
    out += args;
    return out;
}

ScriptFace ScriptFace::perCommand()
{
    ScriptFace face;
    face.m_origin = QStringLiteral("per-command scripts");
    return face;
}

std::optional<ScriptFace> ScriptFace::unified(RawRedis &raw, QString *error)
{
    ScriptFace face;
    face.m_unified = true;
    QByteArray source;
    const QString fromEnvironment = qEnvironmentVariable("QLESSDESK_QLESS_LUA");
    const LuaScript *embedded = ScriptLibrary::instance().find(QStringLiteral("qless"));
    if (embedded && fromEnvironment.isEmpty()) {
        // What the application itself sends: measured through the same path as the other scripts.
        face.m_script = QStringLiteral("qless");
        face.m_origin = QStringLiteral(":/qless/qless.lua");
        source = embedded->source;
    } else {
        QString path = fromEnvironment;
#ifdef QLESSDESK_GENERATED_LUA_DIR
        if (path.isEmpty())
            path = QStringLiteral(QLESSDESK_GENERATED_LUA_DIR "/qless.lua");
#endif
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("no unified qless.lua: not embedded, and cannot read '%1' (build qlessdesk_lua)")
                         .arg(path);
            return std::nullopt;
        }
        source = file.readAll();
        face.m_sha1 = QCryptographicHash::hash(source, QCryptographicHash::Sha1).toHex();
        face.m_origin = path;
    }
    const RawRedis::Reply reply = raw.command({"SCRIPT", "LOAD", source});
    if (RawRedis::isError(reply.get())) {
        *error = QStringLiteral("SCRIPT LOAD qless.lua: ") + QString::fromUtf8(RawRedis::text(reply.get()));
        return std::nullopt;
    }
    return face;
}

ScriptCall ScriptFace::call(const char *command, const QList<QByteArray> &keys, const QList<QByteArray> &args) const
{
    if (!m_unified)
        return {QString::fromLatin1(command), {}, keys, args};
    Q_ASSERT(keys.isEmpty());
    return {m_script, m_sha1, {}, QList<QByteArray>{command} + args};
}

// Per-command: KEYS queue, ARGV jid klass data now delay.
// Unified: put now worker queue jid klass data delay.
ScriptCall ScriptFace::put(const QByteArray &queue, const QByteArray &worker, const QByteArray &jid,
                           const QByteArray &data, const QByteArray &now) const
{
    if (!m_unified)
        return call("put", {queue}, {jid, Klass, data, now, "0"});
    return call("put", {}, {now, worker, queue, jid, Klass, data, "0"});
}

// Per-command: KEYS queue, ARGV worker count now. Unified: pop now queue worker count.
ScriptCall ScriptFace::pop(const QByteArray &queue, const QByteArray &worker, const QByteArray &now) const
{
    if (!m_unified)
        return call("pop", {queue}, {worker, "1", now});
    return call("pop", {}, {now, queue, worker, "1"});
}

// Per-command: jid worker queue now data. Unified: complete now jid worker queue data.
ScriptCall ScriptFace::complete(const QByteArray &jid, const QByteArray &worker, const QByteArray &queue,
                                const QByteArray &now) const
{
    if (!m_unified)
        return call("complete", {}, {jid, worker, queue, now, "{}"});
    return call("complete", {}, {now, jid, worker, queue, "{}"});
}

// Per-command: jid worker group message now. Unified: fail now jid worker group message.
ScriptCall ScriptFace::fail(const QByteArray &jid, const QByteArray &worker, const QByteArray &group,
                            const QByteArray &message, const QByteArray &now) const
{
    if (!m_unified)
        return call("fail", {}, {jid, worker, group, message, now});
    return call("fail", {}, {now, jid, worker, group, message});
}

// Per-command: now group queue count. Unified: unfail now queue group count.
ScriptCall ScriptFace::unfail(const QByteArray &queue, const QByteArray &group, const QByteArray &now) const
{
    if (!m_unified)
        return call("unfail", {}, {now, group, queue, "1"});
    return call("unfail", {}, {now, queue, group, "1"});
}

// Both faces: queues now queue.
ScriptCall ScriptFace::counts(const QByteArray &queue, const QByteArray &now) const
{
    return call("queues", {}, {now, queue});
}

// Per-command failed takes no now; the unified script takes it before every command's arguments.
ScriptCall ScriptFace::failedGroups(const QByteArray &now) const
{
    return m_unified ? call("failed", {}, {now}) : call("failed", {}, {});
}

// Unified only: priority now jid priority.
ScriptCall ScriptFace::priority(const QByteArray &jid, const QByteArray &priority, const QByteArray &now) const
{
    Q_ASSERT(m_unified);
    return call("priority", {}, {now, jid, priority});
}
