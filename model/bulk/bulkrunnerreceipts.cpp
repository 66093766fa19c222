// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "groupbatches.h"
#include "perjobsteps.h"
#include "qlessclient.h"
#include "qlesssession.h"

#include <QTimer>

#include <memory>

// BulkRunner's end: every receipt the run's strategy may have left (a job's steps, a group's
// batches), and the run's record, are deleted.

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

void BulkRunner::endReceipts()
{
    QList<QByteArray> keys;
    const bool stepsSent = m_steps && m_steps->hasReceipts();
    if (stepsSent)
        keys = m_steps->takeReceiptKeys();
    const bool groupBatchesSent = m_group && m_group->hasReceipts();
    if (groupBatchesSent)
        keys += m_group->takeReceiptKeys();
    if (!stepsSent && !groupBatchesSent)
        return;
    const QString group = groupBatchesSent ? m_run.target.group : QString();
    sendRunEnd(m_run.session, m_run.runId.toUtf8(), keys, group);
}
