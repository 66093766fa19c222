// SPDX-License-Identifier: GPL-3.0-or-later
#include "failureclusters.h"

#include <algorithm>

void FailureClusters::add(const QByteArray &jid, const QString &message, double when)
{
    qsizetype index = m_byMessage.value(message, -1);
    if (index < 0) {
        const FailureSignature signature = FailureSignature::of(message);
        const QString key = signature.key();
        index = m_byKey.value(key, -1);
        if (index < 0) {
            index = m_clusters.size();
            FailureCluster cluster;
            cluster.signature = signature;
            cluster.firstSeen = when;
            cluster.lastSeen = when;
            m_clusters.append(cluster);
            m_byKey.insert(key, index);
        }
        if (m_byMessage.size() < MessageCacheLimit)
            m_byMessage.insert(message, index);
    }
    FailureCluster &cluster = m_clusters[index];
    ++cluster.count;
    ++m_failures;
    cluster.jids.append(jid);
    cluster.firstSeen = qMin(cluster.firstSeen, when);
    if (when >= cluster.lastSeen || cluster.example.isEmpty()) {
        cluster.lastSeen = qMax(cluster.lastSeen, when);
        cluster.exampleJid = jid;
        cluster.example = message;
    }
}

void FailureClusters::clear()
{
    m_clusters.clear();
    m_byKey.clear();
    m_byMessage.clear();
    m_failures = 0;
}

QList<FailureCluster> FailureClusters::sorted() const
{
    QList<FailureCluster> all = m_clusters;
    std::stable_sort(all.begin(), all.end(), [](const FailureCluster &a, const FailureCluster &b) {
        if (a.count != b.count)
            return a.count > b.count;
        return a.lastSeen > b.lastSeen;
    });
    return all;
}
