// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pubsubmessage.h"

#include <QList>
#include <QMutex>

#include <deque>

// Where the subscriber's thread leaves what it heard for the thread that shows it. Bounded:
// when the reader falls behind (a GUI busy elsewhere, 10,000 events a second), the oldest
// messages make room and are counted, so memory stays flat however fast messages come. The
// writer asks for one wake-up at a time (wantsWake), so a burst becomes one batch, never one
// queued signal per message.
class PubSubMailbox final
{
public:
    explicit PubSubMailbox(int capacity);
    Q_DISABLE_COPY_MOVE(PubSubMailbox)

    int capacity() const { return m_capacity; }

    // Appends; true when the reader has not been woken since it last took (the caller then
    // arranges one wake-up).
    bool put(PubSubMessage message);
    // Up to `max` of what is waiting (all of it for 0), oldest first, and how many were dropped
    // since the last take. While some remain the reader is taken as woken: it comes back for them.
    QList<PubSubMessage> take(quint64 *dropped = nullptr, int max = 0);
    int size() const;

private:
    const int m_capacity;
    mutable QMutex m_mutex;
    std::deque<PubSubMessage> m_messages;
    quint64 m_dropped = 0;
    bool m_wakeAsked = false;
};
