// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventminutecounter.h"

void EventMinuteCounter::count(const QlessEvent &event, qint64 minuteMs)
{
    if (event.isGap() || event.source != QlessEvent::Source::Log)
        return;
    Kind kind;
    if (event.event == QLatin1String("put"))
        kind = Kind::Put;
    else if (event.event == QLatin1String("completed"))
        kind = Kind::Completed;
    else if (event.event == QLatin1String("failed"))
        kind = Kind::Failed;
    else if (event.event == QLatin1String("lock_lost"))
        kind = Kind::TimedOut;
    else
        return;
    if (!event.queue.isEmpty()) {
        remember(event.jid, event.queue);
        add(event.queue, kind, minuteMs);
        return;
    }
    const auto known = m_queueOf.constFind(event.jid);
    if (known != m_queueOf.constEnd()) {
        add(*known, kind, minuteMs);
        return;
    }
    if (int(m_pending.size()) >= MaxPending) {
        // Lookups fall behind the stream: the oldest is counted without its queue.
        add(unknownQueue(), m_pending.front().kind, m_pending.front().minuteMs);
        m_pending.pop_front();
    }
    m_pending.push_back({event.jid, kind, minuteMs});
}

QList<QByteArray> EventMinuteCounter::pendingJids(int most) const
{
    QList<QByteArray> jids;
    for (const Pending &p : m_pending) {
        if (jids.size() >= most)
            break;
        const QByteArray jid = p.jid.toUtf8();
        if (!jids.contains(jid))
            jids << jid;
    }
    return jids;
}

void EventMinuteCounter::resolve(const QString &jid, const QString &queue)
{
    if (!queue.isEmpty())
        remember(jid, queue);
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (it->jid == jid) {
            add(queue.isEmpty() ? unknownQueue() : queue, it->kind, it->minuteMs);
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
}

QList<HistoryEventCounts> EventMinuteCounter::take()
{
    QList<HistoryEventCounts> counts = m_counts.values();
    m_counts.clear();
    return counts;
}

void EventMinuteCounter::add(const QString &queue, Kind kind, qint64 minuteMs)
{
    HistoryEventCounts &counts = m_counts[qMakePair(queue, minuteMs)];
    counts.queue = queue;
    counts.minuteMs = minuteMs;
    switch (kind) {
    case Kind::Put: ++counts.put; break;
    case Kind::Completed: ++counts.completed; break;
    case Kind::Failed: ++counts.failed; break;
    case Kind::TimedOut: ++counts.timedOut; break;
    }
}

void EventMinuteCounter::remember(const QString &jid, const QString &queue)
{
    if (jid.isEmpty())
        return;
    if (!m_queueOf.contains(jid)) {
        m_rememberedOrder.push_back(jid);
        if (int(m_rememberedOrder.size()) > MaxRemembered) {
            m_queueOf.remove(m_rememberedOrder.front());
            m_rememberedOrder.pop_front();
        }
    }
    m_queueOf.insert(jid, queue);
}
