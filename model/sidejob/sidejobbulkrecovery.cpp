// SPDX-License-Identifier: GPL-3.0-or-later
// SideJobBulkRun's delete plan and what it does when a call fails: a lost reply looked up after
// the connection is back, so that nothing is done twice.
#include "bulktrouble.h"
#include "qlesssession.h"
#include "sidejobbulkrun.h"
#include "sidejobclient.h"
#include "sidejobsession.h"
#include "sidejobwriter.h"

#include <QTimer>

void SideJobBulkRun::planDelete()
{
    const QList<SideJobWalkedJob> &jobs = m_walk->jobs();
    const qsizetype n = jobs.size();
    // Each chosen job's tree is deleted whole or not at all: one job that is not terminated,
    // locked, missing or stored in another layout keeps its whole tree, before anything is sent.
    QList<int> top(n);
    QList<QByteArray> blocker(n);
    for (qsizetype i = 0; i < n; ++i)
        top[i] = jobs.at(i).parent < 0 ? int(i) : top.at(jobs.at(i).parent);
    QHash<int, QString> why;
    for (qsizetype i = 0; i < n; ++i) {
        const SideJobWalkedJob &job = jobs.at(i);
        const SideJobWalkedJob &root = jobs.at(top.at(i));
        QString reason;
        if (!job.inJobs)
            reason = i == top.at(i) ? tr("not in jobs (deleted meanwhile)")
                                    : tr("not deleted: its tree names a child that is not in jobs");
        else if (job.status != QLatin1String("terminated"))
            reason = i == top.at(i) ? tr("not terminated (%1): only a terminated tree is deleted").arg(job.status)
                                    : tr("not deleted: a job of its tree is not terminated");
        else if (job.locked)
            reason = tr("not deleted: a worker holds a lock in its tree");
        else if (job.layout != root.layout)
            reason = tr("not deleted: its tree mixes layouts 4.0 and 4.1");
        if (!reason.isEmpty() && !why.contains(top.at(i))) {
            why.insert(top.at(i), reason);
            blocker[top.at(i)] = job.id;
        }
    }
    // Subtree sizes, children before parents (a parent is always read before its children).
    QList<qint64> size(n, 1);
    for (qsizetype i = n - 1; i >= 0; --i) {
        if (jobs.at(i).parent >= 0)
            size[jobs.at(i).parent] += size.at(i);
    }
    for (auto it = why.cbegin(); it != why.cend(); ++it)
        m_summary.addSkipped(it.value(), blocker.at(it.key()), size.at(it.key()));
    // From the leaves up: a subtree of at most 64 jobs is one call; a job with a bigger subtree is
    // deleted alone once its children are gone.
    m_kept = QList<bool>(n, false);
    for (qsizetype i = n - 1; i >= 0; --i) {
        if (why.contains(top.at(i)))
            continue;
        const int parent = jobs.at(i).parent;
        const bool unitRoot =
            size.at(i) <= SideJobWriter::DeleteLimit && (parent < 0 || size.at(parent) > SideJobWriter::DeleteLimit);
        if (!unitRoot && size.at(i) <= SideJobWriter::DeleteLimit)
            continue; // inside a smaller subtree deleted in one call
        m_units << Unit{{jobs.at(i).id}, jobs.at(i).layout, unitRoot ? size.at(i) : 1};
        m_unitRoot << int(i);
    }
}

void SideJobBulkRun::callFailed(const RedisError &error, const Unit &unit)
{
    if (bulkTroubleOf(error) != BulkTrouble::Connection) {
        m_summary.stoppedBecause = error.message;
        finish();
        return;
    }
    if (m_action.kind == SideJobAction::Kind::WriteInput) {
        // RPUSH is not idempotent: a second write would add a second value.
        m_summary.addFailed(tr("the reply was lost with the connection: whether the value was written is not known "
                               "(look at the port); not sent again"),
                            unit.ids.first());
        m_summary.stoppedBecause = tr("the connection failed: %1").arg(error.message);
        finish();
        return;
    }
    pause(error, [this, unit] { lookUp(unit, 0, {}); });
}

void SideJobBulkRun::pause(const RedisError &why, std::function<void()> resume)
{
    const Phase before = m_phase;
    m_pauseReason = tr("Waiting for the connection: %1").arg(why.message);
    setPhase(Phase::Paused);
    emit progressed();
    const quint64 pauseId = ++m_pauseId;
    auto go = [this, before, resume, pauseId] {
        if (pauseId != m_pauseId || m_phase != Phase::Paused)
            return;
        QObject::disconnect(m_resume);
        m_pauseReason.clear();
        setPhase(before);
        resume();
    };
    QObject::disconnect(m_resume);
    m_resume = connect(m_session, &QlessSession::stateChanged, this, [go](const ConnectionState &state) {
        if (state.phase == ConnectionState::Phase::Ready)
            go();
    });
    // Already back, or still down: try shortly; a read that fails again pauses again.
    if (m_session->state().phase == ConnectionState::Phase::Ready)
        QTimer::singleShot(500, this, go);
}

bool SideJobBulkRun::leftAsAsked(const SideJobRecord &record) const
{
    switch (m_action.kind) {
    case SideJobAction::Kind::Run:
    case SideJobAction::Kind::ForceRun:
        return record.status == QLatin1String("queued") || record.status == QLatin1String("running");
    case SideJobAction::Kind::Terminate:
    case SideJobAction::Kind::TerminateSubtree:
        return record.status == QLatin1String("terminating") || record.status == QLatin1String("terminated");
    case SideJobAction::Kind::DeleteTerminated: return !record.inJobs;
    case SideJobAction::Kind::WriteInput: return false;
    }
    return false;
}

void SideJobBulkRun::lookUp(const Unit &unit, qsizetype at, QList<QByteArray> again)
{
    if (at >= unit.ids.size()) {
        // Jobs the lost call left as they were go again, in a call of their own.
        if (!again.isEmpty()) {
            Unit rest{again, unit.layout,
                      m_action.kind == SideJobAction::Kind::DeleteTerminated ? unit.jobs : again.size()};
            m_units.insert(m_nextUnit, rest);
            if (!m_unitRoot.isEmpty())
                m_unitRoot.insert(m_nextUnit, m_unitRoot.at(m_nextUnit - 1));
        }
        emit progressed();
        next();
        return;
    }
    if (m_cancelRequested) {
        finish();
        return;
    }
    ++m_lookups;
    const QByteArray id = unit.ids.at(at);
    m_sidejob->client()->jobRecord(id, m_sidejob->now(), this,
                                   [this, unit, at, id, again](const QlessReply<SideJobRecord> &reply) mutable {
                                       if (!reply.ok()) {
                                           if (bulkTroubleOf(reply.error) == BulkTrouble::Connection) {
                                               pause(reply.error, [this, unit, at, again] { lookUp(unit, at, again); });
                                               return;
                                           }
                                           m_summary.stoppedBecause = reply.error.message;
                                           finish();
                                           return;
                                       }
                                       if (leftAsAsked(reply.value)) {
                                           m_summary.done +=
                                               m_action.kind == SideJobAction::Kind::DeleteTerminated ? unit.jobs : 1;
                                           const QString note =
                                               tr("A reply was lost with the connection: its jobs were looked up "
                                                  "afterwards, those already changed counted done, the others "
                                                  "sent again.");
                                           if (!m_summary.notes.contains(note))
                                               m_summary.notes << note;
                                       } else {
                                           again << id;
                                       }
                                       lookUp(unit, at + 1, again);
                                   });
}
