// SPDX-License-Identifier: GPL-3.0-or-later
#include "rediscommand.h"

RedisCommand RedisCommand::read(const QList<QByteArray> &argv)
{
    RedisCommand command;
    command.argv = argv;
    command.writes = false;
    return command;
}

RedisCommand RedisCommand::write(const QList<QByteArray> &argv)
{
    RedisCommand command;
    command.argv = argv;
    command.writes = true;
    return command;
}

RedisCommand RedisCommand::readScript(const QString &name, const QList<QByteArray> &keys, const QList<QByteArray> &args)
{
    RedisCommand command;
    command.script = name;
    command.keys = keys;
    command.args = args;
    command.writes = false;
    return command;
}

RedisCommand RedisCommand::writeScript(const QString &name, const QList<QByteArray> &keys,
                                       const QList<QByteArray> &args)
{
    RedisCommand command = readScript(name, keys, args);
    command.writes = true;
    return command;
}

QString RedisCommand::describe() const
{
    if (isScript())
        return QStringLiteral("script ") + script;
    return argv.isEmpty() ? QStringLiteral("(empty command)") : QString::fromUtf8(argv.first()).toUpper();
}
