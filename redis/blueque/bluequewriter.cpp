// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequewriter.h"

#include "bluequescripts.h"
#include "redisconnection.h"
#include "replyrelay.h"

namespace {
QByteArray timeArg(double now)
{
    return QByteArray::number(now, 'f', 3);
}

QByteArray endArg(bool fromOldest)
{
    return fromOldest ? QByteArrayLiteral("oldest") : QByteArrayLiteral("newest");
}

RedisError badReply(const QString &what)
{
    return RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected reply of blueque %1").arg(what));
}

BluequeStep stepOf(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray() || reply.elements.size() != 3) {
        *error = badReply(QStringLiteral("step"));
        return {};
    }
    return {reply.elements.at(0).integer, reply.elements.at(1).integer, reply.elements.at(2).integer};
}

bool oneOf(const RedisReply &reply, RedisError *error)
{
    if (reply.integer != 1)
        *error = badReply(QStringLiteral("write"));
    return reply.integer == 1;
}

// Our scripts refuse with redis.error_reply("blueque delete: state is reserved"), which Redis
// sends without a code: a script's refusal, passed on as "state is reserved" (the operator knows
// which action it was).
RedisError withoutScriptName(RedisError error)
{
    const qsizetype colon = error.serverText.indexOf(": ");
    if (error.serverText.startsWith("blueque ") && colon > 0) {
        error.kind = RedisError::Kind::ScriptError;
        error.message = QString::fromUtf8(error.serverText.mid(colon + 2));
    }
    return error;
}
} // namespace

BluequeWriter::BluequeWriter(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{}

template<typename T>
void BluequeWriter::call(const QString &script, const QList<QByteArray> &args, QObject *context,
                         std::function<T(const RedisReply &, RedisError *)> decode, Done<T> done)
{
    const LuaScript *lua = BluequeScripts::instance().find(script);
    // Bound: the script's own (its -- Bound: comment in lua/blueque) within the caps above.
    // EVAL with the source, as BluequeClient's reads: the connection reloads only qless's scripts
    // on NOSCRIPT, and Redis caches an EVAL'd script by its SHA.
    QList<QByteArray> argv{"EVAL", lua ? lua->source : QByteArray("return redis.error_reply('no script')"), "0"};
    argv += args;
    ReplyRelay *relay = ReplyRelay::create(context);
    m_connection->submit(RedisCommand::write(argv),
                         [relay, decode = std::move(decode), done = std::move(done)](const RedisReply &reply) {
                             QlessReply<T> result;
                             if (reply.isError())
                                 result.error = withoutScriptName(reply.error);
                             else
                                 result.value = decode(reply, &result.error);
                             relay->post([done, result] { done(result); });
                         });
}

void BluequeWriter::requeue(const QString &queue, double now, bool fromOldest, const QList<QByteArray> &ids,
                            QObject *context, Done<QList<QByteArray>> done)
{
    const qsizetype count = ids.size();
    call<QList<QByteArray>>(
        QStringLiteral("requeue"), QList<QByteArray>{queue.toUtf8(), timeArg(now), endArg(fromOldest)} + ids, context,
        [count](const RedisReply &reply, RedisError *error) {
            QList<QByteArray> outcomes;
            if (!reply.isArray() || reply.elements.size() != count) {
                *error = badReply(QStringLiteral("requeue"));
                return outcomes;
            }
            for (const RedisReply &outcome : reply.elements)
                outcomes << outcome.bytes;
            return outcomes;
        },
        std::move(done));
}

void BluequeWriter::requeueAllStep(const QString &queue, double now, int count, QObject *context,
                                   Done<BluequeStep> done)
{
    call<BluequeStep>(QStringLiteral("requeueall"), {queue.toUtf8(), timeArg(now), QByteArray::number(count)}, context,
                      &stepOf, std::move(done));
}

void BluequeWriter::deleteTask(const QByteArray &id, const QString &expectedState, bool fromOldest, QObject *context,
                               Done<bool> done)
{
    call<bool>(QStringLiteral("delete"), {id, expectedState.toUtf8(), endArg(fromOldest)}, context, &oneOf,
               std::move(done));
}

void BluequeWriter::runNow(const QByteArray &id, double now, QObject *context, Done<bool> done)
{
    call<bool>(QStringLiteral("runnow"), {id, timeArg(now)}, context, &oneOf, std::move(done));
}

void BluequeWriter::purgeStep(const QString &queue, const QString &state, int count, QObject *context,
                              Done<BluequeStep> done)
{
    // purge replies {entries, hashes, remaining}.
    call<BluequeStep>(
        QStringLiteral("purge"), {queue.toUtf8(), state.toUtf8(), QByteArray::number(count)}, context,
        [](const RedisReply &reply, RedisError *error) {
            const BluequeStep read = stepOf(reply, error);
            return BluequeStep{read.other, read.done - read.other, read.remaining};
        },
        std::move(done));
}
