#include "pubsubmailbox.h"

#include <QMutexLocker>

PubSubMailbox::PubSubMailbox(int capacity)
    : m_capacity(qMax(1, capacity))
{
}

bool PubSubMailbox::put(PubSubMessage message)
{
    QMutexLocker lock(&m_mutex);
    m_messages.push_back(std::move(message));
    while (int(m_messages.size()) > m_capacity) {
        m_messages.pop_front();
        ++m_dropped;
    }
    if (m_wakeAsked)
        return false;
    m_wakeAsked = true;
    return true;
}

QList<PubSubMessage> PubSubMailbox::take(quint64 *dropped)
{
    QMutexLocker lock(&m_mutex);
    QList<PubSubMessage> out;
    out.reserve(qsizetype(m_messages.size()));
    for (PubSubMessage &message : m_messages)
        out.append(std::move(message));
    m_messages.clear();
    if (dropped)
        *dropped = m_dropped;
    m_dropped = 0;
    m_wakeAsked = false;
    return out;
}

int PubSubMailbox::size() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_messages.size());
}
