// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobbulkrun.h"

#include "auditrecord.h"
#include "bulktrouble.h"
#include "qlesssession.h"
#include "sidejobclient.h"
#include "sidejobsession.h"
#include "sidejobwriter.h"

#include <QTimer>

SideJobBulkRun::SideJobBulkRun(SideJobSession *sidejob, QlessSession *session, const SideJobAction &action,
                               QObject *parent)
    : BulkProgress(parent)
    , m_sidejob(sidejob)
    , m_session(session)
    , m_writer(sidejob->writer())
    , m_action(action)
{
    m_summary.total = action.count();
}

SideJobBulkRun::~SideJobBulkRun()
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    m_summary.cancelled = true;
    audit(QStringLiteral("cancelled"),
          tr("Interrupted: the run was closed before its end (%1). Jobs of the call in flight may or may not have "
             "been changed.")
              .arg(m_summary.text()),
          m_summary.done);
}

double SideJobBulkRun::rate() const
{
    if (!m_clock.isValid())
        return 0;
    const double seconds = double(m_clock.elapsed()) / 1000.0;
    return seconds > 0 ? double(processed()) / seconds : 0;
}

void SideJobBulkRun::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void SideJobBulkRun::start()
{
    if (m_phase != Phase::Ready)
        return;
    audit(QStringLiteral("started"), describe(), 0);
    if (m_action.walksSubtree()) {
        QList<QByteArray> tops;
        for (const SideJobRef &job : std::as_const(m_action.jobs))
            tops << job.id;
        m_walk = new SideJobSubtreeWalk(m_sidejob->client(), m_sidejob->now(), tops, this);
        connect(m_walk, &SideJobSubtreeWalk::progressed, this, &BulkProgress::progressed);
        connect(m_walk, &SideJobSubtreeWalk::done, this, &SideJobBulkRun::walked);
        connect(m_walk, &SideJobSubtreeWalk::failed, this, [this](const RedisError &error) {
            if (bulkTroubleOf(error) == BulkTrouble::Connection && !m_cancelRequested) {
                pause(error, [this] { m_walk->resume(); });
                return;
            }
            m_summary.stoppedBecause = tr("reading the subtree failed: %1").arg(error.message);
            finish();
        });
        setPhase(Phase::Collecting);
        m_walk->start();
        return;
    }
    // Chosen jobs, in the order chosen, up to 100 of one layout a call.
    QString notJson;
    const bool badValue =
        m_action.kind == SideJobAction::Kind::WriteInput
        && (!SideJobAction::validJson(m_action.value, &notJson) || !SideJobAction::validPortName(m_action.port));
    for (const SideJobRef &job : std::as_const(m_action.jobs)) {
        if (badValue) {
            // Checked here too, so that no caller can send a value the script would refuse.
            m_summary.addSkipped(notJson.isEmpty() ? tr("not a port name") : notJson, job.id);
            continue;
        }
        if (job.layout != QLatin1String("4.1") && job.layout != QLatin1String("4.0")) {
            m_summary.addSkipped(tr("no job record (being created, or not a SideJob key)"), job.id);
            continue;
        }
        const int most = m_action.kind == SideJobAction::Kind::WriteInput ? 1 : SideJobWriter::IdsPerCall;
        if (m_units.isEmpty() || m_units.last().layout != job.layout || m_units.last().ids.size() >= most)
            m_units << Unit{{}, job.layout, 0};
        m_units.last().ids << job.id;
        m_units.last().jobs += 1;
    }
    setPhase(Phase::Running);
    m_clock.start();
    next();
}

void SideJobBulkRun::cancel()
{
    if (m_phase == Phase::Finished)
        return;
    m_cancelRequested = true;
    if (m_phase == Phase::Ready || m_phase == Phase::Paused) {
        finish();
        return;
    }
    emit progressed(); // "stopping after this call"
}

void SideJobBulkRun::walked()
{
    if (m_cancelRequested) {
        m_summary.total = m_walk->jobs().size();
        finish();
        return;
    }
    m_summary.collected = m_walk->jobs().size();
    m_summary.total = m_walk->jobs().size();
    if (m_action.kind == SideJobAction::Kind::DeleteTerminated)
        planDelete();
    else
        planTerminate();
    setPhase(Phase::Running);
    m_clock.start();
    emit progressed();
    next();
}

void SideJobBulkRun::planTerminate()
{
    // Walk order: parents before children, as the library's recursive terminate goes.
    for (const SideJobWalkedJob &job : m_walk->jobs()) {
        if (!job.inJobs) {
            m_summary.addSkipped(tr("not in jobs (deleted, or named by a parent but never created)"), job.id);
            continue;
        }
        if (job.layout != QLatin1String("4.1") && job.layout != QLatin1String("4.0")) {
            m_summary.addSkipped(tr("no job record (being created, or not a SideJob key)"), job.id);
            continue;
        }
        if (job.status == QLatin1String("terminated")) {
            m_summary.addSkipped(tr("already terminated"), job.id);
            continue;
        }
        if (m_units.isEmpty() || m_units.last().layout != job.layout
            || m_units.last().ids.size() >= SideJobWriter::IdsPerCall)
            m_units << Unit{{}, job.layout, 0};
        m_units.last().ids << job.id;
        m_units.last().jobs += 1;
    }
}

