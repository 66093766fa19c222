// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessconfigreads.h"

#include "qlessclientcalls.h"

using namespace QlessClientCalls;

namespace {
// config.get <option> replies the value as stored, or a default, which Redis hands over as an
// integer when the script had it as a number; configValue() promises text.
std::optional<QString> configText(const RedisReply &reply, RedisError *error)
{
    if (reply.type == RedisReply::Type::Integer)
        return QString::number(reply.integer);
    return QlessValueDecoder::configValue(reply, error);
}
} // namespace

void QlessConfigReads::config(QObject *context, Done<QlessConfig> done)
{
    m_caller.read<QlessConfig>("config.get", {}, context, &QlessValueDecoder::config, std::move(done));
}

void QlessConfigReads::configValue(const QString &option, QObject *context, Done<std::optional<QString>> done)
{
    m_caller.read<std::optional<QString>>("config.get", {utf8(option)}, context, &configText, std::move(done));
}

void QlessConfigReads::userPermissions(QObject *context, Done<QJsonObject> done)
{
    m_caller.read<QJsonObject>(
        "desk.permissions", {}, context,
        [](const RedisReply &reply, RedisError *error) {
            QJsonValue value;
            if (!reply.isString() || !QlessText::parseJson(reply.bytes, &value) || !value.isObject()) {
                *error = RedisError::make(RedisError::Kind::BadReply,
                                          QStringLiteral("Unexpected reply: expected desk.permissions' object"));
                return QJsonObject();
            }
            return value.toObject();
        },
        std::move(done));
}
