// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "job.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

// BulkRunner on selections and lists: the jids are collected, then each job gets its own call,
// pipelined a batch at a time, each under its own receipt (desk.once): a reply lost with the
// connection is asked for again by sending the same step under the same key, never guessed.

namespace {
constexpr int collectPageSize = 1000;
} // namespace

QByteArray BulkRunner::stepKey(const QByteArray &jid) const
{
    // One step per job and run; ':job:' keeps these apart from the group batches' "<run>:<n>".
    return m_runId.toUtf8() + ":job:" + jid;
}

// A scan's chunks may repeat a job (dropped here) and may bring jobs that joined the list after
// the operator confirmed: those are done too (they are in the list as it is now), never cut off
// at the number confirmed, since a scan returns jobs in no useful order and a cut would drop
// jobs that were there all along. The summary says how many were expected and collected.
void BulkRunner::collectChunk()
{
    if (m_cancelRequested) {
        m_summary.total = m_jids.size();
        finish();
        return;
    }
    m_target.source.scan(m_scanCursor, this, [this](const QlessReply<JobScanPage> &reply) {
        if (!reply.ok()) {
            if (troubleOf(reply.error) == Trouble::Connection) {
                // The cursor is kept: the scan goes on where it was once the link is back.
                pause(reply.error, [this] { collectChunk(); });
                return;
            }
            m_summary.stoppedBecause = tr("the jobs could not be listed: %1").arg(reply.error.message);
            m_summary.total = 0;
            finish();
            return;
        }
        if (m_scanTotal < 0)
            m_scanTotal = reply.value.total;
        for (const QByteArray &jid : reply.value.jids) {
            if (!m_seen.contains(jid)) {
                m_seen.insert(jid);
                m_jids.append(jid);
            }
        }
        m_scanCursor = reply.value.cursor;
        emit progressed();
        if (reply.value.atEnd()) {
            finishCollecting(m_target.expected >= 0 ? m_target.expected : m_scanTotal, -1);
            return;
        }
        collectChunk();
    });
}

void BulkRunner::finishCollecting(qint64 expected, qint64 cap)
{
    if (cap >= 0 && m_jids.size() > cap)
        m_jids.resize(cap);
    m_summary.expected = expected;
    m_summary.collected = m_jids.size();
    startJobs();
}

void BulkRunner::collectPage()
{
    if (m_cancelRequested) {
        m_summary.total = m_jids.size();
        finish();
        return;
    }
    m_target.source.fetch(m_collectOffset, collectPageSize, this, [this](const QlessReply<JobPage> &reply) {
        if (!reply.ok()) {
            switch (troubleOf(reply.error)) {
            case Trouble::Connection: pause(reply.error, [this] { collectPage(); }); return;
            default:
                m_summary.stoppedBecause = tr("the jobs could not be listed: %1").arg(reply.error.message);
                m_summary.total = 0;
                finish();
                return;
            }
        }
        const JobPage &page = reply.value;
        QList<QByteArray> found = page.jids;
        for (const Job &job : page.jobs)
            found.append(job.jid);
        for (const QByteArray &jid : std::as_const(found)) {
            if (!m_seen.contains(jid)) {
                m_seen.insert(jid);
                m_jids.append(jid);
            }
        }
        emit progressed();
        const bool enough = m_target.expected >= 0 && m_jids.size() >= m_target.expected;
        if (found.size() < collectPageSize || enough) {
            finishCollecting(m_target.expected, m_target.expected);
            return;
        }
        // Jobs leave a live list mostly at its head (popped, done): when the list is d shorter
        // than at the page before, up to d jobs have moved up past this page's offset before it
        // was read. The next read starts d before it, so none of them is passed over (those read
        // twice are counted once); else on after this page.
        qint64 shrunk = 0;
        if (page.total >= 0 && m_listedTotal >= 0 && page.total < m_listedTotal)
            shrunk = m_listedTotal - page.total;
        if (page.total >= 0)
            m_listedTotal = page.total;
        m_collectOffset =
            shrunk > 0 ? int(qMax<qint64>(0, m_collectOffset - shrunk)) : m_collectOffset + collectPageSize;
        collectPage();
    });
}

void BulkRunner::startJobs()
{
    m_seen.clear();
    m_summary.total = m_jids.size();
    setPhase(Phase::Running);
    m_clock.start();
    emit progressed();
    runJobBatch();
}

