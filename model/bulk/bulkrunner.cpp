// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

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
    : QObject(parent)
    , m_session(session)
    , m_action(action)
    , m_target(target)
    , m_runId(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    // A failure group is done on the server only for what the failedaction script knows; any
    // other action on a whole group goes job by job over the group's list.
    const bool groupAction = m_action.kind == JobAction::Kind::Retry || m_action.kind == JobAction::Kind::Move
                             || m_action.kind == JobAction::Kind::Cancel;
    if (m_target.kind == BulkTarget::Kind::FailureGroup && !groupAction) {
        const QString description = m_target.description;
        m_target = BulkTarget::ofSource(JobSource::failureGroup(session->client(), m_target.group), m_target.expected,
                                        description);
    }
    connect(session->connection(), &RedisConnection::serverRestarted, this, &BulkRunner::serverRestarted);
}

BulkRunner::~BulkRunner()
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resumeConnection);
    endReceipts();
    m_summary.cancelled = true;
    audit(QStringLiteral("cancelled"),
          tr("Interrupted: the run was closed before its end (%1). Jobs of a batch in flight may or may not "
             "have been done.")
              .arg(m_summary.text()),
          m_summary.done);
}

QString BulkRunner::hasDependentsReason()
{
    return tr("has dependents");
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
    return tr("%1: %2").arg(m_action.describe(), m_target.description);
}

void BulkRunner::start()
{
    if (m_phase != Phase::Ready)
        return;
    audit(QStringLiteral("started"), describe(), 0);
    switch (m_target.kind) {
    case BulkTarget::Kind::Jids:
        for (const QByteArray &jid : std::as_const(m_target.jids)) {
            if (!m_seen.contains(jid)) {
                m_seen.insert(jid);
                m_jids.append(jid);
            }
        }
        startJobs();
        break;
    case BulkTarget::Kind::Source:
        setPhase(Phase::Collecting);
        if (m_target.source.scan)
            collectChunk();
        else
            collectPage();
        break;
    case BulkTarget::Kind::FailureGroup:
        setPhase(Phase::Running);
        m_clock.start();
        if (m_target.expected < 0)
            readGroupSize();
        else {
            m_summary.total = m_target.expected;
            sendGroupBatches();
        }
        break;
    }
}

void BulkRunner::cancel()
{
    if (m_phase == Phase::Finished)
        return;
    const bool first = !m_cancelRequested;
    m_cancelRequested = true;
    // Nothing in flight while paused or not started: stop now. Steps whose reply was lost stay
    // unknown; the summary says so rather than guess.
    if (m_phase == Phase::Paused || m_phase == Phase::Ready) {
        for (const QByteArray &jid : std::as_const(m_unsettled))
            m_summary.addFailed(tr("unknown: the connection dropped before the reply"), jid);
        if (!m_unsettled.isEmpty() && m_summary.stoppedBecause.isEmpty()) {
            // Their receipts go with the rest of the run's (nothing of a run stays in Redis): the
            // jobs themselves say what became of them.
            m_summary.stoppedBecause = tr("The steps of %n job(s) may or may not have run: the connection dropped "
                                          "before their replies. Look at those jobs to see whether they were "
                                          "changed.",
                                          nullptr, int(m_unsettled.size()));
        }
        m_unreleasedOthers += m_unsettled;
        m_unsettled.clear();
        for (const QByteArray &jid : std::as_const(m_recheck))
            m_summary.addFailed(tr("unknown: done before the server restarted, not checked since"), jid);
        m_unreleasedOthers += m_recheck;
        m_recheck.clear();
        if (const qint64 jobs = groupJobsInDoubt(); jobs > 0) {
            qsizetype batches = 0;
            for (int count : std::as_const(m_groupResend))
                batches += count > 0 ? 1 : 0;
            // Their receipts go with the rest of the run's: the group itself says what is left.
            m_summary.stoppedBecause =
                tr("the last %n batch(es) (up to %1 jobs) may or may not have run: the connection dropped "
                   "before the replies. The failure group shows which jobs are still in it.",
                   nullptr, int(batches))
                    .arg(jobs);
        }
        finish();
        return;
    }
    if (first)
        emit progressed(); // "stopping after this batch"
}

BulkRunner::Trouble BulkRunner::troubleOf(const RedisError &error)
{
    using Kind = RedisError::Kind;
    if (error.isNull())
        return Trouble::None;
    // Lost, full, loading, busy, failing over: the same will work later. A failed TLS handshake
    // and a connection that gave up reconnecting wait too: for the operator's Reconnect.
    if (error.isPassing() || error.kind == Kind::TlsHandshake || error.kind == Kind::Closed)
        return Trouble::Connection;
    switch (error.kind) {
    case Kind::ReadOnlyMode:
    case Kind::WrongPassword:
    case Kind::NoPermission:
    case Kind::InvalidSettings:
    case Kind::NotMaster:   // a replica without Sentinel: every job would be refused alike
    case Kind::NotAllowed:  // the connection will not send it: nor for the next job
    case Kind::OutOfMemory: // maxmemory reached: the next write is refused alike, until raised
        return Trouble::Fatal;
    default: return Trouble::Refused;
    }
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
    m_resumeConnection = connect(m_session, &QlessSession::stateChanged, this, [go](const ConnectionState &state) {
        if (state.phase == ConnectionState::Phase::Ready)
            go();
    });
    // Already back (it reconnected before this reply was judged), or a server that is loading or
    // busy: try again shortly. If it is still down, the requests wait in the connection's queue
    // or fail, and the run pauses again.
    if (m_session->state().phase == ConnectionState::Phase::Ready)
        QTimer::singleShot(500, this, go);
}

void BulkRunner::finish()
{
    if (m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resumeConnection);
    endReceipts();
    m_summary.cancelled = m_cancelRequested;
    setPhase(Phase::Finished);
    audit(m_summary.outcome(), m_summary.text(), m_summary.done);
    emit progressed();
    emit finished(m_summary);
}

void BulkRunner::audit(const QString &outcome, const QString &message, qint64 count)
{
    AuditRecord record;
    record.action = m_action.name();
    record.arguments = m_action.arguments();
    switch (m_target.kind) {
    case BulkTarget::Kind::Jids:
        if (m_target.jids.size() <= 20) {
            QJsonArray jids;
            for (const QByteArray &jid : std::as_const(m_target.jids))
                jids.append(QString::fromUtf8(jid));
            record.arguments.insert(QStringLiteral("jids"), jids);
        }
        break;
    case BulkTarget::Kind::Source: record.arguments.insert(QStringLiteral("list"), m_target.source.description); break;
    case BulkTarget::Kind::FailureGroup: record.arguments.insert(QStringLiteral("group"), m_target.group); break;
    }
    record.arguments.insert(QStringLiteral("jobs"), m_target.count());
    record.arguments.insert(QStringLiteral("run"), m_runId);
    record.count = count;
    record.outcome = outcome;
    record.message = message;
    m_session->audit(record);
}
