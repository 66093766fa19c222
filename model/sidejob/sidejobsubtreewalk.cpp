// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobsubtreewalk.h"

#include "sidejobclient.h"

SideJobSubtreeWalk::SideJobSubtreeWalk(SideJobClient *client, double now, const QList<QByteArray> &tops,
                                       QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_now(now)
{
    for (const QByteArray &id : tops) {
        if (m_index.contains(id))
            continue;
        m_index.insert(id, int(m_jobs.size()));
        m_jobs << SideJobWalkedJob{id, {}, {}, false, false, -1};
    }
}

void SideJobSubtreeWalk::readNext()
{
    if (m_current >= m_jobs.size()) {
        m_done = true;
        emit done();
        return;
    }
    ++m_reads;
    m_client->jobRecord(
        m_jobs.at(m_current).id, m_now, this, [this](const QlessReply<SideJobRecord> &reply) { answered(reply); },
        m_childCursor);
}

void SideJobSubtreeWalk::answered(const QlessReply<SideJobRecord> &reply)
{
    if (!reply.ok()) {
        emit failed(reply.error);
        return;
    }
    const SideJobRecord &record = reply.value;
    if (m_childCursor == "0") {
        SideJobWalkedJob &job = m_jobs[m_current];
        job.layout = record.layout;
        job.status = record.status;
        job.inJobs = record.inJobs;
        job.locked = !record.lockToken.isEmpty() || record.workerTaking;
    }
    for (const SideJobChild &child : record.children) {
        if (m_index.contains(child.id))
            continue;
        m_index.insert(child.id, int(m_jobs.size()));
        m_jobs << SideJobWalkedJob{child.id, {}, {}, false, false, m_current};
    }
    if (record.childNext != "0" && !record.childNext.isEmpty()) {
        m_childCursor = record.childNext;
    } else {
        m_childCursor = "0";
        ++m_current;
    }
    emit progressed();
    readNext();
}
