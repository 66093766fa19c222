#include "qlessclientcalls.h"

#include <QJsonObject>

#include <memory>

// QlessClient's read of how long queues' jobs have waited (qless.lua's desk.waitingsince).

using namespace QlessClientCalls;

namespace {
constexpr int QueuesPerCall = 200; // the script's bound

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
            *error = RedisError::make(RedisError::Kind::BadReply,
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
    if (queues.isEmpty()) {
        done(QlessReply<QHash<QString, double>>{{}, {}});
        return;
    }
    struct Walk
    {
        QHash<QString, double> since;
        qsizetype left = 0;
        bool failed = false;
    };
    auto walk = std::make_shared<Walk>();
    walk->left = (queues.size() + QueuesPerCall - 1) / QueuesPerCall;
    for (qsizetype first = 0; first < queues.size(); first += QueuesPerCall) {
        QList<QByteArray> args;
        for (const QString &queue : queues.mid(first, QueuesPerCall))
            args << QlessDecoder::bytesOf(queue);
        read<QHash<QString, double>>("desk.waitingsince", args, context, &sinceMap,
                                     [walk, done](const QlessReply<QHash<QString, double>> &reply) {
            if (walk->failed)
                return;
            if (!reply.ok()) {
                walk->failed = true; // one answer for the walk: the first error
                done(QlessReply<QHash<QString, double>>{{}, reply.error});
                return;
            }
            walk->since.insert(reply.value);
            if (--walk->left == 0)
                done(QlessReply<QHash<QString, double>>{walk->since, {}});
        });
    }
}
