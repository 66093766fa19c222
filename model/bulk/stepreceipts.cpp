// SPDX-License-Identifier: GPL-3.0-or-later
#include "stepreceipts.h"

#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulkrunner.h"
#include "bulktrouble.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <memory>

StepReceipts::StepReceipts(BulkRun &run, BulkRunControl &control)
    : m_run(run)
    , m_control(control)
{}

QByteArray StepReceipts::stepKey(const QByteArray &jid) const
{
    // One step per job and run; ':job:' keeps these apart from the group batches' "<run>:<n>".
    return m_run.runId.toUtf8() + ":job:" + jid;
}

void StepReceipts::countDone(const QByteArray &jid)
{
    ++m_run.summary.done;
    keep(jid, true);
}

void StepReceipts::keep(const QByteArray &jid, bool done)
{
    (done ? m_unreleasedDone : m_unreleasedOthers).append(jid);
}

void StepReceipts::release(const std::function<void()> &then)
{
    // One release a call, numbered in order; the counted steps first, so that a release holds
    // what the restart check needs together. A release whose reply was lost goes again as it
    // was: the server may have applied it, and its number must keep meaning these steps.
    if (!m_releaseSent) {
        Release release;
        release.done = m_unreleasedDone.mid(0, QlessWrites::ReleasePerCall);
        release.others = m_unreleasedOthers.mid(0, QlessWrites::ReleasePerCall - release.done.size());
        m_releaseSent = release;
    }
    QList<QByteArray> keys;
    for (const QByteArray &jid : std::as_const(m_releaseSent->done))
        keys.append(stepKey(jid));
    for (const QByteArray &jid : std::as_const(m_releaseSent->others))
        keys.append(stepKey(jid));
    const qint64 n = m_releases.size() + 1;
    m_run.session->client()->writes().releaseReceipts(
        m_run.runId.toUtf8(), n, keys, {}, m_control.replyContext(), [this, n, then](const QlessReply<qint64> &reply) {
            switch (bulkTroubleOf(reply.error)) {
            case BulkTrouble::None: break;
            case BulkTrouble::Connection:
                // The steps stay unreleased: the same release goes again (applied once) when back.
                m_control.pause(reply.error, then);
                return;
            case BulkTrouble::Fatal:
            case BulkTrouble::Refused:
                // Going on would leave every later step's receipt behind: the run stops here.
                if (m_run.summary.stoppedBecause.isEmpty())
                    m_run.summary.stoppedBecause =
                        BulkRunner::tr("the run's receipts could not be deleted: %1").arg(reply.error.message);
                m_control.finish();
                return;
            }
            if (reply.value < n) {
                // The server lost releases before this one: it came back from an older snapshot.
                // What it still holds is looked up before anything else is sent.
                m_run.restartPending = true;
                if (m_run.restartText.isEmpty())
                    m_run.restartText = BulkRunner::tr("its record of this run's releases went back from %1 to %2")
                                            .arg(n - 1)
                                            .arg(reply.value);
                then();
                return;
            }
            commitRelease();
            then();
        });
}

void StepReceipts::commitRelease()
{
    if (!m_releaseSent)
        return;
    m_unreleasedDone.remove(0, m_releaseSent->done.size());
    m_unreleasedOthers.remove(0, m_releaseSent->others.size());
    m_releases.append(*m_releaseSent);
    m_releaseSent.reset();
}

void StepReceipts::abandonRecheck()
{
    for (const QByteArray &jid : std::as_const(m_recheck))
        m_run.summary.addFailed(BulkRunner::tr("unknown: done before the server restarted, not checked since"), jid);
    m_unreleasedOthers += m_recheck;
    m_recheck.clear();
}

QList<QByteArray> StepReceipts::takeUnreleased()
{
    const QList<QByteArray> jids = m_unreleasedDone + m_unreleasedOthers;
    m_unreleasedDone.clear();
    m_unreleasedOthers.clear();
    return jids;
}

