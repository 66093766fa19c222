// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "qlessclient.h"
#include "qlesssession.h"

#include <utility>

// BulkRunner's whole failure groups: the failedaction script takes the group's oldest jobs a
// batch at a time on the server; each batch's receipt makes sending it again safe.
//
// Why this path needs no scan cursor: the group's list takes new failures at its head, and the
// batches read it from the tail, where arrivals shift nothing. Each batch takes its jobs out of
// the list (retried, moved, cancelled), so the read point stays the tail itself; only the jobs
// kept on purpose (has dependents, no queue) stay there, passed over by count (`skip`). Other
// actions on a whole group (priority, tags, tracking, time out) leave the jobs in the list and
// go job by job through JobSource::failureGroup's scan, which reads from the tail with anchors.
// Should one of the kept jobs leave the list meanwhile (someone else retries it), the script
// passes over only the kept ones still listed (it remembers them) and says how many were gone
// (`unkept`): `skip` comes down by them, and no job beyond is passed over.

namespace {
// The reasons the failedaction script gives, in the words the summary uses.
QString groupReason(const QString &reason)
{
    if (reason == QLatin1String("missing"))
        return BulkRunner::tr("job no longer exists");
    if (reason == QLatin1String("not failed"))
        return BulkRunner::tr("no longer failed");
    if (reason == QLatin1String("duplicate"))
        return BulkRunner::tr("listed twice in the group");
    if (reason == QLatin1String("no queue"))
        return BulkRunner::tr("no queue to go back to");
    if (reason == QLatin1String("has dependents"))
        return BulkRunner::hasDependentsReason();
    return reason;
}
} // namespace

void BulkRunner::readGroupSize()
{
    // The group's own page of no jobs: its size, whatever the list of groups leaves out.
    m_session->client()->failureReads().failedJobs(m_target.group, 0, 0, this,
                                                   [this](const QlessReply<FailedJobsPage> &reply) {
                                                       if (!reply.ok()) {
                                                           if (troubleOf(reply.error) == Trouble::Connection) {
                                                               pause(reply.error, [this] { readGroupSize(); });
                                                               return;
                                                           }
                                                           m_summary.stoppedBecause = reply.error.message;
                                                           finish();
                                                           return;
                                                       }
                                                       m_summary.total = reply.value.total;
                                                       sendGroupBatches();
                                                   });
}

void BulkRunner::sendGroupBatches()
{
    if (m_phase == Phase::Finished || m_phase == Phase::Paused)
        return;
    // A lost reply, a restart to check, the end: each waits until no reply is on its way.
    const bool settled = m_groupInFlight.isEmpty() && !m_groupReleasing;
    if (!m_groupTrouble.isNull()) {
        if (settled) {
            const RedisError why = std::exchange(m_groupTrouble, RedisError());
            pause(why, [this] { sendGroupBatches(); });
        }
        return;
    }
    if (m_restartPending) {
        if (settled)
            recheckGroupBatches([this] { sendGroupBatches(); });
        return;
    }
    releaseGroupBatches();
    // Batches whose reply was lost go again one at a time, under their own key: one that ran is
    // answered from its receipt, one that did not runs with what is known now.
    if (m_cancelRequested)
        m_groupResend.removeIf([](const auto &entry) { return entry.value() == 0; }); // certainly not run
    if (!m_groupResend.isEmpty()) {
        if (settled) {
            const int index = m_groupResend.firstKey();
            m_groupResend.remove(index);
            sendGroupBatch(index, {});
        }
        return;
    }
    if (m_cancelRequested || !m_summary.stoppedBecause.isEmpty()) {
        if (settled)
            finish();
        return;
    }
    // Up to GroupBatchesInFlight new batches, each naming the one sent before it (`after`).
    // The bound on the run's receipts: no new batch while more than GroupBatchesInFlight counted
    // batches keep theirs (they go as soon as no batch on its way reads them), so Redis holds at
    // most 2 x GroupBatchesInFlight + 1 batch receipts (each a few hundred bytes: its counts and
    // the jids it skipped, of at most GroupBatchJobs) and the run's record, whatever the group's size.
    while (m_groupInFlight.size() < GroupBatchesInFlight && groupJobsLeft() > 0
           && m_groupUnreleased.size() <= GroupBatchesInFlight) {
        const int index = m_groupNext++;
        if (m_groupInFlight.isEmpty()) {
            sendGroupBatch(index, {});
        } else {
            m_groupAfterOf.insert(index, m_groupInFlight.lastKey());
            sendGroupBatch(index, groupBatchKey(m_groupInFlight.lastKey()));
        }
    }
    if (m_groupInFlight.isEmpty() && !m_groupReleasing)
        finish();
}

