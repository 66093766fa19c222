// SPDX-License-Identifier: GPL-3.0-or-later
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
    m_run.restartPending = true;
    m_run.restartText =
        tr("run_id %1… → %2…").arg(QString::fromLatin1(previousRunId.left(8)), QString::fromLatin1(runId.left(8)));
    emit progressed();
}

void BulkRunner::countDone(const QByteArray &jid)
{
    ++m_run.summary.done;
    keepReceipt(jid, true);
}

void BulkRunner::recheckDoneJobs(const std::function<void()> &then)
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
    readAppliedReleases(then, [this, then](qint64 applied) { recheckFromRelease(applied, then); });
}

void BulkRunner::readAppliedReleases(const std::function<void()> &then, const std::function<void(qint64)> &from)
{
    const QByteArray record = "ql:desk:run:" + m_run.runId.toUtf8();
    // Bound: one small key (the run's record).
    m_run.session->connection()->send(RedisCommand::read({"GET", record}), this,
                                      [this, then, from](const RedisReply &reply) {
                                          if (reply.isError()) {
                                              if (troubleOf(reply.error) == Trouble::Connection) {
                                                  m_run.restartPending =
                                                      true; // checked again once the connection is back
                                                  pause(reply.error, then);
                                                  return;
                                              }
                                              from(0);
                                              return;
                                          }
                                          from(reply.isNil() ? 0 : reply.bytes.toLongLong());
                                      });
}

void BulkRunner::recheckFromRelease(qint64 applied, const std::function<void()> &then)
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
    recheckNextJobs(then);
}

void BulkRunner::recheckNextJobs(const std::function<void()> &then)
{
    if (m_recheck.isEmpty() && m_recheckTotal == 0) {
        m_run.summary.notes
            << tr("The server restarted during the run (%1), before any job was counted").arg(m_run.restartText);
        emit progressed();
        then();
        return;
    }
    if (m_recheck.isEmpty()) {
        m_run.summary.notes << tr("The server restarted during the run (%1; perhaps from an older snapshot): of the %2 "
                                  "jobs counted done before, %3 of them still done (the run's record ql:desk:run:%4 or "
                                  "their receipts said so); the others were sent again under the same receipts and "
                                  "counted as the summary says")
                                   .arg(m_run.restartText)
                                   .arg(m_recheckTotal)
                                   .arg(m_recheckStillDone)
                                   .arg(m_run.runId);
        emit progressed();
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
            RedisCommand::read({"EXISTS", "ql:receipt:" + stepKey(jid)}), this,
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
                        m_run.summary.addFailed(
                            tr("unknown: done before the server restarted, could not be checked (%1)")
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
