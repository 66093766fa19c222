// SPDX-License-Identifier: GPL-3.0-or-later
#include "servertotalsreader.h"

#include "connectionstate.h"
#include "qlessclient.h"
#include "qlesssession.h"

ServerTotalsReader::ServerTotalsReader(QlessSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{}

namespace {
// Why a read failed, never empty for one that did (an empty reason would read as success).
template<typename T>
QString failure(const QlessReply<T> &reply)
{
    if (reply.ok())
        return {};
    return reply.error.message.isEmpty() ? QStringLiteral("read failed") : reply.error.message;
}
} // namespace

bool ServerTotalsReader::read()
{
    if (m_pending > 0 || !m_session || m_session->state().phase != ConnectionState::Phase::Ready)
        return false;
    const quint64 round = ++m_round;
    m_reading = ServerTotals();
    m_roundError.clear();
    QlessClient *client = m_session->client();
    m_pending = 3;
    // Each reply checks its round before it adds to m_reading: one of a round given up
    // (abandon()) may come while the next is being summed.
    client->queueReads().queueCounts(this, [this, round](const QlessReply<QList<QueueCounts>> &reply) {
        if (round != m_round)
            return;
        if (reply.ok()) {
            m_reading.queues = int(reply.value.size());
            for (const QueueCounts &queue : reply.value) {
                m_reading.paused += queue.paused ? 1 : 0;
                m_reading.waiting += queue.waiting;
                m_reading.running += queue.running;
                m_reading.stalled += queue.stalled;
                m_reading.scheduled += queue.scheduled;
                m_reading.depends += queue.depends;
            }
        }
        partDone(round, failure(reply));
    });
    readFailureGroups({}, round);
    // A page of one worker carries the count of them all.
    client->workerReads().workerPage({}, {}, 1, this, [this, round](const QlessReply<WorkerPage> &reply) {
        if (round != m_round)
            return;
        if (reply.ok())
            m_reading.workers = reply.value.total;
        partDone(round, failure(reply));
    });
    return true;
}

void ServerTotalsReader::abandon()
{
    if (m_pending == 0)
        return;
    ++m_round; // partDone() takes replies of the current round only
    m_pending = 0;
}

// Names and counts only (desk.failurecounts): the totals need no group's newest failure, whose
// read costs Redis far more than the count. A group a later step lists again (SSCAN may, when
// the set grows meanwhile) is counted once.
void ServerTotalsReader::readFailureGroups(const QByteArray &cursor, quint64 round)
{
    if (cursor.isEmpty())
        m_groupsSeen.clear();
    m_session->client()->failureReads().failureGroupCounts(cursor, this,
                                                           [this, round](const QlessReply<FailureGroupList> &reply) {
                                                               if (round != m_round)
                                                                   return;
                                                               if (!reply.ok()) {
                                                                   partDone(round, failure(reply));
                                                                   return;
                                                               }
                                                               m_reading.failureGroups = reply.value.total;
                                                               for (const FailureGroup &group : reply.value.groups) {
                                                                   if (!m_groupsSeen.contains(group.name)) {
                                                                       m_groupsSeen.insert(group.name);
                                                                       m_reading.failed += group.count;
                                                                   }
                                                               }
                                                               if (!reply.value.cursor.isEmpty()
                                                                   && !reply.value.groups.isEmpty()) {
                                                                   readFailureGroups(reply.value.cursor, round);
                                                                   return;
                                                               }
                                                               partDone(round, {});
                                                           });
}

void ServerTotalsReader::partDone(quint64 round, const QString &error)
{
    if (round != m_round || m_pending == 0)
        return;
    if (!error.isEmpty() && m_roundError.isEmpty())
        m_roundError = error;
    if (--m_pending > 0)
        return;
    const bool ok = m_roundError.isEmpty();
    m_error = m_roundError;
    if (ok) {
        m_totals = m_reading;
        m_hasTotals = true;
    }
    emit finished(ok);
}
