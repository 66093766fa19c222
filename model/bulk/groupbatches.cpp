// SPDX-License-Identifier: GPL-3.0-or-later
#include "groupbatches.h"

#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulkrunner.h"
#include "bulktrouble.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <memory>
#include <utility>

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

GroupBatches::GroupBatches(BulkRun &run, BulkRunControl &control)
    : m_run(run)
    , m_control(control)
{}

void GroupBatches::start()
{
    if (m_run.target.expected < 0)
        readGroupSize();
    else {
        m_run.summary.total = m_run.target.expected;
        send();
    }
}

void GroupBatches::readGroupSize()
{
    // The group's own page of no jobs: its size, whatever the list of groups leaves out.
    m_run.session->client()->failureReads().failedJobs(
        m_run.target.group, 0, 0, m_control.replyContext(), [this](const QlessReply<FailedJobsPage> &reply) {
            if (!reply.ok()) {
                if (bulkTroubleOf(reply.error) == BulkTrouble::Connection) {
                    m_control.pause(reply.error, [this] { readGroupSize(); });
                    return;
                }
                m_run.summary.stoppedBecause = reply.error.message;
                m_control.finish();
                return;
            }
            m_run.summary.total = reply.value.total;
            send();
        });
}

void GroupBatches::send()
{
    if (m_control.isHalted())
        return;
    // A lost reply, a restart to check, the end: each waits until no reply is on its way.
    const bool settled = m_inFlight.isEmpty() && !m_releasing;
    if (!m_trouble.isNull()) {
        if (settled) {
            const RedisError why = std::exchange(m_trouble, RedisError());
            m_control.pause(why, [this] { send(); });
        }
        return;
    }
    if (m_run.restartPending) {
        if (settled)
            recheckBatches([this] { send(); });
        return;
    }
    releaseBatches();
    // Batches whose reply was lost go again one at a time, under their own key: one that ran is
    // answered from its receipt, one that did not runs with what is known now.
    if (m_run.cancelRequested)
        m_resend.removeIf([](const auto &entry) { return entry.value() == 0; }); // certainly not run
    if (!m_resend.isEmpty()) {
        if (settled) {
            const int index = m_resend.firstKey();
            m_resend.remove(index);
            sendBatch(index, {});
        }
        return;
    }
    if (m_run.cancelRequested || !m_run.summary.stoppedBecause.isEmpty()) {
        if (settled)
            m_control.finish();
        return;
    }
    // Up to GroupBatchesInFlight new batches, each naming the one sent before it (`after`).
    // The bound on the run's receipts: no new batch while more than GroupBatchesInFlight counted
    // batches keep theirs (they go as soon as no batch on its way reads them), so Redis holds at
    // most 2 x GroupBatchesInFlight + 1 batch receipts (each a few hundred bytes: its counts and
    // the jids it skipped, of at most GroupBatchJobs) and the run's record, whatever the group's size.
    while (m_inFlight.size() < BulkRunner::GroupBatchesInFlight && jobsLeft() > 0
           && m_unreleased.size() <= BulkRunner::GroupBatchesInFlight) {
        const int index = m_next++;
        if (m_inFlight.isEmpty()) {
            sendBatch(index, {});
        } else {
            m_afterOf.insert(index, m_inFlight.lastKey());
            sendBatch(index, batchKey(m_inFlight.lastKey()));
        }
    }
    if (m_inFlight.isEmpty() && !m_releasing)
        m_control.finish();
}

qint64 GroupBatches::jobsLeft() const
{
    qint64 asked = 0;
    for (int count : m_inFlight)
        asked += count;
    return m_run.summary.total - m_taken - asked;
}

void GroupBatches::sendBatch(int index, const QByteArray &after)
{
    FailedActionRequest request;
    switch (m_run.action.kind) {
    case JobAction::Kind::Move: request.kind = FailedActionRequest::Kind::Move; break;
    case JobAction::Kind::Cancel: request.kind = FailedActionRequest::Kind::Cancel; break;
    default: request.kind = FailedActionRequest::Kind::Retry; break;
    }
    request.group = m_run.target.group;
    request.queue = m_run.action.queue;
    // A batch sent again asks what is left now; should its first send have run, its receipt
    // answers and the count asked does not matter.
    request.count = int(qBound<qint64>(1, jobsLeft(), qMin<qint64>(m_run.batchSize, BulkRunner::GroupBatchJobs)));
    request.skip = int(m_kept);
    // One key per batch: sent again after a dropped connection, the script answers from its
    // receipt if the first one ran, so nothing is done or counted twice.
    request.key = batchKey(index);
    request.after = after;
    m_inFlight.insert(index, request.count);
    m_batchesSent = true;
    m_run.session->client()->writes().failedAction(
        request, m_control.replyContext(), [this, index, count = request.count](const QlessReply<FailedBatch> &reply) {
            m_inFlight.remove(index);
            m_afterOf.remove(index); // ran or not, it reads no receipt any more (sent again, it names none)
            switch (bulkTroubleOf(reply.error)) {
            case BulkTrouble::None: batchAnswered(index, reply.value); break;
            case BulkTrouble::Connection:
                m_resend.insert(index, reply.error.certainlyNotRun() ? 0 : count);
                if (m_trouble.isNull())
                    m_trouble = reply.error;
                break;
            case BulkTrouble::Fatal:
            case BulkTrouble::Refused:
                if (m_run.summary.stoppedBecause.isEmpty())
                    m_run.summary.stoppedBecause = reply.error.message;
                break;
            }
            send();
        });
}