void BulkRunner::runJobBatch()
{
    if (m_restartPending) {
        recheckDoneJobs([this] { runJobBatch(); });
        return;
    }
    // The bound on the run's receipts: the steps of the batch just answered are released before
    // another step goes out, so Redis holds the receipts of at most one batch (m_batchSize, 500
    // by default: about 245 bytes each, some 120 KB) and the run's record, whatever the number
    // of jobs. (After a restart from an older snapshot the server may hold again those its
    // snapshot held: no more, since the bound held when it was taken.)
    if (!m_unreleasedDone.isEmpty() || !m_unreleasedOthers.isEmpty()) {
        releaseReceipts([this] { runJobBatch(); });
        return;
    }
    if (m_cancelRequested || !m_summary.stoppedBecause.isEmpty()) {
        finish();
        return;
    }
    const int size = m_fixedBatch ? m_batchSize : qMin(m_batchSize, m_window.size());
    QList<QByteArray> batch = m_again.mid(0, size);
    m_again.remove(0, batch.size());
    while (batch.size() < size && m_next < m_jids.size())
        batch.append(m_jids.at(m_next++));
    if (batch.isEmpty()) {
        finish();
        return;
    }
    sendSteps(batch);
}

void BulkRunner::sendSteps(const QList<QByteArray> &jids)
{
    m_stepsSent = true;
    m_inFlight = jids;
    m_awaiting = int(jids.size());
    m_batchSteps = int(jids.size());
    // One unit at Redis (ConnectionSettings::oneUnitAtServer): the window bounds its time there.
    const RedisConnection::Unit unit;
    if (!m_fixedBatch)
        sendBatchClock(true);
    for (const QByteArray &jid : jids)
        sendStep(jid);
    if (!m_fixedBatch)
        sendBatchClock(false);
}

// TIME on the same connection as the steps: Redis answers it in order, just before the first
// step and just after the last, so the difference is Redis's time on them (and on any other
// client's calls in between), without the round trip.
void BulkRunner::sendBatchClock(bool start)
{
    if (start) {
        ++m_batchClock;
        m_batchStartMicros = -1;
        m_clockPending = true;
        m_batchWall.start();
    }
    const quint64 batch = m_batchClock;
    // Bound: constant.
    m_session->connection()->send(RedisCommand::read({"TIME"}), this, [this, start, batch](const RedisReply &reply) {
        // A batch that ended without its reading (a reply lost) does not take it late.
        if (batch != m_batchClock || !m_clockPending)
            return;
        qint64 micros = -1;
        if (reply.isArray() && reply.elements.size() == 2) {
            bool secondsOk = false;
            bool microsOk = false;
            const qint64 seconds = reply.elements.at(0).bytes.toLongLong(&secondsOk);
            const qint64 part = reply.elements.at(1).bytes.toLongLong(&microsOk);
            if (secondsOk && microsOk)
                micros = seconds * 1000000 + part;
        }
        if (start) {
            m_batchStartMicros = micros;
            return;
        }
        m_clockPending = false;
        // Without the server's clock (an ACL may refuse TIME) the time until the last reply, round
        // trip included, which can only make the next batch smaller.
        const bool onServer = micros >= 0 && m_batchStartMicros >= 0 && micros >= m_batchStartMicros;
        if (m_unsettled.isEmpty())
            m_window.measured(m_batchSteps, onServer ? micros - m_batchStartMicros : m_batchWall.nsecsElapsed() / 1000);
        if (m_awaiting == 0)
            batchAnswered(); // the steps were all answered and waited for this
    });
}

void BulkRunner::sendStep(const QByteArray &jid)
{
    QlessClient *client = m_session->client();
    const QByteArray key = stepKey(jid);
    const auto onFlag = [this, jid](const QlessReply<bool> &reply) { stepAnswered(jid, reply.error, reply.value); };
    switch (m_action.kind) {
    case JobAction::Kind::Move:
        client->writes().move(jid, m_action.queue, m_action.onlyState, key, this, onFlag);
        break;
    case JobAction::Kind::Retry:
        // QlessWrites::retry's move: back into its own queue, only while failed.
        client->writes().move(jid, QString(), QStringLiteral("failed"), key, this, onFlag);
        break;
    case JobAction::Kind::Cancel:
        // Judged when it runs against how the job was listed: see cancelReason.
        client->writes().cancelStep(jid, m_target.listedRunning(jid), key, this,
                                    [this, jid](const QlessReply<QString> &reply) {
                                        if (reply.ok() && reply.value != QLatin1String("cancelled")) {
                                            keepReceipt(jid, false);
                                            m_summary.addSkipped(cancelReason(reply.value, m_target.listedState(jid)),
                                                                 jid);
                                            stepSettled();
                                            return;
                                        }
                                        stepAnswered(jid, reply.error, reply.ok());
                                    });
        break;
    case JobAction::Kind::Priority: client->writes().setPriority(jid, m_action.priority, key, this, onFlag); break;
    case JobAction::Kind::Track: client->writes().track(jid, key, this, onFlag); break;
    case JobAction::Kind::Untrack: client->writes().untrack(jid, key, this, onFlag); break;
    case JobAction::Kind::Timeout: client->writes().timeout(jid, key, this, onFlag); break;
    case JobAction::Kind::AddTags:
    case JobAction::Kind::RemoveTags: {
        const auto onTags = [this, jid](const QlessReply<std::optional<QStringList>> &reply) {
            stepAnswered(jid, reply.error, reply.value.has_value());
        };
        if (m_action.kind == JobAction::Kind::AddTags)
            client->writes().addTags(jid, m_action.tags, key, this, onTags);
        else
            client->writes().removeTags(jid, m_action.tags, key, this, onTags);
        break;
    }
    }
}

