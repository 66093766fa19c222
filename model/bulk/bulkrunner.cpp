// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "groupbatches.h"
#include "perjobsteps.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <QJsonArray>
#include <QTimer>
#include <QUuid>

namespace {
constexpr int collectPageSize = 1000;
} // namespace

BulkRunner::BulkRunner(QlessSession *session, const JobAction &action, const BulkTarget &target, QObject *parent)
    : BulkProgress(parent)
{
    m_run.session = session;
    m_run.action = action;
    m_run.target = target;
    m_run.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // A failure group is done on the server only for what the failedaction script knows; any
    // other action on a whole group goes job by job over the group's list.
    const bool groupAction = m_run.action.kind == JobAction::Kind::Retry || m_run.action.kind == JobAction::Kind::Move
                             || m_run.action.kind == JobAction::Kind::Cancel;
    if (m_run.target.kind == BulkTarget::Kind::FailureGroup && !groupAction) {
        const QString description = m_run.target.description;
        m_run.target = BulkTarget::ofSource(JobSource::failureGroup(session->client(), m_run.target.group),
                                            m_run.target.expected, description);
    }
    BulkRunControl &control = *this;
    if (m_run.target.kind == BulkTarget::Kind::FailureGroup)
        m_group = std::make_unique<GroupBatches>(m_run, control);
    else
        m_steps = std::make_unique<PerJobSteps>(m_run, control);
    connect(session->connection(), &RedisConnection::serverRestarted, this, &BulkRunner::serverRestarted);
}

BulkRunner::~BulkRunner()
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resumeConnection);
    endReceipts();
    m_run.summary.cancelled = true;
    audit(QStringLiteral("cancelled"),
          tr("Interrupted: the run was closed before its end (%1). Jobs of a batch in flight may or may not "
             "have been done.")
              .arg(m_run.summary.text()),
          m_run.summary.done);
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

QString BulkRunner::hasDependentsReason()
{
    return tr("has dependents");
}

qint64 BulkRunner::collected() const
{
    return m_steps ? m_steps->collected() : 0;
}

double BulkRunner::rate() const
{
    if (!m_clock.isValid())
        return 0;
    const double seconds = double(m_clock.elapsed()) / 1000.0;
    return seconds > 0 ? double(processed()) / seconds : 0;
}

QString BulkRunner::describe() const
{
    return tr("%1: %2").arg(m_run.action.describe(), m_run.target.description);
}

void BulkRunner::start()
{
    if (m_phase != Phase::Ready)
        return;
    audit(QStringLiteral("started"), describe(), 0);
    switch (m_run.target.kind) {
    case BulkTarget::Kind::Jids: m_steps->startWithJids(); break;
    case BulkTarget::Kind::Source:
        setPhase(Phase::Collecting);
        m_steps->startCollecting();
        break;
    case BulkTarget::Kind::FailureGroup:
        setPhase(Phase::Running);
        m_clock.start();
        m_group->start();
        break;
    }
}

void BulkRunner::cancel()
{
    if (m_phase == Phase::Finished)
        return;
    const bool first = !m_run.cancelRequested;
    m_run.cancelRequested = true;
    // Nothing in flight while paused or not started: stop now. What may or may not have run
    // stays unknown; the summary says so rather than guess.
    if (m_phase == Phase::Paused || m_phase == Phase::Ready) {
        if (m_steps)
            m_steps->explainDoubt();
        if (m_group)
            m_group->explainDoubt();
        finish();
        return;
    }
    if (first)
        emit progressed(); // "stopping after this batch"
}

void BulkRunner::beginWorking()
{
    setPhase(Phase::Running);
    m_clock.start();
}

void BulkRunner::setPhase(Phase phase)
{
    if (m_phase == phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void BulkRunner::pause(const RedisError &why, std::function<void()> resume)
{
    const Phase before = m_phase;
    m_pauseReason = tr("Waiting for the connection: %1").arg(why.message);
    setPhase(Phase::Paused);
    emit progressed();
    // Each pause resumes once: a timer or signal left over from an earlier pause does nothing.
    const quint64 pauseId = ++m_pauseId;
    auto go = [this, before, resume, pauseId] {
        if (pauseId != m_pauseId || m_phase != Phase::Paused)
            return;
        QObject::disconnect(m_resumeConnection);
        m_pauseReason.clear();
        setPhase(before);
        resume();
    };
    QObject::disconnect(m_resumeConnection);
    m_resumeConnection = connect(m_run.session, &QlessSession::stateChanged, this, [go](const ConnectionState &state) {
        if (state.phase == ConnectionState::Phase::Ready)
            go();
    });
    // Already back (it reconnected before this reply was judged), or a server that is loading or
    // busy: try again shortly. If it is still down, the requests wait in the connection's queue
    // or fail, and the run pauses again.
    if (m_run.session->state().phase == ConnectionState::Phase::Ready)
        QTimer::singleShot(500, this, go);
}

void BulkRunner::finish()
{
    if (m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resumeConnection);
    endReceipts();
    m_run.summary.cancelled = m_run.cancelRequested;
    setPhase(Phase::Finished);
    audit(m_run.summary.outcome(), m_run.summary.text(), m_run.summary.done);
    emit progressed();
    emit finished(m_run.summary);
}

void BulkRunner::audit(const QString &outcome, const QString &message, qint64 count)
{
    AuditRecord record;
    record.action = m_run.action.name();
    record.arguments = m_run.action.arguments();
    switch (m_run.target.kind) {
    case BulkTarget::Kind::Jids:
        if (m_run.target.jids.size() <= 20) {
            QJsonArray jids;
            for (const QByteArray &jid : std::as_const(m_run.target.jids))
                jids.append(QString::fromUtf8(jid));
            record.arguments.insert(QStringLiteral("jids"), jids);
        }
        break;
    case BulkTarget::Kind::Source:
        record.arguments.insert(QStringLiteral("list"), m_run.target.source.description);
        break;
    case BulkTarget::Kind::FailureGroup: record.arguments.insert(QStringLiteral("group"), m_run.target.group); break;
    }
    record.arguments.insert(QStringLiteral("jobs"), m_run.target.count());
    record.arguments.insert(QStringLiteral("run"), m_run.runId);
    record.count = count;
    record.outcome = outcome;
    record.message = message;
    m_run.session->audit(record);
}
