// SPDX-License-Identifier: GPL-3.0-or-later
#include "perjobsteps.h"

#include "bulkrun.h"
#include "bulkruncontrol.h"
#include "bulkrunner.h"
#include "bulktrouble.h"
#include "job.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

PerJobSteps::PerJobSteps(BulkRun &run, BulkRunControl &control)
    : m_run(run)
    , m_control(control)
    , m_receipts(run, control)
    , m_collector(run, control, [this](QList<QByteArray> jids) { startJobs(std::move(jids)); })
{}

void PerJobSteps::startWithJids()
{
    m_collector.takeSelection();
}

void PerJobSteps::startCollecting()
{
    m_collector.startCollecting();
}

void PerJobSteps::explainDoubt()
{
    // Steps whose reply was lost stay unknown; the summary says so rather than guess.
    for (const QByteArray &jid : std::as_const(m_unsettled))
        m_run.summary.addFailed(BulkRunner::tr("unknown: the connection dropped before the reply"), jid);
    if (!m_unsettled.isEmpty() && m_run.summary.stoppedBecause.isEmpty()) {
        // Their receipts go with the rest of the run's (nothing of a run stays in Redis): the
        // jobs themselves say what became of them.
        m_run.summary.stoppedBecause =
            BulkRunner::tr("The steps of %n job(s) may or may not have run: the connection dropped "
                           "before their replies. Look at those jobs to see whether they were "
                           "changed.",
                           nullptr, int(m_unsettled.size()));
    }
    m_receipts.keepUnknown(m_unsettled);
    m_unsettled.clear();
    m_receipts.abandonRecheck();
}

QList<QByteArray> PerJobSteps::takeReceiptKeys()
{
    QList<QByteArray> keys;
    if (!m_stepsSent)
        return keys;
    // Everything that may hold a receipt: steps answered and not released, steps in flight
    // (the end goes after them on the one connection), replies lost, steps counted before a
    // restart.
    QList<QByteArray> jids = m_receipts.takeUnreleased() + m_unsettled + m_receipts.unchecked();
    if (m_awaiting > 0)
        jids += m_inFlight;
    for (const QByteArray &jid : std::as_const(jids))
        keys.append(m_receipts.stepKey(jid));
    m_stepsSent = false;
    return keys;
}

void PerJobSteps::startJobs(QList<QByteArray> jids)
{
    m_jids = std::move(jids);
    m_run.summary.total = m_jids.size();
    m_control.beginWorking();
    m_control.reportProgress();
    runJobBatch();
}

void PerJobSteps::runJobBatch()
{
    if (m_run.restartPending) {
        m_receipts.recheck([this] {
            m_again += m_receipts.takeLost();
            runJobBatch();
        });
        return;
    }
    // The bound on the run's receipts: the steps of the batch just answered are released before
    // another step goes out, so Redis holds the receipts of at most one batch (m_run.batchSize, 500
    // by default: about 245 bytes each, some 120 KB) and the run's record, whatever the number
    // of jobs. (After a restart from an older snapshot the server may hold again those its
    // snapshot held: no more, since the bound held when it was taken.)
    if (m_receipts.hasUnreleased()) {
        m_receipts.release([this] { runJobBatch(); });
        return;
    }
    if (m_run.cancelRequested || !m_run.summary.stoppedBecause.isEmpty()) {
        m_control.finish();
        return;
    }
    const int size = m_run.fixedBatch ? m_run.batchSize : qMin(m_run.batchSize, m_window.size());
    QList<QByteArray> batch = m_again.mid(0, size);
    m_again.remove(0, batch.size());
    while (batch.size() < size && m_next < m_jids.size())
        batch.append(m_jids.at(m_next++));
    if (batch.isEmpty()) {
        m_control.finish();
        return;
    }
    sendSteps(batch);
}

void PerJobSteps::sendSteps(const QList<QByteArray> &jids)
{
    m_stepsSent = true;
    m_inFlight = jids;
    m_awaiting = int(jids.size());
    m_batchSteps = int(jids.size());
    // One unit at Redis (ConnectionSettings::oneUnitAtServer): the window bounds its time there.
    const RedisConnection::Unit unit;
    if (!m_run.fixedBatch)
        sendBatchClock(true);
    for (const QByteArray &jid : jids)
        sendStep(jid);
    if (!m_run.fixedBatch)
        sendBatchClock(false);
}

// TIME on the same connection as the steps: Redis answers it in order, just before the first
// step and just after the last, so the difference is Redis's time on them (and on any other
// client's calls in between), without the round trip.
void PerJobSteps::sendBatchClock(bool start)
{
    if (start) {
        ++m_batchClock;
        m_batchStartMicros = -1;
        m_clockPending = true;
        m_batchWall.start();
    }
    const quint64 batch = m_batchClock;
    // Bound: constant.
    m_run.session->connection()->send(RedisCommand::read({"TIME"}), m_control.replyContext(),
                                      [this, start, batch](const RedisReply &reply) {
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
                                          const bool onServer =
                                              micros >= 0 && m_batchStartMicros >= 0 && micros >= m_batchStartMicros;
                                          if (m_unsettled.isEmpty())
                                              m_window.measured(m_batchSteps, onServer
                                                                                  ? micros - m_batchStartMicros
                                                                                  : m_batchWall.nsecsElapsed() / 1000);
                                          if (m_awaiting == 0)
                                              batchAnswered(); // the steps were all answered and waited for this
                                      });
}

