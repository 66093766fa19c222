// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequebulkrun.h"

#include "auditrecord.h"
#include "bluequesession.h"
#include "bluequewriter.h"
#include "bulktrouble.h"
#include "qlesssession.h"

#include <algorithm>

namespace {
// The scripts' own words for a refusal, as BluequeWriter passes them on.
bool saysNoSuchTask(const QString &refusal)
{
    return refusal.startsWith(QLatin1String("no such task"));
}
} // namespace

BluequeBulkRun::BluequeBulkRun(BluequeSession *blueque, QlessSession *session, const BluequeAction &action,
                               QObject *parent)
    : BulkProgress(parent)
    , m_blueque(blueque)
    , m_session(session)
    , m_writer(blueque->writer())
    , m_action(action)
{
    m_summary.total = action.count();
    m_summary.items = BulkSummary::Items::Tasks;
    // Ids searched from the same end, nearest first, so a requeue call takes as many as it can.
    std::stable_sort(m_action.tasks.begin(), m_action.tasks.end(),
                     [](const BluequeTaskRef &a, const BluequeTaskRef &b) {
                         return a.nearerOldest() != b.nearerOldest() ? !a.nearerOldest() : a.depth() < b.depth();
                     });
    if (action.wholeList)
        m_summary.expected = action.expected;
}

BluequeBulkRun::~BluequeBulkRun()
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    m_summary.cancelled = true;
    audit(QStringLiteral("cancelled"),
          tr("Interrupted: the run was closed before its end (%1). Tasks of the call in flight may or may not "
             "have been changed.")
              .arg(m_summary.text()),
          m_summary.done);
}

double BluequeBulkRun::rate() const
{
    if (!m_clock.isValid())
        return 0;
    const double seconds = double(m_clock.elapsed()) / 1000.0;
    return seconds > 0 ? double(processed()) / seconds : 0;
}

void BluequeBulkRun::start()
{
    if (m_phase != Phase::Ready)
        return;
    audit(QStringLiteral("started"), describe(), 0);
    m_phase = Phase::Running;
    m_clock.start();
    emit phaseChanged(m_phase);
    next();
}

void BluequeBulkRun::cancel()
{
    if (m_phase == Phase::Finished)
        return;
    m_cancelRequested = true;
    if (m_phase == Phase::Ready) {
        finish();
        return;
    }
    emit progressed(); // "stopping after this call"
}

void BluequeBulkRun::next()
{
    if (m_phase == Phase::Finished)
        return;
    if (m_cancelRequested) {
        finish();
        return;
    }
    if (m_action.wholeList) {
        if (m_listLength >= 0 && m_seen >= m_listLength) {
            finish();
            return;
        }
        sendListStep();
        return;
    }
    if (m_nextTask >= m_action.tasks.size()) {
        finish();
        return;
    }
    if (m_action.kind == BluequeAction::Kind::Requeue)
        sendRequeueBatch();
    else
        sendOneTask();
}

void BluequeBulkRun::sendRequeueBatch()
{
    // Ids searched from the same end go together, as many as the walk budget allows (one at the
    // least: a single task deep in a huge list costs what it costs, docs/BLUEQUE.md).
    const bool fromOldest = m_action.tasks.at(m_nextTask).nearerOldest();
    QList<BluequeTaskRef> batch;
    qint64 walked = 0;
    for (qsizetype i = m_nextTask; i < m_action.tasks.size() && batch.size() < BluequeWriter::RequeueIdsPerCall; ++i) {
        const BluequeTaskRef &task = m_action.tasks.at(i);
        if (task.nearerOldest() != fromOldest || (!batch.isEmpty() && walked + task.depth() + 1 > WalkBudget))
            break;
        walked += task.depth() + 1;
        batch << task;
    }
    m_nextTask += batch.size();
    QList<QByteArray> ids;
    for (const BluequeTaskRef &task : std::as_const(batch))
        ids << task.id;
    ++m_calls;
    m_largestStep = qMax(m_largestStep, int(ids.size()));
    m_writer->requeue(m_action.queue, m_blueque->now(), fromOldest, ids, this,
                      [this, ids](const QlessReply<QList<QByteArray>> &reply) {
                          if (!reply.ok()) {
                              callFailed(reply.error, ids.size());
                              return;
                          }
                          for (qsizetype i = 0; i < ids.size(); ++i) {
                              const QByteArray &outcome = reply.value.at(i);
                              if (outcome == "requeued")
                                  ++m_summary.done;
                              else
                                  m_summary.addSkipped(requeueSkipReason(outcome), ids.at(i));
                          }
                          emit progressed();
                          next();
                      });
}

void BluequeBulkRun::sendOneTask()
{
    const BluequeTaskRef task = m_action.tasks.at(m_nextTask++);
    ++m_calls;
    m_largestStep = qMax(m_largestStep, 1);
    auto answered = [this, task](const QlessReply<bool> &reply) { oneTaskAnswered(task, reply); };
    switch (m_action.kind) {
    case BluequeAction::Kind::RunNow: m_writer->runNow(task.id, m_blueque->now(), this, answered); break;
    default: m_writer->deleteTask(task.id, m_action.state, task.nearerOldest(), this, answered); break;
    }
}

