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

qint64 SidekiqMonitor::sortedSetSize(const QString &set) const
{
    if (set == QLatin1String("retry"))
        return m_overview.retry;
    if (set == QLatin1String("dead"))
        return m_overview.dead;
    return m_overview.schedule;
}

QString SidekiqMonitor::summary() const
{
    const auto stat = [](const QByteArray &text) {
        return text.isEmpty() ? QStringLiteral("0") : QString::fromUtf8(text);
    };
    QStringList parts;
    parts << tr("Sidekiq: processed %1, failed %2").arg(stat(m_overview.processed), stat(m_overview.failed));
    parts << tr("%n queue(s)", nullptr, int(m_overview.queueTotal));
    parts << tr("%n process(es), %1 busy", nullptr, int(m_overview.processTotal)).arg(m_processes->busyTotal());
    parts << tr("scheduled %1").arg(m_overview.schedule);
    if (m_overview.retry != 0)
        parts << tr("retry %1").arg(m_overview.retry);
    if (m_overview.dead != 0)
        parts << tr("dead %1").arg(m_overview.dead);
    if (m_overview.queueTotal > m_overview.queues.size())
        parts << tr("the first %1 queues shown").arg(m_overview.queues.size());
    if (m_overview.processTotal > m_overview.processes.size())
        parts << tr("the first %1 processes shown").arg(m_overview.processes.size());
    if (!m_lastError.isEmpty())
        parts << m_lastError;
    return parts.join(QStringLiteral(" · "));
}
