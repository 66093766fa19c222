// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

#include <memory>

using namespace QlessClientCalls;

QlessScriptCaller::QlessScriptCaller(RedisConnection *connection)
    : m_connection(connection)
{}

double QlessScriptCaller::now() const
{
    return m_clock ? m_clock() : m_connection->serverNow();
}

QByteArray QlessScriptCaller::nowText() const
{
    return seconds(now());
}

int QlessScriptCaller::serverTimeArg() const
{
    return m_clock ? -1 : unifiedNowArg;
}

RedisCommand QlessScriptCaller::unified(bool writes, const QByteArray &command, const QList<QByteArray> &args) const
{
    QList<QByteArray> all{command, nowText()};
    all += args;
    return writes ? RedisCommand::writeScript(unifiedScript, {}, all)
                  : RedisCommand::readScript(unifiedScript, {}, all);
}

void QlessScriptCaller::readPerJid(const QByteArray &command, qsizetype perCall, const QList<QByteArray> &jids,
                                   QlessDecode<std::optional<Job>> decode, QObject *context,
                                   QlessDone<QList<std::optional<Job>>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    if (jids.isEmpty()) {
        relay->post([done] { done({}); });
        return;
    }
    // The scripts take up to 1000 jids a call (callers ask fewer); the calls go out in turn
    // (BoundedCallSequence) and their replies are handled one after another on the connection thread, so
    // the shared state needs no lock. One job that cannot be read is marked in its row; it does
    // not fail the others.
    auto gather = std::make_shared<QlessReply<QList<std::optional<Job>>>>();
    gather->value.resize(jids.size());
    QList<RedisCommand> calls;
    for (qsizetype first = 0; first < jids.size(); first += perCall)
        calls.append(unified(false, command, jids.mid(first, perCall)));
    BoundedCallSequence::send(
        m_connection, std::move(calls),
        [gather, decode, jids, perCall](qsizetype index, const RedisReply &reply) {
            QlessReply<QList<std::optional<Job>>> &result = *gather;
            const qsizetype first = index * perCall;
            const qsizetype size = qMin(perCall, jids.size() - first);
            if (reply.isError()) {
                if (result.error.isNull())
                    result.error = reply.error;
            } else if (!reply.isArray() || reply.elements.size() != size) {
                if (result.error.isNull())
                    result.error = RedisError::make(RedisError::Kind::BadReply,
                                                    QStringLiteral("Unexpected reply: expected one job per jid"));
            } else {
                for (qsizetype i = 0; i < size; ++i) {
                    std::optional<Job> job = decode(reply.elements.at(i), &result.error);
                    if (job)
                        job->jid = jids.at(first + i); // the exact bytes asked for
                    result.value[first + i] = std::move(job);
                }
            }
        },
        [gather, relay, done] {
            auto delivered = std::move(*gather);
            relay->post([done, delivered] { done(delivered); });
        },
        serverTimeArg());
}