void BluequeBulkRun::oneTaskAnswered(const BluequeTaskRef &task, const QlessReply<bool> &reply)
{
    if (reply.ok()) {
        ++m_summary.done;
    } else if (reply.error.kind == RedisError::Kind::ScriptError) {
        // The script refused before writing anything: the task changed since it was listed.
        m_summary.addSkipped(skipReason(m_action.kind, reply.error.message), task.id);
    } else {
        callFailed(reply.error, 1);
        return;
    }
    emit progressed();
    next();
}

void BluequeBulkRun::sendListStep()
{
    const int most =
        m_action.kind == BluequeAction::Kind::Requeue ? BluequeWriter::RequeueAllStep : BluequeWriter::PurgeStep;
    // Never past the entries the list held at the first step: newer ones stay for the operator.
    const int asked = int(m_listLength < 0 ? most : qMin<qint64>(most, m_listLength - m_seen));
    ++m_calls;
    m_largestStep = qMax(m_largestStep, asked);
    auto answered = [this, asked](const QlessReply<BluequeStep> &reply) { listStepAnswered(reply, asked); };
    if (m_action.kind == BluequeAction::Kind::Requeue)
        m_writer->requeueAllStep(m_action.queue, m_blueque->now(), asked, this, answered);
    else
        m_writer->purgeStep(m_action.queue, m_action.state, asked, this, answered);
}

void BluequeBulkRun::listStepAnswered(const QlessReply<BluequeStep> &reply, int asked)
{
    if (!reply.ok()) {
        callFailed(reply.error, asked);
        return;
    }
    const BluequeStep &step = reply.value;
    const qint64 seen = step.done + step.other;
    if (m_listLength < 0) {
        m_listLength = seen + step.remaining;
        m_summary.collected = m_listLength;
        m_summary.total = m_listLength;
    }
    m_seen += seen;
    m_summary.done += step.done;
    if (step.other > 0) {
        m_summary.addSkipped(m_action.kind == BluequeAction::Kind::Requeue
                                 ? tr("left in the failed list: its task is gone, in another queue or not failed")
                                 : tr("list entry removed, its task kept: gone, in another queue or in another state"),
                             {}, step.other);
    }
    emit progressed();
    if (seen == 0 && m_seen < m_listLength) {
        // The list emptied before the pass saw what it held at the start: another client took
        // those entries meanwhile. They are not this run's to count.
        m_summary.notes << tr("%n task(s) left the list meanwhile, taken by another client", nullptr,
                              int(m_listLength - m_seen));
        m_listLength = m_seen;
        m_summary.total = m_seen;
    }
    next();
}

void BluequeBulkRun::callFailed(const RedisError &error, qint64 tasks)
{
    switch (bulkTroubleOf(error)) {
    case BulkTrouble::Connection:
        m_summary.stoppedBecause = tr("the connection failed: %1").arg(error.message);
        m_summary.notes << tr("The reply of the last call was lost: its %n task(s) may or may not have been changed, "
                              "and are counted as not attempted",
                              nullptr, int(tasks));
        break;
    case BulkTrouble::Fatal:
    case BulkTrouble::Refused:
    case BulkTrouble::None: m_summary.stoppedBecause = error.message; break;
    }
    finish();
}

void BluequeBulkRun::finish()
{
    if (m_phase == Phase::Finished)
        return;
    m_summary.cancelled = m_cancelRequested;
    m_phase = Phase::Finished;
    emit phaseChanged(m_phase);
    audit(m_summary.outcome(), m_summary.text(), m_summary.done);
    emit progressed();
    emit finished(m_summary);
}

void BluequeBulkRun::audit(const QString &outcome, const QString &message, qint64 count)
{
    AuditRecord record;
    record.action = m_action.name();
    record.arguments = m_action.arguments();
    record.count = count;
    record.outcome = outcome;
    record.message = message;
    m_session->audit(record);
}

QString BluequeBulkRun::skipReason(BluequeAction::Kind kind, const QString &refusal)
{
    if (saysNoSuchTask(refusal))
        return tr("already gone");
    if (refusal.startsWith(QLatin1String("state is "))) {
        const QString now = refusal.mid(9);
        if (kind == BluequeAction::Kind::Cancel
            && (now == QLatin1String("reserved") || now == QLatin1String("started")))
            return tr("taken by a listener meanwhile (now %1): Blueque cannot stop it, left to run").arg(now);
        return tr("in another state now (%1)").arg(now);
    }
    if (refusal.startsWith(QLatin1String("not in its list")))
        return kind == BluequeAction::Kind::Cancel ? tr("taken by a listener meanwhile: left to run")
                                                   : tr("not in its list");
    if (refusal.startsWith(QLatin1String("not scheduled")))
        return tr("not in the scheduled set (moved meanwhile)");
    return refusal;
}

QString BluequeBulkRun::requeueSkipReason(const QByteArray &outcome)
{
    if (outcome == "missing")
        return tr("already gone");
    if (outcome == "wrong-queue")
        return tr("belongs to another queue");
    if (outcome.startsWith("not-failed:"))
        return tr("no longer failed (now %1)").arg(QString::fromUtf8(outcome.mid(11)));
    if (outcome == "not-listed")
        return tr("not in the failed list");
    return QString::fromUtf8(outcome);
}