void SideJobBulkRun::next()
{
    if (m_phase == Phase::Finished)
        return;
    if (m_cancelRequested || m_nextUnit >= m_units.size()) {
        finish();
        return;
    }
    const qsizetype at = m_nextUnit++;
    if (!m_unitRoot.isEmpty() && m_kept.value(m_unitRoot.at(at))) {
        // A delete whose descendant could not be deleted: the job stays, with its parent.
        const QByteArray &id = m_units.at(at).ids.first();
        m_summary.addSkipped(tr("kept: a descendant could not be deleted"), id, m_units.at(at).jobs);
        const int parent = m_walk->jobs().at(m_unitRoot.at(at)).parent;
        if (parent >= 0)
            m_kept[parent] = true;
        emit progressed();
        QTimer::singleShot(0, this, &SideJobBulkRun::next);
        return;
    }
    send(m_units.at(at));
}

void SideJobBulkRun::send(const Unit &unit)
{
    ++m_calls;
    const double now = m_sidejob->now();
    auto done = [this, unit](const QlessReply<QList<QByteArray>> &reply) { answered(unit, reply); };
    switch (m_action.kind) {
    case SideJobAction::Kind::Run: m_writer->run(now, unit.layout, false, unit.ids, this, done); break;
    case SideJobAction::Kind::ForceRun: m_writer->run(now, unit.layout, true, unit.ids, this, done); break;
    case SideJobAction::Kind::Terminate:
    case SideJobAction::Kind::TerminateSubtree: m_writer->terminate(now, unit.layout, unit.ids, this, done); break;
    case SideJobAction::Kind::DeleteTerminated:
        m_writer->deleteTerminated(unit.layout, SideJobWriter::DeleteLimit, unit.ids.first(), this, done);
        break;
    case SideJobAction::Kind::WriteInput:
        m_writer->writeInput(now, unit.layout, unit.ids.first(), m_action.port, m_action.value, this, done);
        break;
    }
}

void SideJobBulkRun::answered(const Unit &unit, const QlessReply<QList<QByteArray>> &reply)
{
    if (!reply.ok()) {
        callFailed(reply.error, unit);
        return;
    }
    if (m_action.kind == SideJobAction::Kind::DeleteTerminated) {
        const QByteArray &outcome = reply.value.first();
        if (outcome.startsWith("deleted:")) {
            m_summary.done += outcome.mid(8).toLongLong();
        } else {
            m_summary.addSkipped(skipReason(outcome), unit.ids.first(), unit.jobs);
            const int parent = m_walk->jobs().at(m_unitRoot.at(m_nextUnit - 1)).parent;
            if (parent >= 0)
                m_kept[parent] = true;
        }
    } else {
        for (qsizetype i = 0; i < unit.ids.size(); ++i)
            countOutcome(unit.ids.at(i), reply.value.at(i), 1);
    }
    emit progressed();
    next();
}

bool SideJobBulkRun::isDone(const QByteArray &outcome) const
{
    return outcome.startsWith("queued") || outcome.startsWith("terminating") || outcome.startsWith("written:")
           || outcome == "terminated:no-worker-class";
}

void SideJobBulkRun::countOutcome(const QByteArray &id, const QByteArray &outcome, qint64 jobs)
{
    if (!isDone(outcome)) {
        m_summary.addSkipped(skipReason(outcome), id, jobs);
        return;
    }
    m_summary.done += jobs;
    const QString note = tr("Jobs whose class is no longer registered were set terminated at once, without their "
                            "shutdown, as the library does.");
    if (outcome == "terminated:no-worker-class" && !m_summary.notes.contains(note))
        m_summary.notes << note;
}

QString SideJobBulkRun::skipReason(const QByteArray &outcome)
{
    if (outcome == "not-found")
        return tr("not in jobs (deleted meanwhile)");
    if (outcome.startsWith("wrong-status:terminated"))
        return tr("already terminated");
    if (outcome.startsWith("wrong-status:"))
        return tr("its status (%1) does not allow a run without forcing").arg(QString::fromUtf8(outcome.mid(13)));
    if (outcome.startsWith("wrong-layout:"))
        return tr("stored in another layout than listed (%1)").arg(QString::fromUtf8(outcome.mid(13)));
    if (outcome == "no-record")
        return tr("no job record (being created)");
    if (outcome == "bad-record")
        return tr("its record cannot be read");
    if (outcome == "no-worker-class")
        return tr("its class is no longer registered for its queue: the library would terminate it");
    if (outcome == "no-port")
        return tr("no such input port");
    if (outcome == "bad-port")
        return tr("not a port name");
    if (outcome == "bad-json")
        return tr("the value is not JSON");
    if (outcome.startsWith("not-terminated:"))
        return tr("not deleted: a job of its tree is not terminated now");
    if (outcome.startsWith("locked:"))
        return tr("not deleted: a worker holds a lock in its tree");
    if (outcome.startsWith("missing-child:"))
        return tr("not deleted: its tree names a child that is not in jobs");
    if (outcome == "too-many")
        return tr("not deleted: its tree grew meanwhile");
    return QString::fromUtf8(outcome);
}

void SideJobBulkRun::finish()
{
    if (m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resume);
    m_summary.cancelled = m_cancelRequested;
    setPhase(Phase::Finished);
    audit(m_summary.outcome(), m_summary.text(), m_summary.done);
    emit progressed();
    emit finished(m_summary);
}

void SideJobBulkRun::audit(const QString &outcome, const QString &message, qint64 count)
{
    AuditRecord record;
    record.action = m_action.name();
    record.arguments = m_action.arguments();
    record.count = count;
    record.outcome = outcome;
    record.message = message;
    m_session->audit(record);
}
