// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulatorwire.h"

namespace {
RedisCommand seed(const QString &script, const QList<QByteArray> &keys, const QList<QByteArray> &args)
{
    return RedisCommand::writeScript(script, keys, args);
}
} // namespace

QByteArray SimulatorWire::number(double value)
{
    return QByteArray::number(value, 'f', 3);
}

RedisCommand SimulatorWire::unified(const QByteArray &command, double now, const Args &args) const
{
    return RedisCommand::writeScript(QStringLiteral("qless"), {}, Args{command, number(now)} + args);
}

RedisCommand SimulatorWire::put(double now, const QByteArray &worker, const QByteArray &queue, const QByteArray &jid,
                                const QByteArray &klass, const QByteArray &data, double delay,
                                const Args &options) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("put"), {queue}, Args{jid, klass, data, number(now), number(delay)} + options);
    return unified("put", now, Args{worker, queue, jid, klass, data, number(delay)} + options);
}

RedisCommand SimulatorWire::pop(double now, const QByteArray &queue, const QByteArray &worker, int count) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("pop"), {queue}, {worker, QByteArray::number(count), number(now)});
    return unified("pop", now, {queue, worker, QByteArray::number(count)});
}

RedisCommand SimulatorWire::heartbeat(double now, const QByteArray &jid, const QByteArray &worker) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("heartbeat"), {}, {jid, worker, number(now)});
    return unified("heartbeat", now, {jid, worker});
}

RedisCommand SimulatorWire::complete(double now, const QByteArray &jid, const QByteArray &worker,
                                     const QByteArray &queue, const QByteArray &data, const QByteArray &next) const
{
    const Args onward = next.isEmpty() ? Args{} : Args{"next", next};
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("complete"), {}, Args{jid, worker, queue, number(now), data} + onward);
    return unified("complete", now, Args{jid, worker, queue, data} + onward);
}

RedisCommand SimulatorWire::fail(double now, const QByteArray &jid, const QByteArray &worker, const QByteArray &group,
                                 const QByteArray &message) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("fail"), {}, {jid, worker, group, message, number(now)});
    return unified("fail", now, {jid, worker, group, message});
}

RedisCommand SimulatorWire::retry(double now, const QByteArray &jid, const QByteArray &queue, const QByteArray &worker,
                                  double delay) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("retry"), {}, {jid, queue, worker, number(now), number(delay)});
    return unified("retry", now, {jid, queue, worker, number(delay)});
}

RedisCommand SimulatorWire::track(double now, const QByteArray &jid) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("track"), {}, {"track", jid, number(now)});
    return unified("track", now, {"track", jid});
}

RedisCommand SimulatorWire::recur(double now, const QByteArray &queue, const QByteArray &jid, const QByteArray &klass,
                                  const QByteArray &data, double interval, double offset, const Args &options) const
{
    const Args schedule{"interval", number(interval), number(offset)};
    if (m_shape == Shape::Seed) {
        Args seedOptions;
        for (qsizetype i = 0; i + 1 < options.size(); i += 2) {
            if (options.at(i) != "backlog") // the 2012 recur has no backlog
                seedOptions << options.at(i) << options.at(i + 1);
        }
        return seed(QStringLiteral("recur"), {},
                    Args{"on", queue, jid, klass, data, number(now)} + schedule + seedOptions);
    }
    return unified("recur", now, Args{queue, jid, klass, data} + schedule + options);
}

RedisCommand SimulatorWire::setConfig(double now, const QByteArray &option, const QByteArray &value) const
{
    if (m_shape == Shape::Seed)
        return seed(QStringLiteral("config"), {}, {"set", option, value});
    return unified("config.set", now, {option, value});
}

std::optional<RedisCommand> SimulatorWire::timeout(double now, const QByteArray &jid) const
{
    if (m_shape == Shape::Seed)
        return std::nullopt;
    return unified("timeout", now, {jid});
}

std::optional<RedisCommand> SimulatorWire::log(double now, const QByteArray &jid, const QByteArray &message,
                                               const QByteArray &data) const
{
    if (m_shape == Shape::Seed)
        return std::nullopt;
    return unified("log", now, {jid, message, data});
}

std::optional<RedisCommand> SimulatorWire::pause(double now, const QByteArray &queue) const
{
    if (m_shape == Shape::Seed)
        return std::nullopt;
    return unified("pause", now, {queue});
}

std::optional<RedisCommand> SimulatorWire::unpause(double now, const QByteArray &queue) const
{
    if (m_shape == Shape::Seed)
        return std::nullopt;
    return unified("unpause", now, {queue});
}
