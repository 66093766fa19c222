// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessstatsreads.h"

#include "qlessclientcalls.h"

#include <memory>

using namespace QlessClientCalls;

void QlessStatsReads::stats(const QString &queue, double date, QObject *context, Done<DayStats> done)
{
    m_caller.read<DayStats>("stats", {utf8(queue), seconds(date)}, context, &QlessValueDecoder::dayStats,
                            std::move(done));
}

void QlessStatsReads::statsSums(const QList<DayStatsRequest> &requests, QObject *context,
                                Done<QList<DayStatsPart>> done)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    // The replies are handled one after another on the connection's thread, then delivered on
    // the context's: the shared state needs no lock.
    auto gather = std::make_shared<QlessReply<QList<DayStatsPart>>>();
    gather->value.resize(requests.size());
    QList<RedisCommand> calls;
    QList<qsizetype> asked;
    for (const DayStatsRequest &request : requests) {
        // Past the script's bound the call would be refused whole: said here, before anything is sent.
        if (request.queues.isEmpty() || request.queues.size() > StatsQueuesPerCall) {
            gather->error = RedisError::make(RedisError::Kind::NotAllowed,
                                             QStringLiteral("A stats sum takes 1 to %1 queues a call, not %2")
                                                 .arg(StatsQueuesPerCall)
                                                 .arg(request.queues.size()));
            gather->value.clear();
            relay->post([done, delivered = *gather] { done(delivered); });
            return;
        }
        QList<QByteArray> args{seconds(request.date)};
        for (const QString &queue : request.queues)
            args << utf8(queue);
        calls.append(m_caller.unified(false, "desk.statssum", args));
        asked << request.queues.size();
    }
    BoundedCallSequence::send(
        m_caller.connection(), std::move(calls),
        [gather, asked](qsizetype index, const RedisReply &reply) {
            if (!gather->error.isNull())
                return; // one answer for all: the first error
            if (reply.isError()) {
                gather->error = reply.error;
                return;
            }
            RedisError error;
            DayStatsPart part = QlessValueDecoder::dayStatsPart(reply, &error);
            if (error.isNull() && part.summed > asked.at(index))
                error =
                    RedisError::make(RedisError::Kind::BadReply,
                                     QStringLiteral("Unexpected reply to desk.statssum: %1 queues summed of %2 asked")
                                         .arg(part.summed)
                                         .arg(asked.at(index)));
            if (!error.isNull())
                gather->error = error;
            else
                gather->value[index] = std::move(part);
        },
        [gather, relay, done] {
            QlessReply<QList<DayStatsPart>> delivered = std::move(*gather);
            if (!delivered.error.isNull())
                delivered.value.clear();
            relay->post([done, delivered] { done(delivered); });
        },
        m_caller.serverTimeArg());
}
