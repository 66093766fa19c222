// SPDX-License-Identifier: GPL-3.0-or-later
#include "failuretimingreader.h"

#include "failuregroup.h"
#include "qlessclient.h"

FailureTimingReader::FailureTimingReader(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void FailureTimingReader::start(const QString &group, int sampleSize)
{
    ++m_generation;
    m_group = group;
    m_sampleSize = std::max(1, sampleSize);
    m_timing = FailureTiming();
    m_seen.clear();
    m_offset = 0;
    m_calls = 0;
    m_total = 0;
    m_running = true;
    readNext();
}

void FailureTimingReader::cancel()
{
    ++m_generation;
    m_running = false;
}

void FailureTimingReader::readNext()
{
    const int count = std::min<int>(QlessJobReads::MultiGetPerCall, m_sampleSize - m_offset);
    const quint64 generation = m_generation;
    ++m_calls;
    m_client->failureReads().failedJobs(m_group, m_offset, count, this,
                                        [this, generation, count](const QlessReply<FailedJobsPage> &reply) {
                                            if (generation != m_generation)
                                                return;
                                            if (!reply.ok()) {
                                                m_running = false;
                                                emit finished(false, reply.error.message);
                                                return;
                                            }
                                            m_total = reply.value.total;
                                            for (const Job &job : reply.value.jobs) {
                                                if (m_seen.contains(job.jid))
                                                    continue;
                                                m_seen.insert(job.jid);
                                                if (job.isMissing())
                                                    m_timing.addGone();
                                                else
                                                    m_timing.add(job);
                                            }
                                            m_offset += count;
                                            if (reply.value.jobs.size() < count || m_offset >= m_sampleSize
                                                || m_offset >= m_total) {
                                                m_running = false;
                                                emit finished(true, QString());
                                                return;
                                            }
                                            readNext();
                                        });
}
