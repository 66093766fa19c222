// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclusterscan.h"

#include "qlessclient.h"

FailureClusterScan::FailureClusterScan(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void FailureClusterScan::start(const QString &group)
{
    ++m_generation;
    m_group = group;
    m_clusters.clear();
    m_seen.clear();
    m_scanned = 0;
    m_total = 0;
    m_unreadable = 0;
    m_running = true;
    m_nextOffset = 0;
    readNext(); // the group's size comes with it; the replies ask for the rest
}

void FailureClusterScan::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    end(false, QString());
}

void FailureClusterScan::readNext()
{
    const qint64 offset = m_nextOffset;
    m_nextOffset += PageSize;
    const quint64 generation = m_generation;
    m_client->failureReads().failureSigs(
        m_group, offset, PageSize, this, [this, generation, offset](const QlessReply<FailureSigPage> &reply) {
            if (generation != m_generation)
                return;
            if (!reply.ok()) {
                end(false, reply.error.message);
                return;
            }
            const FailureSigPage &page = reply.value;
            m_total = page.total;
            for (const FailureSigPage::Failure &failure : page.failures) {
                if (m_seen.contains(failure.jid))
                    continue; // the group shifted under the walk: this one was counted already
                m_seen.insert(failure.jid);
                ++m_scanned;
                if (failure.when <= 0 && failure.text.isEmpty()) {
                    ++m_unreadable;
                    continue;
                }
                m_clusters.add(failure.jid, failure.text, failure.when);
            }
            emit progressed(m_scanned, m_total);
            const qint64 next = offset + page.failures.size();
            // A short page is the end, however the total moved meanwhile.
            if (page.failures.size() < PageSize || next >= m_total) {
                ++m_generation; // a page still on its way (the group shrank meanwhile) is not wanted
                end(true, QString());
                return;
            }
            // Two pages on their way, none past the end: the next waits in Redis's input while one
            // is read, so our round trip is not Redis's idle time, and other clients still get their
            // turn between two pages. [next, m_nextOffset) is what was asked for and has not come.
            while (m_nextOffset < m_total && m_nextOffset - next < PagesInFlight * PageSize)
                readNext();
        });
}

void FailureClusterScan::end(bool ok, const QString &error)
{
    m_running = false;
    emit finished(ok, error);
}
