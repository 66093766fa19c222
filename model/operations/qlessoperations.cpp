// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessoperations.h"

#include "qlessclient.h"

#include <utility>

QlessOperations::QlessOperations(QlessClient *client)
    : m_client(client)
{}

double QlessOperations::now() const
{
    return m_client->now();
}

void QlessOperations::queueCounts(QObject *context, ReplyDone<QList<QueueCounts>> done)
{
    m_client->queueReads().queueCounts(context, std::move(done));
}

void QlessOperations::trackedStates(QObject *context, ReplyDone<TrackedStates> done)
{
    m_client->trackedTagReads().trackedStates(context, std::move(done));
}

void QlessOperations::job(const QByteArray &jid, QObject *context, ReplyDone<std::optional<Job>> done)
{
    m_client->jobReads().job(jid, context, std::move(done));
}

void QlessOperations::config(QObject *context, ReplyDone<QlessConfig> done)
{
    m_client->configReads().config(context, std::move(done));
}

void QlessOperations::configValue(const QString &option, QObject *context, ReplyDone<std::optional<QString>> done)
{
    m_client->configReads().configValue(option, context, std::move(done));
}

void QlessOperations::dayStats(const QString &queue, double date, QObject *context, ReplyDone<DayStats> done)
{
    m_client->statsReads().stats(queue, date, context, std::move(done));
}

void QlessOperations::pause(const QStringList &queues, QObject *context, ReplyDone<bool> done)
{
    m_client->writes().pauseQueues(queues, context, std::move(done));
}

void QlessOperations::unpause(const QStringList &queues, QObject *context, ReplyDone<bool> done)
{
    m_client->writes().unpauseQueues(queues, context, std::move(done));
}

void QlessOperations::forget(const QStringList &queues, QObject *context, ReplyDone<QStringList> done)
{
    m_client->writes().forgetQueues(queues, context, std::move(done));
}

void QlessOperations::removeDependencies(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                                         ReplyDone<bool> done)
{
    m_client->writes().dependsOff(jid, dependencies, context, std::move(done));
}

void QlessOperations::updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                                      ReplyDone<bool> done)
{
    m_client->writes().updateRecurring(jid, update, context, std::move(done));
}

void QlessOperations::stopRecurring(const QByteArray &jid, QObject *context, ReplyDone<qint64> done)
{
    m_client->writes().recurringOff(jid, context, std::move(done));
}

void QlessOperations::addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                              ReplyDone<bool> done)
{
    m_client->writes().addNote(jid, message, dataJson, context, std::move(done));
}

void QlessOperations::deregister(const QStringList &workers, QObject *context, ReplyDone<bool> done)
{
    m_client->writes().deregisterWorkers(workers, context, std::move(done));
}
