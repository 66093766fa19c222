#include "bulkrunner.h"

#include "qlessclient.h"
#include "qlesssession.h"

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
    m_session->client()->failedJobs(m_target.group, 0, 0, this, [this](const QlessReply<FailedJobsPage> &reply) {
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
        runGroupBatch();
    });
}

void BulkRunner::runGroupBatch()
{
    if (m_restartPending) {
        recheckGroupBatches([this] { runGroupBatch(); });
        return;
    }
    const qint64 remaining = m_summary.total - m_groupTaken;
    // A batch in doubt is sent again even when cancelled: its receipt tells what it did.
    if ((m_cancelRequested && m_groupBatchInDoubt == 0) || remaining <= 0 || !m_summary.stoppedBecause.isEmpty()) {
        finish();
        return;
    }
    FailedActionRequest request;
    switch (m_action.kind) {
    case JobAction::Kind::Move:
        request.kind = FailedActionRequest::Kind::Move;
        break;
    case JobAction::Kind::Cancel:
        request.kind = FailedActionRequest::Kind::Cancel;
        break;
    default:
        request.kind = FailedActionRequest::Kind::Retry;
        break;
    }
    request.group = m_target.group;
    request.queue = m_action.queue;
    request.count = int(qMin<qint64>(qMin(m_batchSize, GroupBatchJobs), remaining));
    request.skip = int(m_groupKept);
    // One key per batch: sent again after a dropped connection, the script answers from its
    // receipt if the first one ran, so nothing is done or counted twice.
    request.key = groupBatchKey();
    m_session->client()->failedAction(request, this, [this, count = request.count](const QlessReply<FailedBatch> &reply) {
        m_groupBatchInDoubt = 0;
        switch (troubleOf(reply.error)) {
        case Trouble::None:
            groupBatchAnswered(reply.value);
            return;
        case Trouble::Connection:
            if (!reply.error.certainlyNotRun())
                m_groupBatchInDoubt = count;
            pause(reply.error, [this] { runGroupBatch(); });
            return;
        case Trouble::Fatal:
        case Trouble::Refused:
            m_summary.stoppedBecause = reply.error.message;
            finish();
            return;
        }
    });
}

QByteArray BulkRunner::groupBatchKey() const
{
    return QStringLiteral("%1:%2").arg(m_runId).arg(m_groupBatch).toUtf8();
}

void BulkRunner::groupBatchAnswered(const FailedBatch &batch)
{
    CountedBatch &counted = m_groupCounted[m_groupBatch];
    counted.batch = batch;
    ++m_groupBatch;
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
    runGroupBatch();
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
