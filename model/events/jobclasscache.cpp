// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobclasscache.h"

#include "qlessclient.h"

JobClassCache::JobClassCache(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    m_pause.setSingleShot(true);
    m_pause.setInterval(PauseMs);
    connect(&m_pause, &QTimer::timeout, this, &JobClassCache::askNext);
}

void JobClassCache::want(const QStringList &jids)
{
    for (const QString &jid : jids) {
        if (jid.isEmpty() || m_known.contains(jid) || m_wantedSet.contains(jid))
            continue;
        m_wanted.append(jid);
        m_wantedSet.insert(jid);
    }
    if (m_wanted.size() > MaxWanted) {
        const qsizetype extra = m_wanted.size() - MaxWanted;
        for (qsizetype i = 0; i < extra; ++i)
            m_wantedSet.remove(m_wanted.at(i));
        m_wanted.remove(0, extra);
    }
    if (!m_asking && !m_pause.isActive() && !m_wanted.isEmpty())
        askNext();
}

void JobClassCache::askNext()
{
    if (m_asking || m_wanted.isEmpty() || !m_client)
        return;
    // The newest first: those are the rows on screen while the stream follows its tail.
    const qsizetype count = qMin<qsizetype>(QlessJobReads::SummariesPerCall, m_wanted.size());
    QList<QByteArray> jids;
    QStringList asked;
    for (qsizetype i = m_wanted.size() - count; i < m_wanted.size(); ++i) {
        asked << m_wanted.at(i);
        jids << m_wanted.at(i).toUtf8();
        m_wantedSet.remove(m_wanted.at(i));
    }
    m_wanted.resize(m_wanted.size() - count);
    m_asking = true;
    m_client->jobReads().summaries(jids, this, [this, asked](const QlessReply<QList<std::optional<Job>>> &reply) {
        m_asking = false;
        if (reply.ok()) {
            for (qsizetype i = 0; i < asked.size(); ++i) {
                const std::optional<Job> job = reply.value.value(i);
                remember(asked.at(i), job ? job->klass : QString());
            }
            emit learned();
        }
        // A failed call (connection down) is not retried for these jids: new events bring more.
        m_pause.start();
    });
}

void JobClassCache::remember(const QString &jid, const QString &klass)
{
    if (!m_known.contains(jid))
        m_order.push_back(jid);
    m_known.insert(jid, klass);
    while (int(m_order.size()) > MaxKnown) {
        m_known.remove(m_order.front());
        m_order.pop_front();
    }
}
