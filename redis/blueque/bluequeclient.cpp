// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeclient.h"

#include "bluequedecoder.h"
#include "bluequescripts.h"
#include "decodedcall.h"
#include "scriptread.h"

#include <memory>

namespace {
QList<QByteArray> scanStep(const RedisReply &reply, RedisError *error)
{
    if (!reply.isArray() || reply.elements.size() != 2 || !reply.elements.at(1).isArray()) {
        *error = RedisError::make(RedisError::Kind::BadReply, QStringLiteral("Unexpected SCAN reply"));
        return {};
    }
    QList<QByteArray> out{reply.elements.at(0).bytes};
    for (const RedisReply &key : reply.elements.at(1).elements)
        out << key.bytes;
    return out;
}
} // namespace

BluequeClient::BluequeClient(RedisConnection *connection, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
{}

template<typename T>
void BluequeClient::call(const RedisCommand &command, QObject *context, Decode<T> decode, Done<T> done)
{
    submitDecoded<T>(m_connection, command, context, std::move(decode), std::move(done));
}

RedisCommand BluequeClient::evalRead(const QString &script, const QList<QByteArray> &args) const
{
    return ScriptRead::eval(BluequeScripts::instance(), script, args);
}

void BluequeClient::detect(QObject *context, Done<QString> done)
{
    // Bound: TYPE is O(1).
    call<QString>(RedisCommand::read({"TYPE", "blueque_queues"}), context, &BluequeDecoder::keyType, std::move(done));
}

void BluequeClient::queuePage(qint64 offset, int count, double now, QObject *context, Done<BluequeQueuePage> done)
{
    call<BluequeQueuePage>(evalRead(QStringLiteral("overview"), {QByteArray::number(offset), QByteArray::number(count),
                                                                 QByteArray::number(now, 'f', 3)}),
                           context, &BluequeDecoder::queuePage, std::move(done));
}

void BluequeClient::queues(double now, QObject *context, Done<QList<BluequeQueue>> done)
{
    auto rows = std::make_shared<QList<BluequeQueue>>();
    auto step = std::make_shared<std::function<void(qint64)>>();
    std::weak_ptr<std::function<void(qint64)>> weakStep = step;
    *step = [this, now, context, done, rows, weakStep](qint64 offset) {
        queuePage(offset, QueuesPerCall, now, context,
                  [done, rows, offset, self = weakStep.lock()](const QlessReply<BluequeQueuePage> &reply) {
                      if (!reply.ok()) {
                          done({{}, reply.error});
                          return;
                      }
                      // Nothing ever leaves blueque_queues, so windows by offset do not shift.
                      *rows += reply.value.queues;
                      const qint64 next = offset + QueuesPerCall;
                      if (next < reply.value.total && !reply.value.queues.isEmpty()) {
                          (*self)(next);
                          return;
                      }
                      done({*rows, {}});
                  });
    };
    (*step)(0);
}

void BluequeClient::taskPage(const QString &queue, const QString &state, qint64 offset, int count, QObject *context,
                             Done<BluequeTaskPage> done, const QString &listener)
{
    call<BluequeTaskPage>(evalRead(QStringLiteral("taskpage"),
                                   {queue.toUtf8(), state.toUtf8(), QByteArray::number(offset),
                                    QByteArray::number(count), listener.toUtf8()}),
                          context, &BluequeDecoder::taskPage, std::move(done));
}

void BluequeClient::taskRecord(const QByteArray &id, QObject *context, Done<BluequeTaskRecord> done)
{
    call<BluequeTaskRecord>(
        evalRead(QStringLiteral("taskrecord"), {id}), context,
        [id](const RedisReply &reply, RedisError *error) {
            BluequeTaskRecord record = BluequeDecoder::taskRecord(reply, error);
            record.id = id;
            return record;
        },
        std::move(done));
}

void BluequeClient::listenerStep(const QString &queue, const QByteArray &cursor, QObject *context,
                                 Done<QList<QByteArray>> done)
{
    // Bound: SSCAN COUNT ScanCount.
    call<QList<QByteArray>>(RedisCommand::read({"SSCAN", "blueque_listeners_" + queue.toUtf8(),
                                                cursor.isEmpty() ? QByteArray("0") : cursor, "COUNT",
                                                QByteArray::number(ScanCount)}),
                            context, &scanStep, std::move(done));
}

void BluequeClient::reservedKeyStep(const QByteArray &cursor, QObject *context, Done<QList<QByteArray>> done)
{
    // Bound: SCAN COUNT ScanCount (a step, never KEYS).
    call<QList<QByteArray>>(RedisCommand::read({"SCAN", cursor.isEmpty() ? QByteArray("0") : cursor, "MATCH",
                                                "blueque_reserved_tasks_*", "COUNT", QByteArray::number(ScanCount)}),
                            context, &scanStep, std::move(done));
}