QByteArray GroupBatches::batchKey(int index) const
{
    return QStringLiteral("%1:%2").arg(m_run.runId).arg(index).toUtf8();
}

qint64 GroupBatches::jobsInDoubt() const
{
    qint64 jobs = 0;
    for (int count : m_resend)
        jobs += count;
    return jobs;
}

void GroupBatches::explainDoubt()
{
    const qint64 jobs = jobsInDoubt();
    if (jobs <= 0)
        return;
    qsizetype batches = 0;
    for (int count : std::as_const(m_resend))
        batches += count > 0 ? 1 : 0;
    // Their receipts go with the rest of the run's: the group itself says what is left.
    m_run.summary.stoppedBecause =
        BulkRunner::tr("the last %n batch(es) (up to %1 jobs) may or may not have run: the connection dropped "
                       "before the replies. The failure group shows which jobs are still in it.",
                       nullptr, int(batches))
            .arg(jobs);
}

void GroupBatches::batchAnswered(int index, const FailedBatch &batch)
{
    CountedBatch &counted = m_counted[index];
    if (m_run.restartPending)
        m_countedSinceRestart.insert(index);
    counted.batch = batch;
    m_unreleased.append(index); // its receipt, written with it
    m_taken += batch.taken;
    m_run.summary.done += batch.done;
    // Entries left in the group on purpose stay among its oldest: later batches pass over them
    // (less those that left the group meanwhile, which the script no longer passed over).
    m_kept += batch.keptChange();
    for (auto it = batch.skipped.cbegin(); it != batch.skipped.cend(); ++it) {
        const QString reason = groupReason(it.key());
        for (const QByteArray &jid : it.value())
            m_run.summary.addSkipped(reason, jid);
    }
    if (batch.taken == 0 && m_run.summary.total > m_taken) {
        // The group ran out before the count the operator saw: others took the rest meanwhile.
        counted.vanished = m_run.summary.total - m_taken;
        m_run.summary.addSkipped(BulkRunner::tr("no longer in the group"), {}, counted.vanished);
        m_taken = m_run.summary.total;
    }
    m_control.reportProgress();
}

void GroupBatches::forgetBatch(int index)
{
    const CountedBatch counted = m_counted.take(index);
    m_taken -= counted.batch.taken + counted.vanished;
    m_run.summary.done -= counted.batch.done;
    m_kept -= counted.batch.keptChange();
    for (auto it = counted.batch.skipped.cbegin(); it != counted.batch.skipped.cend(); ++it) {
        const QString reason = groupReason(it.key());
        for (const QByteArray &jid : it.value())
            m_run.summary.removeSkipped(reason, jid);
    }
    if (counted.vanished > 0)
        m_run.summary.removeSkipped(BulkRunner::tr("no longer in the group"), {}, counted.vanished);
}

void GroupBatches::releaseBatches()
{
    if (m_releasing || !m_trouble.isNull() || m_run.restartPending)
        return;
    // A release whose reply was lost goes again as it was: the server may have applied it, and
    // its number must keep meaning these batches.
    if (m_releaseSent.isEmpty()) {
        const QList<int> named = m_afterOf.values();
        for (int index : std::as_const(m_unreleased)) {
            if (!named.contains(index) && m_releaseSent.size() < QlessWrites::ReleasePerCall)
                m_releaseSent.append(index);
        }
    }
    if (m_releaseSent.isEmpty())
        return;
    QList<QByteArray> keys;
    for (int index : std::as_const(m_releaseSent))
        keys.append(batchKey(index));
    const qint64 n = m_releases.size() + 1;
    m_releasing = true;
    m_run.session->client()->writes().releaseReceipts(
        m_run.runId.toUtf8(), n, keys, {}, m_control.replyContext(), [this, n](const QlessReply<qint64> &reply) {
            m_releasing = false;
            switch (bulkTroubleOf(reply.error)) {
            case BulkTrouble::None:
                if (reply.value < n) {
                    // The server lost releases before this one: it came back from an older snapshot.
                    m_run.restartPending = true;
                    if (m_run.restartText.isEmpty())
                        m_run.restartText = BulkRunner::tr("its record of this run's releases went back from %1 to %2")
                                                .arg(n - 1)
                                                .arg(reply.value);
                    break;
                }
                commitRelease();
                break;
            case BulkTrouble::Connection:
                // Still unreleased: the same release goes again (applied once) when the run resumes.
                if (m_trouble.isNull())
                    m_trouble = reply.error;
                break;
            case BulkTrouble::Fatal:
            case BulkTrouble::Refused:
                // Going on would leave every later batch's receipt behind: the run stops here.
                if (m_run.summary.stoppedBecause.isEmpty())
                    m_run.summary.stoppedBecause =
                        BulkRunner::tr("the run's receipts could not be deleted: %1").arg(reply.error.message);
                break;
            }
            send();
        });
}

void GroupBatches::commitRelease()
{
    if (m_releaseSent.isEmpty())
        return;
    for (int index : std::as_const(m_releaseSent))
        m_unreleased.removeOne(index);
    m_releases.append(m_releaseSent);
    m_releaseSent.clear();
}

QList<QByteArray> GroupBatches::takeReceiptKeys()
{
    QList<QByteArray> keys;
    if (!m_batchesSent)
        return keys;
    // Counted and unreleased, on their way, or sent again after a lost reply.
    QList<int> batches = m_unreleased + m_inFlight.keys() + m_resend.keys();
    for (int index : std::as_const(batches))
        keys.append(batchKey(index));
    m_batchesSent = false;
    m_unreleased.clear();
    return keys;
}
