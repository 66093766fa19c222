// SPDX-License-Identifier: GPL-3.0-or-later
#include "groupbatches.h"

#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulkrunner.h"
#include "bulktrouble.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <memory>

// GroupBatches after a server restart: the batches counted before are checked against the
// server as it is now, since it may have come back from a snapshot older than some of the run.

void GroupBatches::recheckBatches(const std::function<void()> &then)
{
    m_run.restartPending = false;
    if (m_counted.size() == m_countedSinceRestart.size()) {
        m_countedSinceRestart.clear();
        m_run.summary.notes << BulkRunner::tr("The server restarted during the run (%1), before any batch was counted")
                                   .arg(m_run.restartText);
        then();
        return;
    }
    if (m_releases.isEmpty() && m_releaseSent.isEmpty()) {
        recheckFrom(0, then);
        return;
    }
    // The batches of the releases the server applied are still done on it (each release ran
    // after its batches).
    m_control.readAppliedReleases(then, [this, then](qint64 applied) { recheckFrom(applied, then); });
}

void GroupBatches::recheckFrom(qint64 applied, const std::function<void()> &then)
{
    // A release whose reply was lost may have been applied: then its batches are released ones.
    if (applied > m_releases.size())
        commitRelease();
    m_releaseSent.clear();
    applied = qBound<qint64>(0, applied, m_releases.size());
    // The failedaction script writes a batch's receipt with the batch itself: a server that
    // still has the receipt still has what the batch did, one without it came back from before.
    // Only those not in a release the server applied are looked up.
    QList<int> toCheck = m_unreleased;
    for (qsizetype i = applied; i < m_releases.size(); ++i)
        toCheck += m_releases.at(i);
    // Those the server answered since it came back ran on it as it is now.
    QList<int> answeredSince; // still unreleased, and stay so
    for (int index : std::as_const(m_unreleased)) {
        if (m_countedSinceRestart.contains(index))
            answeredSince.append(index);
    }
    toCheck.removeIf([this](int index) { return m_countedSinceRestart.contains(index); });
    const qsizetype counted = m_counted.size() - m_countedSinceRestart.size();
    struct Check
    {
        qsizetype waiting = 0;
        QList<int> lost;
        RedisError error;
    };
    auto check = std::make_shared<Check>();
    check->waiting = toCheck.size();
    const auto judged = [this, check, applied, toCheck, answeredSince, counted, then] {
        if (!check->error.isNull()) {
            if (bulkTroubleOf(check->error) == BulkTrouble::Connection) {
                m_run.restartPending = true; // checked again once the connection is back
                m_control.pause(check->error, then);
                return;
            }
            m_run.summary.notes << BulkRunner::tr("The server restarted during the run (%1; perhaps from an older "
                                                  "snapshot) and the batches counted before could not be checked "
                                                  "(%2): the counts before it may not hold")
                                       .arg(m_run.restartText, check->error.message);
            then();
            return;
        }
        m_releases.resize(applied);
        m_countedSinceRestart.clear();
        m_unreleased = answeredSince;
        qint64 lostJobs = 0;
        for (int index : toCheck) {
            if (!check->lost.contains(index)) {
                m_unreleased.append(index); // its receipt is there again: released anew
                continue;
            }
            lostJobs += m_counted.value(index).batch.done;
            forgetBatch(index);
        }
        m_run.summary.notes << BulkRunner::tr("The server restarted during the run (%1; perhaps from an older "
                                              "snapshot): of the %2 batches counted before, %3 were still recorded "
                                              "on it (by the run's record ql:desk:run:%4 or their receipts); the %5 "
                                              "jobs counted done in the others were taken from the group again")
                                   .arg(m_run.restartText)
                                   .arg(counted)
                                   .arg(counted - check->lost.size())
                                   .arg(m_run.runId)
                                   .arg(lostJobs);
        m_control.reportProgress();
        then();
    };
    if (toCheck.isEmpty()) {
        judged();
        return;
    }
    for (int index : toCheck) {
        // Bound: one key.
        m_run.session->connection()->send(RedisCommand::read({"EXISTS", "ql:receipt:" + batchKey(index)}),
                                          m_control.replyContext(), [check, index, judged](const RedisReply &reply) {
                                              if (reply.isError())
                                                  check->error = reply.error;
                                              else if (reply.integer == 0)
                                                  check->lost.append(index);
                                              if (--check->waiting == 0)
                                                  judged();
                                          });
    }
}