void PerJobSteps::sendStep(const QByteArray &jid)
{
    QlessClient *client = m_run.session->client();
    const QByteArray key = m_receipts.stepKey(jid);
    const auto onFlag = [this, jid](const QlessReply<bool> &reply) { stepAnswered(jid, reply.error, reply.value); };
    switch (m_run.action.kind) {
    case JobAction::Kind::Move:
        client->writes().move(jid, m_run.action.queue, m_run.action.onlyState, key, m_control.replyContext(), onFlag);
        break;
    case JobAction::Kind::Retry:
        // QlessWrites::retry's move: back into its own queue, only while failed.
        client->writes().move(jid, QString(), QStringLiteral("failed"), key, m_control.replyContext(), onFlag);
        break;
    case JobAction::Kind::Cancel:
        // Judged when it runs against how the job was listed: see cancelReason.
        client->writes().cancelStep(
            jid, m_run.target.listedRunning(jid), key, m_control.replyContext(),
            [this, jid](const QlessReply<QString> &reply) {
                if (reply.ok() && reply.value != QLatin1String("cancelled")) {
                    m_receipts.keep(jid, false);
                    m_run.summary.addSkipped(BulkRunner::cancelReason(reply.value, m_run.target.listedState(jid)), jid);
                    stepSettled();
                    return;
                }
                stepAnswered(jid, reply.error, reply.ok());
            });
        break;
    case JobAction::Kind::Priority:
        client->writes().setPriority(jid, m_run.action.priority, key, m_control.replyContext(), onFlag);
        break;
    case JobAction::Kind::Track: client->writes().track(jid, key, m_control.replyContext(), onFlag); break;
    case JobAction::Kind::Untrack: client->writes().untrack(jid, key, m_control.replyContext(), onFlag); break;
    case JobAction::Kind::Timeout: client->writes().timeout(jid, key, m_control.replyContext(), onFlag); break;
    case JobAction::Kind::AddTags:
    case JobAction::Kind::RemoveTags: {
        const auto onTags = [this, jid](const QlessReply<std::optional<QStringList>> &reply) {
            stepAnswered(jid, reply.error, reply.value.has_value());
        };
        if (m_run.action.kind == JobAction::Kind::AddTags)
            client->writes().addTags(jid, m_run.action.tags, key, m_control.replyContext(), onTags);
        else
            client->writes().removeTags(jid, m_run.action.tags, key, m_control.replyContext(), onTags);
        break;
    }
    }
}

void PerJobSteps::stepAnswered(const QByteArray &jid, const RedisError &error, bool applied)
{
    switch (bulkTroubleOf(error)) {
    case BulkTrouble::None:
        if (applied) {
            m_receipts.countDone(jid);
        } else {
            m_receipts.keep(jid, false);
            m_refused.append(jid);
        }
        break;
    case BulkTrouble::Connection:
        m_unsettled.append(jid);
        m_connectionTrouble = error;
        break;
    case BulkTrouble::Fatal:
        // Nothing later will run either: the rest is not attempted. This step too, unless it
        // may have written part of its change (refused by ACL partway through the script).
        if (m_run.summary.stoppedBecause.isEmpty())
            m_run.summary.stoppedBecause = error.message;
        if (error.certainlyNotRun())
            m_again.prepend(jid); // counted as not attempted
        else
            m_run.summary.addFailed(error.message, jid);
        break;
    case BulkTrouble::Refused:
        if (m_run.action.kind == JobAction::Kind::Cancel && error.message.contains(QLatin1String("is a dependency of")))
            m_run.summary.addSkipped(BulkRunner::hasDependentsReason(), jid);
        else
            m_run.summary.addFailed(error.message, jid);
        break;
    }
    stepSettled();
}

void PerJobSteps::stepSettled()
{
    if (--m_awaiting == 0) {
        m_inFlight.clear();
        batchAnswered();
    }
}

void PerJobSteps::batchAnswered()
{
    // The clock's reading after the steps is the next reply, and sizes the next batch. A batch
    // with a reply lost does not wait for it: after a dropped link it may come only once the
    // connection is back, and the run must say at once that it waits.
    if (m_clockPending && m_unsettled.isEmpty())
        return;
    m_clockPending = false;
    m_control.reportProgress();
    if (!m_unsettled.isEmpty()) {
        // Done or not, Redis knows: once it is back, the same steps go again under the same
        // receipts, and each reply is the first one's if the step had run.
        m_control.pause(m_connectionTrouble, [this] {
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

void PerJobSteps::explainRefusals()
{
    const QList<QByteArray> refused = m_refused;
    // Only each job's state: whole jobs (multiGet) cost Redis as much as their data and history.
    m_run.session->client()->jobReads().jobStates(
        refused, m_control.replyContext(), [this, refused](const QlessReply<QList<std::optional<Job>>> &reply) {
            if (!reply.ok()) {
                if (bulkTroubleOf(reply.error) == BulkTrouble::Connection) {
                    m_control.pause(reply.error, [this] { explainRefusals(); });
                    return;
                }
                for (const QByteArray &jid : refused)
                    m_run.summary.addFailed(
                        BulkRunner::tr("refused; could not be checked (%1)").arg(reply.error.message), jid);
            } else {
                for (qsizetype i = 0; i < refused.size(); ++i) {
                    const std::optional<Job> &job = reply.value.value(i);
                    const Job *read = job ? &*job : nullptr;
                    // Said now, after the fact: what the job is as read back, else the bare refusal.
                    QString why = m_run.action.whyNotApplicable(read);
                    if (why.isEmpty())
                        why = read == nullptr || read->isMissing() ? BulkRunner::tr("job no longer exists")
                                                                   : BulkRunner::tr("refused by the server");
                    m_run.summary.addSkipped(why, refused.at(i));
                }
            }
            m_refused.clear();
            m_control.reportProgress();
            runJobBatch();
        });
}
