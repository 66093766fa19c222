#include "bulkrunner.h"

#include "job.h"
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
        m_target = BulkTarget::ofSource(JobSource::failureGroup(session->client(), m_target.group),
                                        m_target.expected, description);
    }
    connect(session->connection(), &RedisConnection::serverRestarted, this, &BulkRunner::serverRestarted);
}

BulkRunner::~BulkRunner()
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    QObject::disconnect(m_resumeConnection);
    m_summary.cancelled = true;
    audit(QStringLiteral("cancelled"),
          tr("Interrupted: the run was closed before its end (%1). Jobs of a batch in flight may or may not "
             "have been done.").arg(m_summary.text()),
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
        collectPage();
        break;
    case BulkTarget::Kind::FailureGroup:
        setPhase(Phase::Running);
        m_clock.start();
        if (m_target.expected < 0)
            readGroupSize();
        else {
            m_summary.total = m_target.expected;
            runGroupBatch();
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
        m_unsettled.clear();
        for (const QByteArray &jid : std::as_const(m_recheck))
            m_summary.addFailed(tr("unknown: done before the server restarted, not read back since"), jid);
        m_recheck.clear();
        if (m_groupBatchInDoubt > 0) {
            m_summary.stoppedBecause =
                tr("the last batch (up to %1 jobs) may or may not have run: the connection dropped before "
                   "its reply. Redis keeps its answer for a day under ql:receipt:%2")
                    .arg(m_groupBatchInDoubt)
                    .arg(QString::fromUtf8(groupBatchKey()));
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
    case Kind::NotMaster:  // a replica without Sentinel: every job would be refused alike
    case Kind::NotAllowed: // the connection will not send it: nor for the next job
        return Trouble::Fatal;
    default:
        return Trouble::Refused;
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
    case BulkTarget::Kind::Source:
        record.arguments.insert(QStringLiteral("list"), m_target.source.description);
        break;
    case BulkTarget::Kind::FailureGroup:
        record.arguments.insert(QStringLiteral("group"), m_target.group);
        break;
    }
    record.arguments.insert(QStringLiteral("jobs"), m_target.count());
    record.arguments.insert(QStringLiteral("run"), m_runId);
    record.count = count;
    record.outcome = outcome;
    record.message = message;
    m_session->audit(record);
}


// Selections and lists ----------------------------------------------------------------------

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
            case Trouble::Connection:
                pause(reply.error, [this] { collectPage(); });
                return;
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
            if (m_target.expected >= 0 && m_jids.size() > m_target.expected)
                m_jids.resize(m_target.expected);
            startJobs();
            return;
        }
        m_collectOffset += collectPageSize;
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
    if (m_cancelRequested || !m_summary.stoppedBecause.isEmpty()) {
        finish();
        return;
    }
    QList<QByteArray> batch = m_again.mid(0, m_batchSize);
    m_again.remove(0, batch.size());
    while (batch.size() < m_batchSize && m_next < m_jids.size())
        batch.append(m_jids.at(m_next++));
    if (batch.isEmpty()) {
        finish();
        return;
    }
    m_awaiting = int(batch.size());
    for (const QByteArray &jid : std::as_const(batch))
        sendStep(jid);
}

