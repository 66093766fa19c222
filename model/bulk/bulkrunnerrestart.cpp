// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulkrunner.h"

#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <memory>

// BulkRunner after a server restart: what was counted before is checked against the server as
// it is now, since it may have come back from a snapshot older than some of the run.

void BulkRunner::serverRestarted(const QByteArray &previousRunId, const QByteArray &runId)
{
    if (m_phase == Phase::Ready || m_phase == Phase::Finished)
        return;
    m_run.restartPending = true;
    m_run.restartText =
        tr("run_id %1… → %2…").arg(QString::fromLatin1(previousRunId.left(8)), QString::fromLatin1(runId.left(8)));
    emit progressed();
}

void BulkRunner::readAppliedReleases(const std::function<void()> &then, const std::function<void(qint64)> &from)
{
    const QByteArray record = "ql:desk:run:" + m_run.runId.toUtf8();
    // Bound: one small key (the run's record).
    m_run.session->connection()->send(RedisCommand::read({"GET", record}), this,
                                      [this, then, from](const RedisReply &reply) {
                                          if (reply.isError()) {
                                              if (troubleOf(reply.error) == Trouble::Connection) {
                                                  m_run.restartPending =
                                                      true; // checked again once the connection is back
                                                  pause(reply.error, then);
                                                  return;
                                              }
                                              from(0);
                                              return;
                                          }
                                          from(reply.isNil() ? 0 : reply.bytes.toLongLong());
                                      });
}
