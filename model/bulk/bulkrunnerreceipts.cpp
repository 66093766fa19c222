// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "qlessclient.h"
#include "qlesssession.h"

#include <QTimer>

#include <memory>

// BulkRunner's receipts (a job's steps, a group's batches): kept while a reply may still be
// asked for (or, for a batch, read by the next one), released then, and all gone when the run
// ends.

namespace {
// Deletes what a run may have left (its receipts `keys`, its record, the failure group's set of
// entries its batches kept when `group` is given) in calls of at most
// QlessWrites::ReleasePerCall keys. Answered on the session, not the runner, which may be gone by
// then; a call lost with the connection goes again once it is back (deleting is safe to repeat),
// so a run that ended while the server was away still leaves nothing once it returns.
void sendRunEnd(QlessSession *session, const QByteArray &run, QList<QByteArray> keys, const QString &group)
{
    const QList<QByteArray> chunk = keys.mid(0, QlessWrites::ReleasePerCall);
    keys.remove(0, chunk.size());
    session->client()->writes().releaseReceipts(
        run, 0, chunk, group, session, [session, run, chunk, keys, group](const QlessReply<qint64> &reply) {
            if (reply.ok()) {
                if (!keys.isEmpty())
                    sendRunEnd(session, run, keys, group);
                return;
            }
            if (!reply.error.isPassing() && reply.error.kind != RedisError::Kind::Closed)
                return; // refused for good (read-only, no permission): the receipts expire in a day
            if (session->state().phase == ConnectionState::Phase::Ready) {
                // Connected, but the server is loading or busy: again shortly.
                QTimer::singleShot(500, session, [session, run, chunk, keys, group] {
                    sendRunEnd(session, run, chunk + keys, group);
                });
                return;
            }
            auto once = std::make_shared<QMetaObject::Connection>();
            *once = QObject::connect(session, &QlessSession::stateChanged, session,
                                     [session, run, chunk, keys, group, once](const ConnectionState &state) {
                                         if (state.phase != ConnectionState::Phase::Ready)
                                             return;
                                         QObject::disconnect(*once);
                                         sendRunEnd(session, run, chunk + keys, group);
                                     });
        });
}
} // namespace

void BulkRunner::keepReceipt(const QByteArray &jid, bool done)
{
    (done ? m_unreleasedDone : m_unreleasedOthers).append(jid);
}

void BulkRunner::releaseReceipts(const std::function<void()> &then)
{
    // One release a call, numbered in order; the counted steps first, so that a release holds
    // what the restart check needs together. A release whose reply was lost goes again as it
    // was: the server may have applied it, and its number must keep meaning these steps.
    if (!m_releaseSent) {
        Release release;
        release.done = m_unreleasedDone.mid(0, QlessWrites::ReleasePerCall);
        release.others = m_unreleasedOthers.mid(0, QlessWrites::ReleasePerCall - release.done.size());
        m_releaseSent = release;
    }
    QList<QByteArray> keys;
    for (const QByteArray &jid : std::as_const(m_releaseSent->done))
        keys.append(stepKey(jid));
    for (const QByteArray &jid : std::as_const(m_releaseSent->others))
        keys.append(stepKey(jid));
    const qint64 n = m_releases.size() + 1;
    m_session->client()->writes().releaseReceipts(
        m_runId.toUtf8(), n, keys, {}, this, [this, n, then](const QlessReply<qint64> &reply) {
            switch (troubleOf(reply.error)) {
            case Trouble::None: break;
            case Trouble::Connection:
                // The steps stay unreleased: the same release goes again (applied once) when back.
                pause(reply.error, then);
                return;
            case Trouble::Fatal:
            case Trouble::Refused:
                // Going on would leave every later step's receipt behind: the run stops here.
                if (m_summary.stoppedBecause.isEmpty())
                    m_summary.stoppedBecause =
                        tr("the run's receipts could not be deleted: %1").arg(reply.error.message);
                finish();
                return;
            }
            if (reply.value < n) {
                // The server lost releases before this one: it came back from an older snapshot.
                // What it still holds is looked up before anything else is sent.
                m_restartPending = true;
                if (m_restartText.isEmpty())
                    m_restartText =
                        tr("its record of this run's releases went back from %1 to %2").arg(n - 1).arg(reply.value);
                then();
                return;
            }
            commitRelease();
            then();
        });
}