void BulkRunner::stepAnswered(const QByteArray &jid, const RedisError &error, bool applied)
{
    switch (troubleOf(error)) {
    case Trouble::None:
        if (applied) {
            countDone(jid);
        } else {
            keepReceipt(jid, false);
            m_refused.append(jid);
        }
        break;
    case Trouble::Connection:
        m_unsettled.append(jid);
        m_connectionTrouble = error;
        break;
    case Trouble::Fatal:
        // Nothing later will run either: the rest is not attempted. This step too, unless it
        // may have written part of its change (refused by ACL partway through the script).
        if (m_summary.stoppedBecause.isEmpty())
            m_summary.stoppedBecause = error.message;
        if (error.certainlyNotRun())
            m_again.prepend(jid); // counted as not attempted
        else
            m_summary.addFailed(error.message, jid);
        break;
    case Trouble::Refused:
        if (m_action.kind == JobAction::Kind::Cancel && error.message.contains(QLatin1String("is a dependency of")))
            m_summary.addSkipped(hasDependentsReason(), jid);
        else
            m_summary.addFailed(error.message, jid);
        break;
    }
    stepSettled();
}

void BulkRunner::stepSettled()
{
    if (--m_awaiting == 0) {
        m_inFlight.clear();
        batchAnswered();
    }
}

QString BulkRunner::cancelReason(const QString &verdict, const QString &listedState)
{
    if (verdict == QLatin1String("gone"))
        return tr("already gone");
    if (verdict == QLatin1String("complete"))
        return listedState == QLatin1String("complete") ? tr("complete jobs are not cancelled")
                                                        : tr("completed meanwhile");
    if (verdict == QLatin1String("running"))
        return tr("started running meanwhile: left to its worker");
    if (verdict == QLatin1String("has dependents"))
        return hasDependentsReason();
    return tr("not cancelled: %1").arg(verdict);
}

void BulkRunner::batchAnswered()
{
    // The clock's reading after the steps is the next reply, and sizes the next batch. A batch
    // with a reply lost does not wait for it: after a dropped link it may come only once the
    // connection is back, and the run must say at once that it waits.
    if (m_clockPending && m_unsettled.isEmpty())
        return;
    m_clockPending = false;
    emit progressed();
    if (!m_unsettled.isEmpty()) {
        // Done or not, Redis knows: once it is back, the same steps go again under the same
        // receipts, and each reply is the first one's if the step had run.
        pause(m_connectionTrouble, [this] {
            const QList<QByteArray> again = m_unsettled;
            m_unsettled.clear();
            sendSteps(again);
        });
        return;
    }
    if (!m_refused.isEmpty()) {
        explainRefusals();
        return;
    }
    runJobBatch();
}

void BulkRunner::explainRefusals()
{
    const QList<QByteArray> refused = m_refused;
    // Only each job's state: whole jobs (multiGet) cost Redis as much as their data and history.
    m_session->client()->jobReads().jobStates(
        refused, this, [this, refused](const QlessReply<QList<std::optional<Job>>> &reply) {
            if (!reply.ok()) {
                if (troubleOf(reply.error) == Trouble::Connection) {
                    pause(reply.error, [this] { explainRefusals(); });
                    return;
                }
                for (const QByteArray &jid : refused)
                    m_summary.addFailed(tr("refused; could not be checked (%1)").arg(reply.error.message), jid);
            } else {
                for (qsizetype i = 0; i < refused.size(); ++i) {
                    const std::optional<Job> &job = reply.value.value(i);
                    const Job *read = job ? &*job : nullptr;
                    // Said now, after the fact: what the job is as read back, else the bare refusal.
                    QString why = m_action.whyNotApplicable(read);
                    if (why.isEmpty())
                        why = read == nullptr || read->isMissing() ? tr("job no longer exists")
                                                                   : tr("refused by the server");
                    m_summary.addSkipped(why, refused.at(i));
                }
            }
            m_refused.clear();
            emit progressed();
            runJobBatch();
        });
}