qint64 BulkRunner::groupJobsLeft() const
{
    qint64 asked = 0;
    for (int count : m_groupInFlight)
        asked += count;
    return m_summary.total - m_groupTaken - asked;
}

void BulkRunner::sendGroupBatch(int index, const QByteArray &after)
{
    FailedActionRequest request;
    switch (m_action.kind) {
    case JobAction::Kind::Move: request.kind = FailedActionRequest::Kind::Move; break;
    case JobAction::Kind::Cancel: request.kind = FailedActionRequest::Kind::Cancel; break;
    default: request.kind = FailedActionRequest::Kind::Retry; break;
    }
    request.group = m_target.group;
    request.queue = m_action.queue;
    // A batch sent again asks what is left now; should its first send have run, its receipt
    // answers and the count asked does not matter.
    request.count = int(qBound<qint64>(1, groupJobsLeft(), qMin<qint64>(m_batchSize, GroupBatchJobs)));
    request.skip = int(m_groupKept);
    // One key per batch: sent again after a dropped connection, the script answers from its
    // receipt if the first one ran, so nothing is done or counted twice.
    request.key = groupBatchKey(index);
    request.after = after;
    m_groupInFlight.insert(index, request.count);
    m_groupBatchesSent = true;
    m_session->client()->writes().failedAction(
        request, this, [this, index, count = request.count](const QlessReply<FailedBatch> &reply) {
            m_groupInFlight.remove(index);
            m_groupAfterOf.remove(index); // ran or not, it reads no receipt any more (sent again, it names none)
            switch (troubleOf(reply.error)) {
            case Trouble::None: groupBatchAnswered(index, reply.value); break;
            case Trouble::Connection:
                m_groupResend.insert(index, reply.error.certainlyNotRun() ? 0 : count);
                if (m_groupTrouble.isNull())
                    m_groupTrouble = reply.error;
                break;
            case Trouble::Fatal:
            case Trouble::Refused:
                if (m_summary.stoppedBecause.isEmpty())
                    m_summary.stoppedBecause = reply.error.message;
                break;
            }
            sendGroupBatches();
        });
}

QByteArray BulkRunner::groupBatchKey(int index) const
{
    return QStringLiteral("%1:%2").arg(m_runId).arg(index).toUtf8();
}

qint64 BulkRunner::groupJobsInDoubt() const
{
    qint64 jobs = 0;
    for (int count : m_groupResend)
        jobs += count;
    return jobs;
}

void BulkRunner::groupBatchAnswered(int index, const FailedBatch &batch)
{
    CountedBatch &counted = m_groupCounted[index];
    if (m_restartPending)
        m_groupCountedSinceRestart.insert(index);
    counted.batch = batch;
    m_groupUnreleased.append(index); // its receipt, written with it
    m_groupTaken += batch.taken;
    m_summary.done += batch.done;
    // Entries left in the group on purpose stay among its oldest: later batches pass over them
    // (less those that left the group meanwhile, which the script no longer passed over).
    m_groupKept += batch.keptChange();
    for (auto it = batch.skipped.cbegin(); it != batch.skipped.cend(); ++it) {
        const QString reason = groupReason(it.key());
        for (const QByteArray &jid : it.value())
            m_summary.addSkipped(reason, jid);
    }
    if (batch.taken == 0 && m_summary.total > m_groupTaken) {
        // The group ran out before the count the operator saw: others took the rest meanwhile.
        counted.vanished = m_summary.total - m_groupTaken;
        m_summary.addSkipped(tr("no longer in the group"), {}, counted.vanished);
        m_groupTaken = m_summary.total;
    }
    emit progressed();
}

void BulkRunner::forgetGroupBatch(int index)
{
    const CountedBatch counted = m_groupCounted.take(index);
    m_groupTaken -= counted.batch.taken + counted.vanished;
    m_summary.done -= counted.batch.done;
    m_groupKept -= counted.batch.keptChange();
    for (auto it = counted.batch.skipped.cbegin(); it != counted.batch.skipped.cend(); ++it) {
        const QString reason = groupReason(it.key());
        for (const QByteArray &jid : it.value())
            m_summary.removeSkipped(reason, jid);
    }
    if (counted.vanished > 0)
        m_summary.removeSkipped(tr("no longer in the group"), {}, counted.vanished);
}
