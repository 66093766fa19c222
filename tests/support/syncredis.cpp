// SPDX-License-Identifier: GPL-3.0-or-later
#include "syncredis.h"

#include "scriptlibrary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <hiredis/hiredis.h>

namespace {
RedisValue fromReply(const redisReply *reply)
{
    RedisValue value;
    if (!reply)
        return value;
    switch (reply->type) {
    case REDIS_REPLY_STATUS:
        value.type = RedisValue::Type::Status;
        value.bytes = QByteArray(reply->str, int(reply->len));
        break;
    case REDIS_REPLY_ERROR:
        value.type = RedisValue::Type::Error;
        value.bytes = QByteArray(reply->str, int(reply->len));
        break;
    case REDIS_REPLY_INTEGER:
        value.type = RedisValue::Type::Integer;
        value.integer = reply->integer;
        break;
    case REDIS_REPLY_STRING:
        value.type = RedisValue::Type::String;
        value.bytes = QByteArray(reply->str, int(reply->len));
        break;
    case REDIS_REPLY_ARRAY:
        value.type = RedisValue::Type::Array;
        for (size_t i = 0; i < reply->elements; ++i)
            value.elements.append(fromReply(reply->element[i]));
        break;
    default: break;
    }
    return value;
}
} // namespace

QList<QByteArray> RedisValue::strings() const
{
    QList<QByteArray> out;
    for (const RedisValue &element : elements)
        out.append(element.bytes);
    return out;
}

QJsonValue RedisValue::json() const
{
    // Wrap so that scalars ("5", "\"x\"") parse as well as objects and arrays.
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson("[" + bytes + "]", &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return QJsonValue(QJsonValue::Undefined);
    return doc.array().at(0);
}

SyncRedis::~SyncRedis()
{
    if (m_context)
        redisFree(m_context);
}

bool SyncRedis::connectUnix(const QString &path)
{
    if (m_context)
        redisFree(m_context);
    m_context = redisConnectUnix(path.toLocal8Bit().constData());
    return isConnected();
}

bool SyncRedis::connectTcp(const QString &host, quint16 port)
{
    if (m_context)
        redisFree(m_context);
    m_context = redisConnect(host.toLatin1().constData(), port);
    return isConnected();
}

bool SyncRedis::isConnected() const
{
    return m_context && m_context->err == 0;
}

QString SyncRedis::errorString() const
{
    if (!m_error.isEmpty())
        return m_error;
    return m_context ? QString::fromLocal8Bit(m_context->errstr) : QStringLiteral("not connected");
}

void SyncRedis::setTimeout(int milliseconds)
{
    if (!m_context)
        return;
    timeval tv{milliseconds / 1000, (milliseconds % 1000) * 1000};
    redisSetTimeout(m_context, tv);
}

RedisValue SyncRedis::command(const QList<QByteArray> &argv)
{
    RedisValue failed;
    failed.type = RedisValue::Type::Error;
    if (!isConnected()) {
        failed.bytes = "not connected";
        return failed;
    }
    std::vector<const char *> parts;
    std::vector<size_t> lengths;
    for (const QByteArray &arg : argv) {
        parts.push_back(arg.constData());
        lengths.push_back(size_t(arg.size()));
    }
    auto *reply =
        static_cast<redisReply *>(redisCommandArgv(m_context, int(parts.size()), parts.data(), lengths.data()));
    if (!reply) {
        failed.bytes = "connection error: " + QByteArray(m_context->errstr);
        return failed;
    }
    RedisValue value = fromReply(reply);
    freeReplyObject(reply);
    return value;
}

RedisValue SyncRedis::qless(const QString &script, const QList<QByteArray> &keys, const QList<QByteArray> &args)
{
    const LuaScript *lua = ScriptLibrary::instance().find(script);
    if (!lua) {
        RedisValue missing;
        missing.type = RedisValue::Type::Error;
        missing.bytes = "no such script: " + script.toUtf8();
        return missing;
    }
    QList<QByteArray> argv{"EVALSHA", lua->sha1, QByteArray::number(keys.size())};
    argv += keys;
    argv += args;
    RedisValue reply = command(argv);
    if (reply.isError() && reply.bytes.startsWith("NOSCRIPT")) {
        command({"SCRIPT", "LOAD", lua->source});
        reply = command(argv);
    }
    return reply;
}

RedisValue SyncRedis::nextMessage()
{
    void *raw = nullptr;
    if (!isConnected() || redisGetReply(m_context, &raw) != REDIS_OK) {
        // A time-out leaves the context unusable in hiredis 0.14; tests reconnect if they need to.
        return RedisValue{};
    }
    auto *reply = static_cast<redisReply *>(raw);
    RedisValue value = fromReply(reply);
    freeReplyObject(reply);
    return value;
}
