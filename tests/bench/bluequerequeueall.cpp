// SPDX-License-Identifier: GPL-3.0-or-later
// Blueque's requeue-all: every failed task of a queue of `bluequeRequeue` back to pending, in
// steps of lua/blueque/requeueall.lua, one after another, on the console's connection against
// the same steps through hiredis; the pass ends as the script's header says (the steps' requeued
// and left add up to the length seen at the start). No bulk run drives Blueque's actions yet:
// the steps are sent as the console's connection sends any call, one at a time.
#include "bench.h"

#include "benchtools.h"
#include "bluequeraw.h"
#include "bluequeseeder.h"
#include "qlesssession.h"
#include "rediscommand.h"
#include "redisconnection.h"

#include <hiredis/hiredis.h>

namespace {
// requeueall's reply {requeued, left, remaining}; false when it is not one.
bool stepCounts(const QList<qint64> &reply, qint64 *handled, qint64 *remaining)
{
    if (reply.size() != 3)
        return false;
    *handled += reply.at(0) + reply.at(1);
    *remaining = reply.at(2);
    return true;
}
} // namespace

bool Bench::loadBluequeScripts()
{
    for (const QString &name : BluequeScripts::instance().names()) {
        const RawRedis::Reply reply = m_raw.command({"SCRIPT", "LOAD", BluequeScripts::instance().find(name)->source});
        if (RawRedis::isError(reply.get())) {
            fail(QStringLiteral("blueque: SCRIPT LOAD %1: %2")
                     .arg(name, QString::fromUtf8(RawRedis::text(reply.get()))));
            return false;
        }
    }
    return true;
}

