// SPDX-License-Identifier: GPL-3.0-or-later
#include "rawredis.h"

#include "scriptlibrary.h"

#include <hiredis/hiredis.h>

#include <vector>

void RawRedis::ReplyDeleter::operator()(redisReply *reply) const
{
    if (reply)
        freeReplyObject(reply);
}

RawRedis::~RawRedis()
{
    if (m_context)
        redisFree(m_context);
}

bool RawRedis::connectUnix(const QString &path, QString *error)
{
    m_context = redisConnectUnix(path.toLocal8Bit().constData());
    if (!m_context || m_context->err) {
        if (error)
            *error = m_context ? QString::fromLocal8Bit(m_context->errstr) : QStringLiteral("out of memory");
        return false;
    }
    return true;
}

bool RawRedis::loadScripts(QString *error)
{
    const ScriptLibrary &library = ScriptLibrary::instance();
    for (const QString &name : library.names()) {
        const Reply reply = command({"SCRIPT", "LOAD", library.find(name)->source});
        if (!reply || isError(reply.get())) {
            if (error)
                *error = QStringLiteral("SCRIPT LOAD %1: %2").arg(name, QString::fromUtf8(text(reply.get())));
            return false;
        }
    }
    return true;
}

RawRedis::Argv RawRedis::script(const QString &name, const QList<QByteArray> &keys, const QList<QByteArray> &args)
{
    const LuaScript *lua = ScriptLibrary::instance().find(name);
    Argv argv{"EVALSHA", lua ? lua->sha1 : QByteArray("no-such-script"), QByteArray::number(keys.size())};
    argv += keys;
    argv += args;
    return argv;
}

bool RawRedis::append(const Argv &argv)
{
    std::vector<const char *> parts;
    std::vector<size_t> lengths;
    parts.reserve(size_t(argv.size()));
    lengths.reserve(size_t(argv.size()));
    for (const QByteArray &arg : argv) {
        parts.push_back(arg.constData());
        lengths.push_back(size_t(arg.size()));
    }
    return redisAppendCommandArgv(m_context, int(parts.size()), parts.data(), lengths.data()) == REDIS_OK;
}

RawRedis::Reply RawRedis::command(const Argv &argv)
{
    if (!m_context || !append(argv))
        return {};
    void *reply = nullptr;
    if (redisGetReply(m_context, &reply) != REDIS_OK)
        return {};
    return Reply(static_cast<redisReply *>(reply));
}

qint64 RawRedis::pipeline(const QList<Argv> &commands, int window, QByteArray *last)
{
    qint64 errors = 0;
    for (qsizetype start = 0; start < commands.size(); start += window) {
        const qsizetype end = qMin(commands.size(), start + window);
        for (qsizetype i = start; i < end; ++i) {
            if (!append(commands.at(i)))
                return -1;
        }
        for (qsizetype i = start; i < end; ++i) {
            void *raw = nullptr;
            if (redisGetReply(m_context, &raw) != REDIS_OK)
                return -1;
            const Reply reply(static_cast<redisReply *>(raw));
            if (isError(reply.get())) {
                ++errors;
                if (last)
                    *last = text(reply.get());
            }
        }
    }
    return errors;
}

QByteArray RawRedis::text(const redisReply *reply)
{
    if (!reply)
        return QByteArrayLiteral("(connection error)");
    if (reply->type == REDIS_REPLY_STRING || reply->type == REDIS_REPLY_STATUS || reply->type == REDIS_REPLY_ERROR)
        return QByteArray(reply->str, qsizetype(reply->len));
    if (reply->type == REDIS_REPLY_INTEGER)
        return QByteArray::number(reply->integer);
    return {};
}

bool RawRedis::isError(const redisReply *reply)
{
    return !reply || reply->type == REDIS_REPLY_ERROR;
}

long long RawRedis::integer(const redisReply *reply)
{
    return reply && reply->type == REDIS_REPLY_INTEGER ? reply->integer : -1;
}
