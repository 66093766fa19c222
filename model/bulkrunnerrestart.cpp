#include "bulkrunner.h"

#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <memory>

// BulkRunner after a server restart: what was counted before is checked against the server as
// it is now, since it may have come back from a snapshot older than some of the run.

void BulkRunner::serverRestarted(const QByteArray &previousRunId, const QByteArray &runId)
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    m_restartPending = true;
    m_restartText = tr("run_id %1… → %2…").arg(QString::fromLatin1(previousRunId.left(8)),
                                               QString::fromLatin1(runId.left(8)));
    emit progressed();
}

void BulkRunner::countDone(const QByteArray &jid)
{
    ++m_summary.done;
    m_doneJids.append(jid);
}

void BulkRunner::recheckDoneJobs(const std::function<void()> &then)
{
    m_restartPending = false;
    // Not counted until its receipt is looked up: each is counted again (done, or sent again) below.
    m_recheck += m_doneJids;
    m_summary.done -= m_doneJids.size();
    m_doneJids.clear();
    m_recheckTotal = m_recheck.size();
    m_recheckStillDone = 0;
    recheckNextJobs(then);
}

void BulkRunner::recheckNextJobs(const std::function<void()> &then)
{
    if (m_recheck.isEmpty() && m_recheckTotal == 0) {
        m_summary.notes << tr("The server restarted during the run (%1), before any job was counted").arg(m_restartText);
        emit progressed();
        then();
        return;
    }
    if (m_recheck.isEmpty()) {
        m_summary.notes << tr("The server restarted during the run (%1; perhaps from an older snapshot): of the %2 "
                              "jobs counted done before, %3 of them still done (their receipts ql:receipt:%4:job:<jid> "
                              "were still there); the others were sent again under the same receipts and counted as "
                              "the summary says")
                               .arg(m_restartText)
                               .arg(m_recheckTotal)
                               .arg(m_recheckStillDone)
                               .arg(m_runId);
        emit progressed();
        then();
        return;
    }
    // desk.once writes a step's receipt with the step itself: a server that still has the receipt
    // still has what the step did; one without it came back from before, and the step is sent
    // again (under the same key: it runs now, if it still applies).
    struct Check
    {
        qsizetype waiting = 0;
        QList<QByteArray> lost;
        RedisError error;
    };
    const QList<QByteArray> batch = m_recheck.mid(0, m_batchSize);
    auto check = std::make_shared<Check>();
    check->waiting = batch.size();
    for (const QByteArray &jid : batch) {
        m_session->connection()->send(RedisCommand::read({"EXISTS", "ql:receipt:" + stepKey(jid)}), this,
                                      [this, check, jid, batch, then](const RedisReply &reply) {
            if (reply.isError())
                check->error = reply.error;
            else if (reply.integer == 0)
                check->lost.append(jid);
            if (--check->waiting > 0)
                return;
            if (!check->error.isNull() && troubleOf(check->error) == Trouble::Connection) {
                pause(check->error, [this, then] { recheckNextJobs(then); });
                return;
            }
            m_recheck.remove(0, batch.size());
            for (const QByteArray &done : batch) {
                if (!check->error.isNull()) {
                    m_summary.addFailed(tr("unknown: done before the server restarted, could not be checked (%1)")
                                            .arg(check->error.message),
                                        done);
                } else if (check->lost.contains(done)) {
                    m_again.append(done);
                } else {
                    countDone(done);
                    ++m_recheckStillDone;
                }
            }
            emit progressed();
            recheckNextJobs(then);
        });
    }
}

void BulkRunner::recheckGroupBatches(const std::function<void()> &then)
{
    m_restartPending = false;
    const QList<int> counted = m_groupCounted.keys();
    if (counted.isEmpty()) {
        m_summary.notes << tr("The server restarted during the run (%1), before any batch was counted").arg(m_restartText);
        then();
        return;
    }
    // The failedaction script writes a batch's receipt with the batch itself: a server that
    // still has the receipt still has what the batch did, one without it came back from before.
    struct Check
    {
        qsizetype waiting = 0;
        QList<int> lost;
        RedisError error;
    };
    auto check = std::make_shared<Check>();
    check->waiting = counted.size();
    for (int index : counted) {
        const QByteArray key = "ql:receipt:" + QStringLiteral("%1:%2").arg(m_runId).arg(index).toUtf8();
        m_session->connection()->send(RedisCommand::read({"EXISTS", key}), this,
                                      [this, check, index, counted, then](const RedisReply &reply) {
            if (reply.isError())
                check->error = reply.error;
            else if (reply.integer == 0)
                check->lost.append(index);
            if (--check->waiting > 0)
                return;
            if (!check->error.isNull()) {
                if (troubleOf(check->error) == Trouble::Connection) {
                    m_restartPending = true; // checked again once the connection is back
                    pause(check->error, then);
                    return;
                }
                m_summary.notes << tr("The server restarted during the run (%1; perhaps from an older snapshot) and "
                                      "the batches counted before could not be checked (%2): the counts before it "
                                      "may not hold")
                                       .arg(m_restartText, check->error.message);
                then();
                return;
            }
            qint64 lostJobs = 0;
            for (int lost : std::as_const(check->lost)) {
                lostJobs += m_groupCounted.value(lost).batch.done;
                forgetGroupBatch(lost);
            }
            m_summary.notes << tr("The server restarted during the run (%1; perhaps from an older snapshot): of the "
                                  "%2 batches counted before, %3 were still recorded on it (ql:receipt:%4:<batch>); the "
                                  "%5 jobs counted done in the others were taken from the group again")
                                   .arg(m_restartText)
                                   .arg(counted.size())
                                   .arg(counted.size() - check->lost.size())
                                   .arg(m_runId)
                                   .arg(lostJobs);
            emit progressed();
            then();
        });
    }
}