void Bench::bluequeRequeueAll()
{
    const qint64 size = m_options.bluequeRequeue;
    Figure f;
    f.id = QStringLiteral("blueque_requeue_all");
    f.name = QStringLiteral("blueque requeue-all of %1 failed tasks").arg(size);
    f.unit = Figure::Unit::PerSecond;
    f.maxRatio = 1.1;
    f.note = QStringLiteral("steps of %1 (lua/blueque/requeueall.lua's cap), one after another, on the console's "
                            "connection against hiredis; medians of %2 rounds")
                 .arg(RequeueAllStep)
                 .arg(m_options.rounds);
    Figure longest;
    longest.id = QStringLiteral("blueque_requeue_all_longest_call");
    longest.name = QStringLiteral("blueque requeue-all of %1: longest single call").arg(size);
    longest.reference = QStringLiteral("raw hiredis, the longest step's round trip");
    longest.hasRatio = false;
    longest.maxOurs = LongestCallMs;
    double longestOurs = -1;
    double longestRaw = -1;
    double stall = 0;
    int steps = 0;
    const QString scenario = QStringLiteral("blueque requeue-all");
    for (int round = 0; round < m_options.rounds; ++round) {
        const QByteArray rawQueue = "bench_requeue_raw";
        const QByteArray oursQueue = "bench_requeue_ours";
        BluequeSeeder seeder(m_raw);
        QString error;
        progress(QStringLiteral("blueque requeue-all, round %1 of %2: seeding two failed lists of %3")
                     .arg(round + 1)
                     .arg(m_options.rounds)
                     .arg(size));
        if (!seeder.failed(rawQueue, 0, size, nowSeconds(), &error)
            || !seeder.failed(oursQueue, 0, size, nowSeconds(), &error) || !loadBluequeScripts()) {
            fail(error);
            return;
        }
        m_calls.drain(QStringLiteral("blueque requeue-all, seeding"));
        for (int turn = 0; turn < 2; ++turn) {
            const bool ours = (turn + round) % 2 == 1;
            const QByteArray queue = ours ? oursQueue : rawQueue;
            qint64 handled = 0;
            qint64 remaining = size;
            QElapsedTimer timer;
            timer.start();
            if (!ours) {
                while (handled < size && remaining > 0) {
                    QElapsedTimer step;
                    step.start();
                    const RawRedis::Reply reply = m_raw.command(
                        bluequeEvalSha(QStringLiteral("requeueall"),
                                       {queue, seconds(nowSeconds()), QByteArray::number(RequeueAllStep)}));
                    longestRaw = qMax(longestRaw, msSince(step));
                    QList<qint64> counts;
                    for (size_t i = 0; reply && reply->type == REDIS_REPLY_ARRAY && i < reply->elements; ++i)
                        counts << reply->element[i]->integer;
                    if (!stepCounts(counts, &handled, &remaining)) {
                        fail(QStringLiteral("blueque requeue-all, raw: ")
                             + QString::fromUtf8(RawRedis::text(reply.get())));
                        return;
                    }
                }
            } else {
                RedisConnection *connection = m_session->connection();
                QObject context;
                bool failed = false;
                bool finished = false;
                std::function<void()> next = [&] {
                    if (handled >= size || remaining <= 0) {
                        finished = true;
                        return;
                    }
                    ++steps;
                    connection->send(RedisCommand::write(bluequeEvalSha(QStringLiteral("requeueall"),
                                                                        {queue, seconds(connection->serverNow()),
                                                                         QByteArray::number(RequeueAllStep)})),
                                     &context, [&](const RedisReply &reply) {
                                         QList<qint64> counts;
                                         for (const RedisReply &element : reply.elements)
                                             counts << element.integer;
                                         if (reply.isError() || !stepCounts(counts, &handled, &remaining)) {
                                             failed = true;
                                             fail(QStringLiteral("blueque requeue-all, ours: ") + reply.error.message);
                                             return;
                                         }
                                         next();
                                     });
                };
                m_meter.start();
                next();
                const bool ok = spin([&] { return finished || failed; });
                stall = qMax(stall, m_meter.stop());
                if (!ok || failed)
                    return;
            }
            const double ms = msSince(timer);
            const long long pending =
                RawRedis::integer(m_raw.command({"LLEN", "blueque_pending_tasks_" + queue}).get());
            const long long left = RawRedis::integer(m_raw.command({"LLEN", "blueque_failed_tasks_" + queue}).get());
            if (pending != size || left != 0) {
                fail(QStringLiteral("blueque requeue-all: %1 pending and %2 failed afterwards in %3, not %4 and 0")
                         .arg(pending)
                         .arg(left)
                         .arg(QString::fromUtf8(queue))
                         .arg(size));
                return;
            }
            (ours ? f.oursSamples : f.rawSamples).append(double(size) / (ms / 1000.0));
            m_calls.drain(ours ? scenario : QStringLiteral("blueque requeue-all, raw"));
        }
        // The tasks go, and their queues with them (the sections after read blueque_queues).
        QList<RawRedis::Argv> cleanUp;
        for (const QByteArray &queue : {rawQueue, oursQueue}) {
            cleanUp.append({"DEL", "blueque_pending_tasks_" + queue});
            cleanUp.append({"ZREM", "blueque_queues", queue});
            for (qint64 n = 0; n < size; ++n)
                cleanUp.append({"DEL", "blueque_task_" + BluequeSeeder::taskId(queue, n)});
        }
        m_raw.pipeline(cleanUp, 1000);
    }
    for (const RedisCallLog::Longest &seen : m_calls.perScenario()) {
        if (seen.scenario == scenario)
            longestOurs = seen.ms;
    }
    if (!f.rawSamples.isEmpty())
        f.raw = median(f.rawSamples);
    if (!f.oursSamples.isEmpty())
        f.ours = median(f.oursSamples);
    m_report.add(f);
    longest.ours = qMax(longestOurs, RedisCallLog::FloorMs); // nothing logged: none reached the log's floor
    longest.raw = longestRaw;
    longest.note = QStringLiteral("the console's longest step by Redis's own log (calls of %1 ms or more), %2 steps "
                                  "of %3 in %4 rounds; the reference is the raw side's longest step, its round trip "
                                  "included")
                       .arg(RedisCallLog::FloorMs)
                       .arg(steps)
                       .arg(RequeueAllStep)
                       .arg(m_options.rounds);
    m_report.add(longest);
    addStall(QStringLiteral("stall_blueque_requeue_all"), QStringLiteral("GUI stall: blueque requeue-all"),
             f.oursSamples.isEmpty() ? std::nullopt : std::optional<double>(stall));
}
