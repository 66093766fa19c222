// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventstream.h"

#include "eventlogmodel.h"
#include "jobclasscache.h"
#include "qlesseventdecoder.h"
#include "redissubscriber.h"

EventStream::EventStream(const ConnectionSettings &settings, QlessClient *client, QObject *parent, int capacity)
    : QObject(parent)
    , m_model(new EventLogModel(this, capacity > 0 ? capacity : EventLogModel::DefaultCapacity))
    , m_subscriber(new RedisSubscriber(settings, QlessEventDecoder::channels(), {}, this,
                                       capacity > 0 ? capacity : RedisSubscriber::DefaultCapacity,
                                       [](PubSubMessage &message) {
                                           // Decoded on the subscriber's thread, not this one.
                                           message.prepared = QVariant::fromValue(QlessEventDecoder::decode(message));
                                       }))
{
    if (client) {
        m_classes = new JobClassCache(client, this);
        m_model->setClassLookup([classes = m_classes](const QString &jid) { return classes->classOf(jid); });
        connect(m_classes, &JobClassCache::learned, m_model, &EventLogModel::classesChanged);
    }
    connect(m_subscriber, &RedisSubscriber::stateChanged, this, &EventStream::stateChanged);
    connect(m_subscriber, &RedisSubscriber::messagesArrived, this, &EventStream::onMessages);
}

// The subscriber (and its thread) goes first: nothing arrives for a model being torn down.
QStringList EventStream::knownEvents()
{
    return QlessEventDecoder::knownEvents();
}

EventStream::~EventStream()
{
    delete m_subscriber;
}

ConnectionState EventStream::state() const
{
    return m_subscriber->state();
}

void EventStream::reconnect()
{
    m_subscriber->reconnect();
}

void EventStream::onMessages(const QList<PubSubMessage> &messages, quint64 dropped)
{
    QList<QlessEvent> events;
    events.reserve(messages.size());
    QStringList jids;
    bool moved = false;
    for (const PubSubMessage &message : messages) {
        events.append(message.prepared.canConvert<QlessEvent>() ? message.prepared.value<QlessEvent>()
                                                                : QlessEventDecoder::decode(message));
        const QlessEvent &event = events.constLast();
        if (!event.isGap())
            moved = true;
        if (!event.jid.isEmpty())
            jids << event.jid;
    }
    m_model->append(events, dropped);
    if (m_classes && !jids.isEmpty())
        m_classes->want(jids);
    if (moved)
        emit changesSeen();
}
