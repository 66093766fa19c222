// SPDX-License-Identifier: GPL-3.0-or-later
#include "respreader.h"

#include <hiredis/hiredis.h>
#include <hiredis/read.h>

#include <vector>

namespace {
RedisReply fromHiredis(const redisReply *reply)
{
    RedisReply value;
    switch (reply->type) {
    case REDIS_REPLY_STATUS:
        value.type = RedisReply::Type::Status;
        value.bytes = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_ERROR:
        value.type = RedisReply::Type::Error;
        value.bytes = QByteArray(reply->str, qsizetype(reply->len));
        value.error = RedisError::fromServer(value.bytes);
        break;
    case REDIS_REPLY_INTEGER:
        value.type = RedisReply::Type::Integer;
        value.integer = reply->integer;
        break;
    case REDIS_REPLY_STRING:
        value.type = RedisReply::Type::String;
        value.bytes = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_ARRAY:
        value.type = RedisReply::Type::Array;
        value.elements.reserve(qsizetype(reply->elements));
        for (size_t i = 0; i < reply->elements; ++i)
            value.elements.append(fromHiredis(reply->element[i]));
        break;
    default: // REDIS_REPLY_NIL
        break;
    }
    return value;
}
} // namespace

RespReader::RespReader()
    : m_reader(redisReaderCreate())
{}

RespReader::~RespReader()
{
    redisReaderFree(m_reader);
}

QByteArray RespReader::encode(const QList<QByteArray> &argv)
{
    std::vector<const char *> parts;
    std::vector<size_t> lengths;
    parts.reserve(size_t(argv.size()));
    lengths.reserve(size_t(argv.size()));
    for (const QByteArray &arg : argv) {
        parts.push_back(arg.constData());
        lengths.push_back(size_t(arg.size()));
    }
    char *out = nullptr;
    const int size = redisFormatCommandArgv(&out, int(parts.size()), parts.data(), lengths.data());
    if (size < 0)
        return QByteArray();
    QByteArray encoded(out, size);
    redisFreeCommand(out);
    return encoded;
}

void RespReader::feed(const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        redisReaderFeed(m_reader, bytes.constData(), size_t(bytes.size()));
}

RespReader::Result RespReader::next(RedisReply *reply)
{
    void *raw = nullptr;
    if (redisReaderGetReply(m_reader, &raw) != REDIS_OK) {
        m_error = QString::fromUtf8(m_reader->errstr);
        return Result::Failed;
    }
    if (!raw)
        return Result::NeedMore;
    auto *hiredisReply = static_cast<redisReply *>(raw);
    *reply = fromHiredis(hiredisReply);
    freeReplyObject(hiredisReply);
    return Result::Reply;
}

void RespReader::reset()
{
    redisReaderFree(m_reader);
    m_reader = redisReaderCreate();
    m_error.clear();
}
