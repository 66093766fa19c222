// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclientcalls.h"

#include "callsinturn.h"

#include <QJsonObject>

#include <memory>

// QlessClient's read of how long queues' jobs have waited (qless.lua's desk.waitingsince).

using namespace QlessClientCalls;

namespace {
// The script takes up to 200, but 200 queues' waiting jobs cost Redis more than the 5 ms a call of
// ours may hold it; 100 stay under (docs/BENCHMARKS.md).
constexpr int QueuesPerCall = 100;

// {queue: seconds}: a queue without a waiting job is left out.
QHash<QString, double> sinceMap(const RedisReply &reply, RedisError *error)
{
    QJsonValue json;
    if (!reply.isString() || !QlessDecoder::parseJson(reply.bytes, &json) || !json.isObject()) {
        *error = RedisError::make(RedisError::Kind::BadReply,
                                  QStringLiteral("Unexpected reply to desk.waitingsince: not a JSON object"));
        return {};
    }
    QHash<QString, double> since;
    const QJsonObject object = json.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isDouble()) {
            *error = RedisError::make(
                RedisError::Kind::BadReply,
                QStringLiteral("Unexpected reply to desk.waitingsince: %1 is not a time").arg(it.key()));
            return {};
        }
        since.insert(it.key(), it.value().toDouble());
    }
    return since;
}
} // namespace

void QlessClient::waitingSince(const QStringList &queues, QObject *context, Done<QHash<QString, double>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // Calls of QueuesPerCall queues, two on their way at a time (CallsInTurn): the replies are
    // handled one after another on the connection's thread, then delivered on the context's.
    auto gather = std::make_shared<QlessReply<QHash<QString, double>>>();
    QList<RedisCommand> calls;
    for (qsizetype first = 0; first < queues.size(); first += QueuesPerCall) {
        QList<QByteArray> args;
        for (const QString &queue : queues.mid(first, QueuesPerCall))
            args << QlessDecoder::bytesOf(queue);
        calls.append(unified(false, "desk.waitingsince", args));
    }
    CallsInTurn::send(
        m_connection, std::move(calls),
        [gather](qsizetype, const RedisReply &reply) {
            if (!gather->error.isNull())
                return; // one answer for the walk: the first error
            if (reply.isError()) {
                gather->error = reply.error;
                return;
            }
            RedisError error;
            const QHash<QString, double> since = sinceMap(reply, &error);
            if (!error.isNull())
                gather->error = error;
            else
                gather->value.insert(since);
        },
        [gather, relay, done] {
            QlessReply<QHash<QString, double>> delivered = std::move(*gather);
            if (!delivered.error.isNull())
                delivered.value.clear();
            relay->post([done, delivered] { done(delivered); });
        },
        m_clock ? -1 : unifiedNowArg);
}