void BulkRunner::commitRelease()
{
    if (!m_releaseSent)
        return;
    m_unreleasedDone.remove(0, m_releaseSent->done.size());
    m_unreleasedOthers.remove(0, m_releaseSent->others.size());
    m_releases.append(*m_releaseSent);
    m_releaseSent.reset();
}

void BulkRunner::releaseGroupBatches()
{
    if (m_groupReleasing || !m_groupTrouble.isNull() || m_restartPending)
        return;
    // A release whose reply was lost goes again as it was (see releaseReceipts).
    if (m_groupReleaseSent.isEmpty()) {
        const QList<int> named = m_groupAfterOf.values();
        for (int index : std::as_const(m_groupUnreleased)) {
            if (!named.contains(index) && m_groupReleaseSent.size() < QlessWrites::ReleasePerCall)
                m_groupReleaseSent.append(index);
        }
    }
    if (m_groupReleaseSent.isEmpty())
        return;
    QList<QByteArray> keys;
    for (int index : std::as_const(m_groupReleaseSent))
        keys.append(groupBatchKey(index));
    const qint64 n = m_groupReleases.size() + 1;
    m_groupReleasing = true;
    m_session->client()->writes().releaseReceipts(
        m_runId.toUtf8(), n, keys, {}, this, [this, n](const QlessReply<qint64> &reply) {
            m_groupReleasing = false;
            switch (troubleOf(reply.error)) {
            case Trouble::None:
                if (reply.value < n) {
                    // The server lost releases before this one: it came back from an older snapshot.
                    m_restartPending = true;
                    if (m_restartText.isEmpty())
                        m_restartText =
                            tr("its record of this run's releases went back from %1 to %2").arg(n - 1).arg(reply.value);
                    break;
                }
                commitGroupRelease();
                break;
            case Trouble::Connection:
                // Still unreleased: the same release goes again (applied once) when the run resumes.
                if (m_groupTrouble.isNull())
                    m_groupTrouble = reply.error;
                break;
            case Trouble::Fatal:
            case Trouble::Refused:
                // Going on would leave every later batch's receipt behind: the run stops here.
                if (m_summary.stoppedBecause.isEmpty())
                    m_summary.stoppedBecause =
                        tr("the run's receipts could not be deleted: %1").arg(reply.error.message);
                break;
            }
            sendGroupBatches();
        });
}

void BulkRunner::commitGroupRelease()
{
    if (m_groupReleaseSent.isEmpty())
        return;
    for (int index : std::as_const(m_groupReleaseSent))
        m_groupUnreleased.removeOne(index);
    m_groupReleases.append(m_groupReleaseSent);
    m_groupReleaseSent.clear();
}

void BulkRunner::endReceipts()
{
    QList<QByteArray> keys;
    if (m_stepsSent) {
        // Everything that may hold a receipt: steps answered and not released, steps in flight
        // (the end goes after them on the one connection), replies lost, steps counted before a
        // restart.
        QList<QByteArray> jids = m_unreleasedDone + m_unreleasedOthers + m_unsettled + m_recheck;
        if (m_awaiting > 0)
            jids += m_inFlight;
        for (const QByteArray &jid : std::as_const(jids))
            keys.append(stepKey(jid));
    }
    if (m_groupBatchesSent) {
        // Counted and unreleased, on their way, or sent again after a lost reply.
        QList<int> batches = m_groupUnreleased + m_groupInFlight.keys() + m_groupResend.keys();
        for (int index : std::as_const(batches))
            keys.append(groupBatchKey(index));
    }
    if (!m_stepsSent && !m_groupBatchesSent)
        return;
    const QString group = m_groupBatchesSent ? m_target.group : QString();
    m_stepsSent = false;
    m_groupBatchesSent = false;
    m_unreleasedDone.clear();
    m_unreleasedOthers.clear();
    m_groupUnreleased.clear();
    sendRunEnd(m_session, m_runId.toUtf8(), keys, group);
}
