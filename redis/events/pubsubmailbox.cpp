// SPDX-License-Identifier: GPL-3.0-or-later
#include "pubsubmailbox.h"

#include <QMutexLocker>

PubSubMailbox::PubSubMailbox(int capacity)
    : m_capacity(qMax(1, capacity))
{}

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

QList<PubSubMessage> PubSubMailbox::take(quint64 *dropped, int max)
{
    QMutexLocker lock(&m_mutex);
    const size_t count = max > 0 ? qMin(m_messages.size(), size_t(max)) : m_messages.size();
    QList<PubSubMessage> out;
    out.reserve(qsizetype(count));
    for (size_t i = 0; i < count; ++i)
        out.append(std::move(m_messages[i]));
    m_messages.erase(m_messages.begin(), m_messages.begin() + qsizetype(count));
    if (dropped)
        *dropped = m_dropped;
    m_dropped = 0;
    m_wakeAsked = !m_messages.empty();
    return out;
}

int PubSubMailbox::size() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_messages.size());
}
