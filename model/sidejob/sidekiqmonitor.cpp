// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidekiqmonitor.h"

#include "sidejobclient.h"
#include "sidekiqitemmodel.h"
#include "sidekiqprocessmodel.h"
#include "sidekiqqueuemodel.h"

SidekiqMonitor::SidekiqMonitor(SideJobClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_queues(new SidekiqQueueModel(this))
    , m_processes(new SidekiqProcessModel(this))
    , m_items(new SidekiqItemModel(this))
{}

void SidekiqMonitor::setSortedSet(const QString &set)
{
    if (set == m_set)
        return;
    m_set = set;
    m_items->apply({}, 0);
}

void SidekiqMonitor::refresh(double now, std::function<void(bool ok)> done)
{
    m_client->sidekiq(this, [this, now, done](const QlessReply<SidekiqOverview> &reply) {
        if (!reply.ok()) {
            m_lastError = reply.error.message;
            if (done)
                done(false);
            return;
        }
        m_overview = reply.value;
        m_queues->apply(m_overview.queues, now);
        m_processes->apply(m_overview.processes, now);
        const QString set = m_set;
        m_client->sortedPage(set, 0, SideJobClient::ItemsPerCall, this,
                             [this, now, set, done](const QlessReply<SidekiqItemPage> &items) {
                                 m_lastError = items.ok() ? QString() : items.error.message;
                                 if (items.ok() && set == m_set)
                                     m_items->apply(items.value, now);
                                 emit refreshed();
                                 if (done)
                                     done(items.ok());
                             });
    });
}
