// SPDX-License-Identifier: GPL-3.0-or-later
#include "redisconnection.h"

#include "redisconnectionworker.h"
#include "replyrelay.h"

#include <atomic>

namespace {
std::atomic<quint64> lastUnit{0};
thread_local quint64 currentUnit = 0;
} // namespace

RedisConnection::Unit::Unit()
    : m_previous(currentUnit)
{
    if (currentUnit == 0)
        currentUnit = ++lastUnit;
}

RedisConnection::Unit::~Unit()
{
    currentUnit = m_previous;
}

quint64 RedisConnection::Unit::current()
{
    return currentUnit;
}

RedisConnection::RedisConnection(const ConnectionSettings &settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(std::make_shared<ServerClock>(settings.localClockMs))
{
    qRegisterMetaType<ConnectionState>();
    m_state.address = settings.describe();
    m_thread.setObjectName(QStringLiteral("redis ") + settings.describe());
    m_worker = new RedisConnectionWorker(settings, m_clock);
    m_worker->moveToThread(&m_thread);
    connect(
        m_worker, &RedisConnectionWorker::stateChanged, this,
        [this](const ConnectionState &state) {
            m_state = state;
            emit stateChanged(state);
        },
        Qt::QueuedConnection);
    connect(m_worker, &RedisConnectionWorker::clockMeasured, this, &RedisConnection::serverClockMeasured,
            Qt::QueuedConnection);
    connect(
        m_worker, &RedisConnectionWorker::serverIdentified, this, [this](const QByteArray &runId) { m_runId = runId; },
        Qt::QueuedConnection);
    connect(m_worker, &RedisConnectionWorker::serverRestarted, this, &RedisConnection::serverRestarted,
            Qt::QueuedConnection);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &RedisConnectionWorker::start, Qt::QueuedConnection);
}

RedisConnection::~RedisConnection()
{
    // The worker fails what is pending, deletes itself and stops its thread; waiting for that
    // is the one wait we allow, at teardown, and it is short: nothing in the worker blocks.
    QMetaObject::invokeMethod(m_worker, &RedisConnectionWorker::shutdown, Qt::QueuedConnection);
    m_thread.wait();
}

void RedisConnection::send(const RedisCommand &command, QObject *context, Callback callback)
{
    ReplyRelay *relay = ReplyRelay::create(context);
    submit(command, [relay, callback = std::move(callback)](const RedisReply &reply) {
        relay->post([callback, reply] { callback(reply); });
    });
}

void RedisConnection::submit(const RedisCommand &command, Callback handler, int serverTimeArg, bool urgent)
{
    RedisConnectionWorker *worker = m_worker;
    const quint64 unit = Unit::current();
    QMetaObject::invokeMethod(
        worker,
        [worker, command, handler = std::move(handler), serverTimeArg, urgent, unit] {
            worker->submit(command, handler, serverTimeArg, urgent, unit);
        },
        Qt::QueuedConnection);
}

void RedisConnection::post(std::function<void()> work)
{
    QMetaObject::invokeMethod(m_worker, std::move(work), Qt::QueuedConnection);
}

void RedisConnection::reconnect()
{
    QMetaObject::invokeMethod(m_worker, &RedisConnectionWorker::reconnect, Qt::QueuedConnection);
}

QByteArray RedisConnection::serverRunId() const
{
    return m_runId;
}
