// SPDX-License-Identifier: GPL-3.0-or-later
// AlertMonitor's reads for SideJob's rules, apart from qless's and Blueque's (alertmonitor.cpp).
#include "alertmonitor.h"

#include "qlessclient.h"
#include "sidejobclient.h"

void AlertMonitor::readSidekiq(quint64 round)
{
    if (!m_sidejob)
        m_sidejob = new SideJobClient(m_client->connection(), this);
    // Bound: sidekiq.lua (100 queues and 100 processes, one call).
    m_sidejob->sidekiq(this, [this, round](const QlessReply<SidekiqOverview> &reply) {
        if (round != m_round)
            return;
        if (reply.ok())
            m_seen.sidekiq = reply.value;
        partDone(round); // a failed read is left out: the rules keep their state
    });
}

void AlertMonitor::readSideJobFailed(int calls, quint64 round)
{
    if (!m_sidejob)
        m_sidejob = new SideJobClient(m_client->connection(), this);
    if (calls >= SideJobFailedCallsPerCheck) {
        // The walk goes on at the next check; the last whole count stands meanwhile.
        m_seen.sideJobFailed = m_failedCounted;
        partDone(round);
        return;
    }
    SideJobFilter failed;
    failed.status = QStringLiteral("failed");
    const qint64 cursor = m_failedCursor;
    // Bound: jobpage.lua, SideJobClient::IdsPerCall ids a call.
    m_sidejob->listJobs(cursor, SideJobClient::RowsPerCall, failed, this,
                        [this, round, calls, cursor](const QlessReply<SideJobPage> &reply) {
                            if (round != m_round)
                                return;
                            if (!reply.ok()) {
                                m_seen.sideJobFailed = m_failedCounted;
                                partDone(round);
                                return;
                            }
                            for (const SideJobRow &row : reply.value.rows)
                                ++m_failedSoFar[row.queue];
                            const qint64 next = reply.value.next;
                            // The walk goes down; a next not below where the call began ends it.
                            if (next > 0 && (cursor == 0 || next < cursor)) {
                                m_failedCursor = next;
                            } else {
                                m_failedCounted = m_failedSoFar;
                                m_failedSoFar.clear();
                                m_failedCursor = 0;
                                m_seen.sideJobFailed = m_failedCounted;
                                partDone(round);
                                return;
                            }
                            readSideJobFailed(calls + 1, round);
                        });
}
