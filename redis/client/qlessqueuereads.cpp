// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessqueuereads.h"

#include "qlessclientcalls.h"

#include <QHash>
#include <QJsonObject>
#include <memory>

using namespace QlessClientCalls;

namespace {
// The script takes up to 200, but 200 queues' waiting jobs cost Redis more than the 5 ms a call of
// ours may hold it; 100 stay under (docs/BENCHMARKS.md).
constexpr int QueuesPerCall = 100;

// {queue: seconds}: a queue without a waiting job is left out.
QHash<QString, double> sinceMap(const RedisReply &reply, RedisError *error)
{
    QJsonValue json;
    if (!reply.isString() || !QlessText::parseJson(reply.bytes, &json) || !json.isObject()) {
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

void QlessQueueReads::queuePage(qint64 offset, int count, QObject *context, Done<QueuePage> done)
{
    m_caller.read<QueuePage>("desk.queuepage", {QByteArray::number(offset), QByteArray::number(count)}, context,
                             &QlessListDecoder::queuePage, std::move(done));
}

// Every queue in pages of QueuePageSize (desk.queuepage), not one desk.queues call: no call may
// hold Redis for long, and counting a thousand queues at once does. The pages
// go one after another, each sent when the one before is in. Sent together they would cost no
// round trip each, but Redis runs every command of one read from a client before it turns to
// the next client: twenty pipelined pages held everyone else up as long as one call for all.
void QlessQueueReads::queueCounts(QObject *context, Done<QList<QueueCounts>> done)
{
    struct Walk
    {
        QList<QueueCounts> rows;
        QHash<QString, qsizetype> indexOf;
    };
    auto walk = std::make_shared<Walk>();
    auto step = std::make_shared<std::function<void(qint64)>>();
    // The function holds itself only through a weak pointer; each pending call holds it strongly.
    std::weak_ptr<std::function<void(qint64)>> weakStep = step;
    *step = [this, context, done, walk, weakStep](qint64 offset) {
        queuePage(offset, QueuePageSize, context,
                  [done, walk, offset, self = weakStep.lock()](const QlessReply<QueuePage> &reply) {
                      if (!reply.ok()) {
                          done(QlessReply<QList<QueueCounts>>{{}, reply.error});
                          return;
                      }
                      // Pages are offsets into ql:queues: a queue added or removed between two calls shifts
                      // the rest by one, so a queue may come twice (kept once, in its first place, with the
                      // later counts) or, when one ahead of it left, not at all until the next refresh.
                      for (const QueueCounts &queue : reply.value.queues) {
                          const auto seen = walk->indexOf.constFind(queue.name);
                          if (seen != walk->indexOf.cend()) {
                              walk->rows[*seen] = queue;
                              continue;
                          }
                          walk->indexOf.insert(queue.name, walk->rows.size());
                          walk->rows << queue;
                      }
                      const qint64 next = offset + QueuePageSize;
                      if (next < reply.value.total && !reply.value.queues.isEmpty()) {
                          (*self)(next);
                          return;
                      }
                      done(QlessReply<QList<QueueCounts>>{std::move(walk->rows), {}});
                  });
    };
    (*step)(0);
}

void QlessQueueReads::queueCounts(const QString &queue, QObject *context, Done<QueueCounts> done)
{
    m_caller.read<QueueCounts>("desk.queues", {utf8(queue)}, context, &QlessListDecoder::queue, std::move(done));
}

void QlessQueueReads::queueLength(const QString &queue, QObject *context, Done<qint64> done)
{
    m_caller.read<qint64>("length", {utf8(queue)}, context, &QlessValueDecoder::integer, std::move(done));
}

void QlessQueueReads::waitingSince(const QStringList &queues, QObject *context, Done<QHash<QString, double>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // Calls of QueuesPerCall queues, two on their way at a time (BoundedCallSequence): the replies are
    // handled one after another on the connection's thread, then delivered on the context's.
    auto gather = std::make_shared<QlessReply<QHash<QString, double>>>();
    QList<RedisCommand> calls;
    for (qsizetype first = 0; first < queues.size(); first += QueuesPerCall) {
        QList<QByteArray> args;
        for (const QString &queue : queues.mid(first, QueuesPerCall))
            args << QlessText::bytesOf(queue);
        calls.append(m_caller.unified(false, "desk.waitingsince", args));
    }
    BoundedCallSequence::send(
        m_caller.connection(), std::move(calls),
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
        m_caller.serverTimeArg());
}