void StepReceipts::recheck(const std::function<void()> &then)
{
    m_run.restartPending = false;
    if (m_releases.isEmpty() && !m_releaseSent) {
        recheckFromRelease(0, then);
        return;
    }
    // The steps of the releases the server applied are still done, whatever the snapshot it
    // came back from (each release ran after its steps). When that count is not known (0), every
    // step counted done is looked up by its receipt, and those released (receipt gone) are sent
    // again; each is guarded or harmless done twice, as after a lost reply.
    m_control.readAppliedReleases(then, [this, then](qint64 applied) { recheckFromRelease(applied, then); });
}

void StepReceipts::recheckFromRelease(qint64 applied, const std::function<void()> &then)
{
    // A release whose reply was lost may have been applied: then its steps are released ones.
    if (applied > m_releases.size())
        commitRelease();
    m_releaseSent.reset();
    applied = qBound<qint64>(0, applied, m_releases.size());
    qint64 stillDone = 0;
    for (qsizetype i = 0; i < applied; ++i)
        stillDone += m_releases.at(i).done.size();
    // Counted again below, done or sent again, by their receipts; receipts of releases the server
    // no longer has may be back, and go with the next release.
    QList<QByteArray> recheck;
    for (qsizetype i = applied; i < m_releases.size(); ++i) {
        recheck += m_releases.at(i).done;
        m_unreleasedOthers += m_releases.at(i).others;
    }
    m_releases.resize(applied);
    recheck += m_unreleasedDone;
    m_unreleasedDone.clear();
    m_run.summary.done -= recheck.size();
    m_recheck += recheck;
    m_recheckTotal = stillDone + m_recheck.size();
    m_recheckStillDone = stillDone;
    recheckNext(then);
}

void StepReceipts::recheckNext(const std::function<void()> &then)
{
    if (m_recheck.isEmpty() && m_recheckTotal == 0) {
        m_run.summary.notes << BulkRunner::tr("The server restarted during the run (%1), before any job was counted")
                                   .arg(m_run.restartText);
        m_control.reportProgress();
        then();
        return;
    }
    if (m_recheck.isEmpty()) {
        m_run.summary.notes << BulkRunner::tr("The server restarted during the run (%1; perhaps from an older "
                                              "snapshot): of the %2 jobs counted done before, %3 of them still done "
                                              "(the run's record ql:desk:run:%4 or their receipts said so); the "
                                              "others were sent again under the same receipts and counted as the "
                                              "summary says")
                                   .arg(m_run.restartText)
                                   .arg(m_recheckTotal)
                                   .arg(m_recheckStillDone)
                                   .arg(m_run.runId);
        m_control.reportProgress();
        then();
        return;
    }
    // desk.once writes a step's receipt with the step itself, and a step not yet released (by a
    // release the server applied) still has it: a server that has the receipt still has what the
    // step did; one without it came back from before, and the step is sent again (under the same
    // key: it runs now, if it still applies).
    struct Check
    {
        qsizetype waiting = 0;
        QList<QByteArray> lost;
        RedisError error;
    };
    const QList<QByteArray> batch = m_recheck.mid(0, m_run.batchSize);
    auto check = std::make_shared<Check>();
    check->waiting = batch.size();
    for (const QByteArray &jid : batch) {
        // Bound: one key.
        m_run.session->connection()->send(
            RedisCommand::read({"EXISTS", "ql:receipt:" + stepKey(jid)}), m_control.replyContext(),
            [this, check, jid, batch, then](const RedisReply &reply) {
                if (reply.isError())
                    check->error = reply.error;
                else if (reply.integer == 0)
                    check->lost.append(jid);
                if (--check->waiting > 0)
                    return;
                if (!check->error.isNull() && bulkTroubleOf(check->error) == BulkTrouble::Connection) {
                    m_control.pause(check->error, [this, then] { recheckNext(then); });
                    return;
                }
                m_recheck.remove(0, batch.size());
                for (const QByteArray &done : batch) {
                    if (!check->error.isNull()) {
                        m_run.summary.addFailed(
                            BulkRunner::tr("unknown: done before the server restarted, could not be checked (%1)")
                                .arg(check->error.message),
                            done);
                    } else if (check->lost.contains(done)) {
                        m_lost.append(done);
                    } else {
                        countDone(done);
                        ++m_recheckStillDone;
                    }
                }
                m_control.reportProgress();
                recheckNext(then);
            });
    }
}
