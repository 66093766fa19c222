// SPDX-License-Identifier: GPL-3.0-or-later
#include "replyrelay.h"

#include <QThread>

ReplyRelay *ReplyRelay::create(QObject *context)
{
    auto *relay = new ReplyRelay;
    // Both queued calls then land in the same thread's queue in order, so the delivery runs
    // before the relay lets go of itself.
    relay->moveToThread(context->thread());
    connect(
        relay, &ReplyRelay::ready, context,
        [relay] {
            const std::function<void()> delivery = std::move(relay->m_delivery);
            if (delivery)
                delivery();
        },
        Qt::QueuedConnection);
    connect(relay, &ReplyRelay::ready, relay, &ReplyRelay::release, Qt::QueuedConnection);
    return relay;
}

void ReplyRelay::post(std::function<void()> delivery)
{
    // Posting the queued call (inside emit) locks the receiving thread's event queue, which
    // also publishes m_delivery to that thread.
    m_delivery = std::move(delivery);
    emit ready();
    release();
}

void ReplyRelay::release()
{
    // acq_rel: the last holder sees everything the other did to the relay before it let go.
    if (m_holders.fetch_sub(1, std::memory_order_acq_rel) == 1)
        deleteLater(); // thread-safe: the deletion itself runs on the relay's thread
}
