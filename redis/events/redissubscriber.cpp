// SPDX-License-Identifier: GPL-3.0-or-later
#include "redissubscriber.h"

#include "pubsubmailbox.h"
#include "redissubscriberworker.h"

RedisSubscriber::RedisSubscriber(const ConnectionSettings &settings, const QList<QByteArray> &channels,
                                 const QList<QByteArray> &patterns, QObject *parent, int capacity, Prepare prepare)
    : QObject(parent)
    , m_mailbox(std::make_shared<PubSubMailbox>(capacity))
{
    qRegisterMetaType<ConnectionState>();
    m_state.address = settings.describe();
    m_thread.setObjectName(QStringLiteral("events ") + settings.describe());
    m_worker = new RedisSubscriberWorker(settings, channels, patterns, m_mailbox, std::move(prepare));
    m_worker->moveToThread(&m_thread);
    connect(
        m_worker, &RedisSubscriberWorker::stateChanged, this,
        [this](const ConnectionState &state) {
            m_state = state;
            emit stateChanged(state);
        },
        Qt::QueuedConnection);
    connect(m_worker, &RedisSubscriberWorker::messagesWaiting, this, &RedisSubscriber::takeMessages,
            Qt::QueuedConnection);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &RedisSubscriberWorker::start, Qt::QueuedConnection);
}

RedisSubscriber::~RedisSubscriber()
{
    // The one wait we allow, at teardown, and a short one: nothing in the worker blocks.
    QMetaObject::invokeMethod(m_worker, &RedisSubscriberWorker::shutdown, Qt::QueuedConnection);
    m_thread.wait();
}

void RedisSubscriber::reconnect()
{
    QMetaObject::invokeMethod(m_worker, &RedisSubscriberWorker::reconnect, Qt::QueuedConnection);
}

void RedisSubscriber::takeMessages()
{
    quint64 dropped = 0;
    const QList<PubSubMessage> messages = m_mailbox->take(&dropped, MaxBatch);
    if (messages.size() == MaxBatch && m_mailbox->size() > 0) // the rest in the next turn
        QMetaObject::invokeMethod(this, &RedisSubscriber::takeMessages, Qt::QueuedConnection);
    if (!messages.isEmpty() || dropped > 0)
        emit messagesArrived(messages, dropped);
}