void BulkRunner::sendStep(const QByteArray &jid)
{
    QlessClient *client = m_session->client();
    const auto onFlag = [this, jid](const QlessReply<bool> &reply) { stepAnswered(jid, reply.error, reply.value); };
    switch (m_action.kind) {
    case JobAction::Kind::Move:
        client->move(jid, m_action.queue, m_action.onlyState, this, onFlag);
        break;
    case JobAction::Kind::Retry:
        client->retry(jid, this, onFlag);
        break;
    case JobAction::Kind::Cancel:
        client->cancel({jid}, this, [this, jid](const QlessReply<QStringList> &reply) {
            stepAnswered(jid, reply.error, reply.value.contains(QString::fromUtf8(jid)));
        });
        break;
    case JobAction::Kind::Priority:
        client->setPriority(jid, m_action.priority, this, onFlag);
        break;
    case JobAction::Kind::Track:
        client->track(jid, this, onFlag);
        break;
    case JobAction::Kind::Untrack:
        client->untrack(jid, this, onFlag);
        break;
    case JobAction::Kind::Timeout:
        client->timeout(jid, this, onFlag);
        break;
    case JobAction::Kind::AddTags:
    case JobAction::Kind::RemoveTags: {
        const auto onTags = [this, jid](const QlessReply<std::optional<QStringList>> &reply) {
            stepAnswered(jid, reply.error, reply.value.has_value());
        };
        if (m_action.kind == JobAction::Kind::AddTags)
            client->addTags(jid, m_action.tags, this, onTags);
        else
            client->removeTags(jid, m_action.tags, this, onTags);
        break;
    }
    }
}

void BulkRunner::stepAnswered(const QByteArray &jid, const RedisError &error, bool applied)
{
    switch (troubleOf(error)) {
    case Trouble::None:
        if (applied)
            countDone(jid);
        else
            m_refused.append(jid);
        break;
    case Trouble::Connection:
        m_unsettled.append(jid);
        m_connectionTrouble = error;
        break;
    case Trouble::Fatal:
        // Certainly not run, and nothing later will be: the rest is not attempted.
        if (m_summary.stoppedBecause.isEmpty())
            m_summary.stoppedBecause = error.message;
        m_again.prepend(jid); // counted as not attempted
        break;
    case Trouble::Refused:
        if (m_action.kind == JobAction::Kind::Cancel && error.message.contains(QLatin1String("is a dependency of")))
            m_summary.addSkipped(hasDependentsReason(), jid);
        else
            m_summary.addFailed(error.message, jid);
        break;
    }
    if (--m_awaiting == 0)
        batchAnswered();
}

void BulkRunner::batchAnswered()
{
    emit progressed();
    if (!m_unsettled.isEmpty()) {
        // Whether those ran is unknown until the server can be asked again.
        pause(m_connectionTrouble, [this] { checkJobs(); });
        return;
    }
    if (!m_refused.isEmpty()) {
        checkJobs();
        return;
    }
    runJobBatch();
}

void BulkRunner::checkJobs()
{
    const QList<QByteArray> unsettled = m_unsettled;
    const QList<QByteArray> refused = m_refused;
    m_session->client()->multiGet(unsettled + refused, this,
                                  [this, unsettled, refused](const QlessReply<QList<std::optional<Job>>> &reply) {
        if (!reply.ok()) {
            if (troubleOf(reply.error) == Trouble::Connection) {
                pause(reply.error, [this] { checkJobs(); });
                return;
            }
            for (const QByteArray &jid : unsettled)
                m_summary.addFailed(tr("unknown: could not be checked (%1)").arg(reply.error.message), jid);
            for (const QByteArray &jid : refused)
                m_summary.addFailed(tr("refused; could not be checked (%1)").arg(reply.error.message), jid);
        } else {
            for (qsizetype i = 0; i < unsettled.size(); ++i)
                judge(unsettled.at(i), reply.value.value(i), true);
            for (qsizetype i = 0; i < refused.size(); ++i)
                judge(refused.at(i), reply.value.value(unsettled.size() + i), false);
        }
        m_unsettled.clear();
        m_refused.clear();
        emit progressed();
        runJobBatch();
    });
}

void BulkRunner::judge(const QByteArray &jid, const std::optional<Job> &job, bool unsettled)
{
    const Job *read = job ? &*job : nullptr;
    if (unsettled && m_action.isDoneFor(read)) {
        countDone(jid);
        return;
    }
    QString why = m_action.whyNotApplicable(read);
    if (!unsettled && why.isEmpty())
        why = read == nullptr || read->isMissing() ? tr("job no longer exists") : tr("refused by the server");
    if (!why.isEmpty()) {
        m_summary.addSkipped(why, jid);
        return;
    }
    m_again.append(jid); // not done, and it still applies: send it again
}
